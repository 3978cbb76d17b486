package org.scansim.timing;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.scansim.frontend.Frontend;
import org.scansim.frontend.diag.SourceFile;
import org.scansim.frontend.ir.IrType;
import org.scansim.frontend.pp.IncludeLoader;
import org.scansim.sim.arch.Architecture;
import org.scansim.sim.arch.Architectures;
import org.scansim.sim.device.Limits;
import org.scansim.sim.memory.ArchMemoryModel;
import org.scansim.sim.run.Simulation;

/** What the loop rules leave to issue, counted by hand: a loop's control, not its body, is discounted. */
class LoopControlTest {
  static final Architecture HOPPER = Architectures.preset("hopper");

  private static long issued(String body, int n) {
    String source = """
        __global__ void k(float *out, int n) {
            int x = threadIdx.x;
            BODY
            out[threadIdx.x] = (float) x;
        }
        void entry(float *out, int n) { k<<<1, 32>>>(out, n); }
        """.replace("BODY", body);
    Frontend.Result r = Frontend.compile(new SourceFile("a.cu", source), Map.of(), IncludeLoader.NONE);
    assertThat(r.ok()).as(r.diagnostics().all().toString()).isTrue();
    Simulation sim = new Simulation(r.ir(), new ArchMemoryModel(HOPPER), Limits.defaults());
    TimingObserver timing = new TimingObserver(HOPPER, TimingParameters.of("hopper").orElseThrow(), r.ir());
    sim.setObserver(timing);
    Simulation.Buffer out = sim.allocate("out", IrType.F32, 32);
    sim.call("entry", new long[] {out.pointer(), n});
    timing.finish();
    return timing.launches().get(0).issued();
  }

  @Test
  void aWhileLoopsBodyIssuesLikeAForLoopsBody() {
    // x = x * 3 ^ 5 (two integer instructions a trip) for n trips: the for loop's and the while
    // loop's bodies issue the same; only the control (compare, branch, step) differs a little.
    int n = 400;
    long forLoop = issued("for (int i = 0; i < n; ++i) { x = (x * 3) ^ 5; }", n);
    long whileLoop = issued("int i = 0; while (i < n) { x = (x * 3) ^ 5; ++i; }", n);
    assertThat(forLoop).as("at least the body's 2 instructions a trip").isGreaterThanOrEqualTo(2L * n);
    assertThat(whileLoop).as("at least the body's 2 instructions a trip").isGreaterThanOrEqualTo(2L * n);
    assertThat((double) whileLoop / forLoop).isBetween(0.8, 1.25);
  }

  @Test
  void aLongConstantLoopIsNotTakenForFullyUnrolled() {
    // for (i = 0; i < 1000; ++i): a constant trip count too long to unroll completely. Its body
    // (2 instructions a trip) still issues; its control issues once in 16 trips (a small straight
    // body, which ptxas unrolls 4 times more than NVVM's 4).
    long issued = issued("for (int i = 0; i < 1000; ++i) { x = (x * 3) ^ 5; }", 0);
    assertThat(issued).isGreaterThanOrEqualTo(2000);
    assertThat(issued).isLessThan(2000 + 1000);
  }

  @Test
  void aPostIncrementIsTheSameStepAsAPreIncrement() {
    // i++ reads i into a copy, adds 1 and moves the sum back; nvcc unrolls the loop 4 times all the
    // same, so its control issues once in 16 trips, as ++i's does.
    int n = 400;
    long pre = issued("for (int i = 0; i < n; ++i) { x = (x * 3) ^ 5; }", n);
    long post = issued("for (int i = 0; i < n; i++) { x = (x * 3) ^ 5; }", n);
    assertThat(post).as("i++ against ++i").isEqualTo(pre);
  }

  /** The mode of the loop whose exit test is on source line {@code line} of {@code kernel} (a kernel k over float *in, *out). */
  private static LoopControl.Mode mode(String kernel, int line) {
    String source = kernel + "\nvoid entry(const float *in, float *out, int n) { k<<<1, 32>>>(in, out, n, 1); }\n";
    Frontend.Result r = Frontend.compile(new SourceFile("a.cu", source), Map.of(), IncludeLoader.NONE);
    assertThat(r.ok()).as(r.diagnostics().all().toString()).isTrue();
    LoopControl loops = new LoopControl(r.ir());
    for (org.scansim.frontend.ir.IrFunction f : r.ir().functions()) {
      for (org.scansim.frontend.ir.Block b : f.blocks()) {
        org.scansim.frontend.ir.Insn t = b.terminator();
        if (t != null && t.op() == org.scansim.frontend.ir.Op.CBR && t.span().line() == line && loops.id(t) >= 0) {
          return loops.mode(loops.id(t));
        }
      }
    }
    return null;
  }

