package org.scansim.sim.run;

import org.scansim.sim.result.Fault;
import org.scansim.sim.device.Limits;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.scansim.frontend.Frontend;
import org.scansim.frontend.diag.SourceFile;
import org.scansim.frontend.ir.IrType;
import org.scansim.frontend.pp.IncludeLoader;

/** Divergence, loops with per-lane trip counts, early return, barriers and faults, end to end. */
class ExecutionTest {

  /** Runs {@code entry(in, out, n)} of the source over in[i] = i and returns out. */
  static double[] run(String source, int n, Simulation[] keep) {
    Frontend.Result r = Frontend.compile(new SourceFile("t.cu", source), Map.of(), IncludeLoader.NONE);
    assertThat(r.ok()).as(r.diagnostics().all().toString()).isTrue();
    Simulation sim = new Simulation(r.ir(), new NoBanks(), Limits.defaults());
    Simulation.Buffer in = sim.allocate("in", IrType.F32, n);
    Simulation.Buffer out = sim.allocate("out", IrType.F32, n);
    for (int i = 0; i < n; i++) {
      in.setInput(i, i);
    }
    if (keep != null) {
      keep[0] = sim;
    }
    sim.call("entry", new long[] {in.pointer(), out.pointer(), n});
    double[] o = new double[n];
    for (int i = 0; i < n; i++) {
      o[i] = out.get(i);
    }
    return o;
  }

  private static String kernel(String body, int threads) {
    return "__global__ void k(const float *in, float *out, int n) {\n  int t = threadIdx.x;\n" + body + "\n}\n"
        + "void entry(const float *in, float *out, int n) { k<<<1, " + threads + ">>>(in, out, n); }\n";
  }

  @Test
  void nestedDivergenceReconverges() {
    double[] o = run(kernel("  float v;\n  if (t % 2) { if (t % 3 == 0) v = 3; else v = 1; } else v = 2;\n  out[t] = v + 10;", 32), 32, null);
    for (int t = 0; t < 32; t++) {
      assertThat(o[t]).isEqualTo((t % 2 == 1 ? (t % 3 == 0 ? 3 : 1) : 2) + 10);
    }
  }

  @Test
  void loopsWithPerLaneTripCountsBreakAndContinue() {
    String body = "  int s = 0;\n  for (int i = 0; i < t; i++) {\n    if (i == 20) break;\n    if (i % 2) continue;\n    s += i;\n  }\n  out[t] = s;";
    double[] o = run(kernel(body, 64), 64, null);
    for (int t = 0; t < 64; t++) {
      int s = 0;
      for (int i = 0; i < t; i++) {
        if (i == 20) {
          break;
        }
        if (i % 2 == 1) {
          continue;
        }
        s += i;
      }
      assertThat(o[t]).as("thread %d", t).isEqualTo(s);
    }
  }

  @Test
  void earlyReturnLeavesOtherLanesRunning() {
    double[] o = run(kernel("  out[t] = -1;\n  if (t >= 5) return;\n  out[t] = in[t] * 2;", 32), 32, null);
    for (int t = 0; t < 32; t++) {
      assertThat(o[t]).isEqualTo(t < 5 ? 2.0 * t : -1);
    }
  }

  @Test
  void barrierOrdersSharedMemoryBetweenWarps() {
    String body = "  __shared__ float s[128];\n  s[t] = in[t];\n  __syncthreads();\n  out[t] = s[127 - t];";
    double[] o = run(kernel(body, 128), 128, null);
    for (int t = 0; t < 128; t++) {
      assertThat(o[t]).isEqualTo(127 - t);
    }
  }

  @Test
  void barrierInsideADivergentBranchIsReportedWithTheThreads() {
    String body = "  if (t < 16) __syncthreads();\n  out[t] = 0;";
    assertThatThrownBy(() -> run(kernel(body, 32), 32, null))
        .isInstanceOf(Fault.class)
        .hasMessageContaining("threads 0..15 wait, threads 16..31 took another path")
        .satisfies(f -> assertThat(((Fault) f).span().line()).isEqualTo(3));
  }

  @Test
  void warpsAtDifferentBarriersAreReported() {
    String body = "  if (t < 32) { __syncthreads(); } else { __syncthreads(); }\n  out[t] = 0;";
    assertThatThrownBy(() -> run(kernel(body, 64), 64, null))
        .isInstanceOf(Fault.class)
        .hasMessageContaining("wait at different __syncthreads()")
        .hasMessageContaining("threads 0..31 wait at t.cu:3:17")
        .hasMessageContaining("threads 32..63 wait at t.cu:3:43");
  }

