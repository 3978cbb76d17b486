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
    TimingObserver timing = new TimingObserver(HOPPER, TimingPresets.ofPreset("hopper", null).orElseThrow(), r.ir());
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
    assertThat(issued).as("the control's 3 instructions once in 16 trips, not 4").isLessThan(2000 + 400);
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
    assertThat(mode(sum.replace("s += in[i];", "int j = i + n; s += in[j + (j >> 5)];"), 3)).as("the shift through a copy")
        .isEqualTo(LoopControl.Mode.RUNTIME);
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

  /** The SM cycles of launch {@code launch} of {@code source} (its entry(in, out, n) runs it on ints), with the H200's parameters. */
  private static long cycles(String source, int launch, int n) {
    return cycles(source, launch, n, IrType.I32);
  }

  private static long cycles(String source, int launch, int n, IrType element) {
    Frontend.Result r = Frontend.compile(new SourceFile("a.cu", source), Map.of(), IncludeLoader.NONE);
    assertThat(r.ok()).as(r.diagnostics().all().toString()).isTrue();
    Simulation sim = new Simulation(r.ir(), new ArchMemoryModel(HOPPER), Limits.defaults());
    TimingObserver timing = new TimingObserver(HOPPER, TimingPresets.ofPreset("hopper", "h200").orElseThrow(), r.ir());
    sim.setObserver(timing);
    Simulation.Buffer in = sim.allocate("in", element, n + 1);
    Simulation.Buffer out = sim.allocate("out", element, 32);
    sim.call("entry", new long[] {in.pointer(), out.pointer(), n});
    timing.finish();
    assertThat(timing.launches()).hasSizeGreaterThan(launch);
    return timing.launches().get(launch).smCycles();
  }

  @Test
  void aSelectLoopsLoadsRunAsFarAheadAsASumLoops() {
    // virtual_scans.cu's addTotals: one loop on a kernel argument, nvcc unswitching it into a sum
    // loop and a max loop (IMNMX), each with its 16 loads issued together. On the H200 the two took
    // 14,229 and 13,467 cycles at 65,536 elements. The model once kept the max loop's loads about 6
    // copies ahead of their uses (renaming registers ran out), and took 63% longer over it.
    String source = """
        __global__ void k(int *out, const int *sums, int n, int useMax) {
            int before = sums[0];
            for (int b = 1; b < n; b++) before = useMax ? (before > sums[b] ? before : sums[b]) : before + sums[b];
            out[threadIdx.x] = before;
        }
        void entry(const int *in, int *out, int n) { k<<<1, 32>>>(out, in, n, 0); k<<<1, 32>>>(out, in, n, 1); }
        """;
    long sum = cycles(source, 0, 4096);
    long max = cycles(source, 1, 4096);
    assertThat((double) max / sum).as("max loop " + max + " against sum loop " + sum).isBetween(0.9, 1.1);
  }

  @Test
  void aWhileLoopWithAContinueIsOneLoopAndTimesWithoutFault() {
    // Two back edges to one header: one loop to its last latch, its continue no select; and a loop
    // whose control all folds away still leaves the next loop's counters in place.
    String source = """
        __global__ void k(const float *in, float *out, int n, int flag) {
            float s = 0.0f;
            int i = 0;
            while (i < n) {
                if (in[i] < 0.0f) { i = i + 1; continue; }
                s += in[i + 1];
                i = i + 1;
            }
            for (int j = 0; j < n; ++j) {
                s += in[j];
            }
            out[0] = s;
        }""";
    assertThat(mode(source, 4)).as("the while loop, judged to its last latch").isNotEqualTo(LoopControl.Mode.RUNTIME_SMALL);
    long cycles = cycles(source + "\nvoid entry(const float *in, float *out, int n) { k<<<1, 32>>>(in, out, n, 1); }\n", 0, 63, IrType.F32);
    assertThat(cycles).as("timed (the observer once failed to build)").isPositive();
  }
}