  @Test
  void ptxasUnrollsASmallStraightLoop16TimesButNotOneWithAShiftedOrMaskedAddress() {
    // The SASS of hardware/measurements/2026-11-29-sass-memory-lines: addSums-like loops hold 29
    // loads a line (16, 8, 4 and 1 copies), shared_conflicts.cu's masked index and reduce_then_scan's
    // padded one 5 (NVVM's 4 and 1).
    String sum = """
        __global__ void k(const float *in, float *out, int n, int flag) {
            float s = 0.0f;
            for (int i = 0; i < n; ++i) {
                s += in[i];
            }
            out[0] = s;
        }""";
    assertThat(mode(sum, 3)).isEqualTo(LoopControl.Mode.RUNTIME_SMALL);
    assertThat(mode(sum.replace("in[i]", "in[(threadIdx.x * 3 + i) & 1023]"), 3)).isEqualTo(LoopControl.Mode.RUNTIME);
    assertThat(mode(sum.replace("in[i]", "in[i + (i >> 5)]"), 3)).isEqualTo(LoopControl.Mode.RUNTIME);
    // A chain's address comes from the load before, not from i: still 16 copies (l1_chain.cu: 29).
    assertThat(mode(sum.replace("s += in[i];", "s = in[(int) s & 255];"), 3)).isEqualTo(LoopControl.Mode.RUNTIME_SMALL);
    // A barrier in the body: not a straight block.
    assertThat(mode(sum.replace("s += in[i];", "s += in[i]; __syncthreads();"), 3)).isEqualTo(LoopControl.Mode.RUNTIME);
    // A select (nvcc's SEL, IMNMX) is no branch, and an if on a kernel argument nvcc unswitches.
    assertThat(mode(sum.replace("s += in[i];", "s = s > in[i] ? s : in[i];"), 3)).isEqualTo(LoopControl.Mode.RUNTIME_SMALL);
    assertThat(mode(sum.replace("s += in[i];", "s = flag ? s + in[i] : s - in[i];"), 3)).isEqualTo(LoopControl.Mode.RUNTIME_SMALL);
    // b < blockIdx.x compares an unsigned copy of b: still b's loop (file_io.cu's addTotals: 29).
    assertThat(mode(sum.replace("int i = 0; i < n;", "int i = 0; i < blockIdx.x;"), 3)).isEqualTo(LoopControl.Mode.RUNTIME_SMALL);
  }

  @Test
  void enteringALoopStartsItsCopiesAgain() {
    // The inner loop of a nest: the branch into it from the outer loop's body is its entry.
    String nest = """
        __global__ void k(const float *in, float *out, int n, int flag) {
            float v = 0.0f;
            for (int i = 0; i < n; ++i) {
                float s = 0.0f;
                for (int j = 0; j <= i; ++j) {
                    s += in[j];
                }
                v = s;
            }
            out[0] = v;
        }
        void entry(const float *in, float *out, int n) { k<<<1, 32>>>(in, out, n, 1); }
        """;
    Frontend.Result r = Frontend.compile(new SourceFile("a.cu", nest), Map.of(), IncludeLoader.NONE);
    assertThat(r.ok()).as(r.diagnostics().all().toString()).isTrue();
    LoopControl loops = new LoopControl(r.ir());
    java.util.Set<Integer> headers = new java.util.TreeSet<>();
    java.util.List<Integer> entered = new java.util.ArrayList<>();
    for (org.scansim.frontend.ir.IrFunction f : r.ir().functions()) {
      for (org.scansim.frontend.ir.Block b : f.blocks()) {
        for (org.scansim.frontend.ir.Insn in : b.insns()) {
          if (in.op() == org.scansim.frontend.ir.Op.CBR && loops.loopOf(in) >= 0) {
            headers.add(loops.loopOf(in));
          }
          if (loops.entered(in) >= 0) {
            entered.add(loops.entered(in));
          }
        }
      }
    }
    assertThat(headers).as("both loops unrolled at run time").hasSize(2);
    assertThat(entered).as("one entry each, into each loop").containsExactlyInAnyOrderElementsOf(headers);
  }
}