  @Test
  void indexOnePastASharedArrayIsOutOfBounds() {
    String body = "  __shared__ float a[32];\n  __shared__ float b[32];\n  a[t + 1] = 1;\n  out[t] = b[0];";
    assertThatThrownBy(() -> run(kernel(body, 32), 32, null))
        .isInstanceOf(Fault.class)
        .hasMessageContaining("index 32 of 'a' (32 elements of 4 bytes) by thread (31,0,0) of block (0,0,0)")
        .satisfies(f -> assertThat(((Fault) f).span().line()).isEqualTo(5));
  }

  @Test
  void runawayLoopEndsWithAFaultNamingTheThreads() {
    Frontend.Result r = Frontend.compile(new SourceFile("t.cu", kernel("  while (t < 100) { }\n  out[t] = 0;", 32)), Map.of(), IncludeLoader.NONE);
    Simulation sim = new Simulation(r.ir(), new NoBanks(), new Limits("hopper", 1024, 49152, 100_000, 1 << 20));
    Simulation.Buffer in = sim.allocate("in", IrType.F32, 32);
    Simulation.Buffer out = sim.allocate("out", IrType.F32, 32);
    assertThatThrownBy(() -> sim.call("entry", new long[] {in.pointer(), out.pointer(), 32}))
        .isInstanceOf(Fault.class)
        .hasMessageContaining("instruction budget")
        .hasMessageContaining("threads 0..31")
        .hasMessageContaining("t.cu:3:");
  }

  @Test
  void launchLimitsAreEnforced() {
    assertThatThrownBy(() -> run(kernel("  out[t] = 0;", 2048), 32, null))
        .isInstanceOf(Fault.class)
        .hasMessage("launch of k with blocks of 2048x1x1 threads: blockDim.x may be at most 1024 on hopper"
            + " (cudaErrorInvalidConfiguration)");
  }

  @Test
  void workCountsOnlyOperationsOnInputValues() {
    Simulation[] sim = new Simulation[1];
    // One add per thread on input values; the index arithmetic (t + 1, t * 2) is not work.
    run(kernel("  int j = (t + 1) * 2;\n  out[t] = in[t] + in[j % 32];", 32), 32, sim);
    assertThat(sim[0].launches().get(0).counters().work).isEqualTo(32);
  }

  @Test
  void shuffleUpScanWithinAWarp() {
    String body = "  float v = in[t];\n  for (int d = 1; d < 32; d *= 2) {\n    float u = __shfl_up_sync(0xffffffff, v, d);\n"
        + "    if ((t & 31) >= d) v += u;\n  }\n  out[t] = v;";
    double[] o = run(kernel(body, 64), 64, null);
    for (int t = 0; t < 64; t++) {
      int base = t & ~31;
      double s = 0;
      for (int i = base; i <= t; i++) {
        s += i;
      }
      assertThat(o[t]).isEqualTo(s);
    }
  }

  /** Lane 1 waits for a flag that lane 0, on the other path of the same warp, sets. */
  private static final String INTRA_WARP_SPIN = kernel(
      "  __shared__ volatile int flag;\n  if (t == 0) flag = 0;\n  __syncthreads();\n"
          + "  if (t == 1) {\n    while (flag == 0) { }\n    out[t] = 1;\n  } else {\n    if (t == 0) flag = 1;\n    out[t] = 2;\n  }", 32);

  @Test
  void independentThreadSchedulingLetsAPathWaitForItsSibling() {
    Frontend.Result r = Frontend.compile(new SourceFile("t.cu", INTRA_WARP_SPIN), Map.of(), IncludeLoader.NONE);
    Simulation sim = new Simulation(r.ir(), new NoBanks(), new Limits("volta", 1024, 49152, 1_000_000, 1 << 20, true));
    Simulation.Buffer in = sim.allocate("in", IrType.F32, 32);
    Simulation.Buffer out = sim.allocate("out", IrType.F32, 32);
    sim.call("entry", new long[] {in.pointer(), out.pointer(), 32});
    assertThat(out.get(1)).isEqualTo(1);
    assertThat(out.get(0)).isEqualTo(2);
  }

  @Test
  void lockStepWarpsDeadlockOnTheSameSpinAsPreVoltaHardware() {
    Frontend.Result r = Frontend.compile(new SourceFile("t.cu", INTRA_WARP_SPIN), Map.of(), IncludeLoader.NONE);
    Simulation sim = new Simulation(r.ir(), new NoBanks(), new Limits("kepler", 1024, 49152, 100_000, 1 << 20, false));
    Simulation.Buffer in = sim.allocate("in", IrType.F32, 32);
    Simulation.Buffer out = sim.allocate("out", IrType.F32, 32);
    assertThatThrownBy(() -> sim.call("entry", new long[] {in.pointer(), out.pointer(), 32}))
        .isInstanceOf(Fault.class)
        .hasMessageContaining("instruction budget")
        .hasMessageContaining("(threads 1)");
  }

  /** The reading side comes first (the branch's taken path) and must wait for the writing side. */
  private static final String SYNCWARP_HANDOFF = """
      __global__ void k(const float *in, float *out, int n) {
        __shared__ float s[32];
        int t = threadIdx.x;
        if (t >= 16) {
          __syncwarp();
          out[t] = s[t - 16];
        } else {
          s[t] = in[t] * 2;
          __syncwarp();
          out[t] = 0;
        }
      }
      void entry(const float *in, float *out, int n) { k<<<1, 32>>>(in, out, n); }
      """;

  private static Simulation sim(String source, boolean its) {
    Frontend.Result r = Frontend.compile(new SourceFile("t.cu", source), Map.of(), IncludeLoader.NONE);
    assertThat(r.ok()).as(r.diagnostics().all().toString()).isTrue();
    return new Simulation(r.ir(), new NoBanks(), new Limits(its ? "volta" : "kepler", 1024, 49152, 1_000_000, 1 << 20, its));
  }

  @Test
  void syncwarpMakesADivergedPathWaitForItsSiblingUnderIndependentScheduling() {
    Simulation sim = sim(SYNCWARP_HANDOFF, true);
    Simulation.Buffer in = sim.allocate("in", IrType.F32, 32);
    Simulation.Buffer out = sim.allocate("out", IrType.F32, 32);
    for (int i = 0; i < 32; i++) {
      in.setInput(i, i);
    }
    sim.call("entry", new long[] {in.pointer(), out.pointer(), 32});
    for (int t = 0; t < 32; t++) {
      assertThat(out.get(t)).as("out[%d]", t).isEqualTo(t >= 16 ? 2.0 * (t - 16) : 0);
    }
    // Each side's __syncwarp counts once, however long it waited: the lock-step run of the
    // same kernel with the two paths' order not mattering executes the same instructions.
    Simulation ordered = sim(SYNCWARP_HANDOFF.replace("__syncwarp();", ""), true);
    Simulation.Buffer in2 = ordered.allocate("in", IrType.F32, 32);
    Simulation.Buffer out2 = ordered.allocate("out", IrType.F32, 32);
    ordered.call("entry", new long[] {in2.pointer(), out2.pointer(), 32});
    assertThat(sim.launches().get(0).counters().warpInstructions)
        .isEqualTo(ordered.launches().get(0).counters().warpInstructions + 2);
  }

  @Test
  void syncwarpOnDivergedPathsIsReportedBeforeVolta() {
    Simulation sim = sim(SYNCWARP_HANDOFF, false);
    Simulation.Buffer in = sim.allocate("in", IrType.F32, 32);
    Simulation.Buffer out = sim.allocate("out", IrType.F32, 32);
    assertThatThrownBy(() -> sim.call("entry", new long[] {in.pointer(), out.pointer(), 32}))
        .isInstanceOf(Fault.class)
        .hasMessageContaining("__syncwarp(0xffffffff)")
        .hasMessageContaining("reached by threads 16..31")
        .hasMessageContaining("threads 0..15 named in its mask are on another path");
  }

  @Test
  void syncwarpThatPartOfTheMaskNeverReachesIsReported() {
    String src = """
        __global__ void k(const float *in, float *out, int n) {
          int t = threadIdx.x;
          if (t < 16) {
            __syncwarp();
          }
          out[t] = 1;
        }
        void entry(const float *in, float *out, int n) { k<<<1, 32>>>(in, out, n); }
        """;
    Simulation sim = sim(src, true);
    Simulation.Buffer in = sim.allocate("in", IrType.F32, 32);
    Simulation.Buffer out = sim.allocate("out", IrType.F32, 32);
    assertThatThrownBy(() -> sim.call("entry", new long[] {in.pointer(), out.pointer(), 32}))
        .isInstanceOf(Fault.class)
        .hasMessageContaining("threads 0..15 wait there for threads 16..31")
        .satisfies(e -> assertThat(((Fault) e).span().line()).isEqualTo(4));
  }

  @Test
  void syncwarpWithAMaskOfTheLanesPresentPassesOnEveryArchitecture() {
    String src = """
        __global__ void k(const float *in, float *out, int n) {
          int t = threadIdx.x;
          out[t] = 0;
          if (t < 16) {
            __syncwarp(0xffff);
            out[t] = 1;
          }
          if (t < 40) return;
          __syncwarp();
          out[t] = 2;
        }
        void entry(const float *in, float *out, int n) { k<<<1, 64>>>(in, out, n); }
        """;
    for (boolean its : new boolean[] {false, true}) {
      Simulation sim = sim(src, its);
      Simulation.Buffer in = sim.allocate("in", IrType.F32, 64);
      Simulation.Buffer out = sim.allocate("out", IrType.F32, 64);
      sim.call("entry", new long[] {in.pointer(), out.pointer(), 64});
      for (int t = 0; t < 64; t++) {
        assertThat(out.get(t)).as("its=%s out[%d]", its, t).isEqualTo(t < 16 ? 1 : t >= 40 ? 2 : 0);
      }
    }
  }
}
