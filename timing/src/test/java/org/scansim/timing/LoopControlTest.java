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
    // (2 instructions a trip) still issues; its control issues once in 4 trips.
    long issued = issued("for (int i = 0; i < 1000; ++i) { x = (x * 3) ^ 5; }", 0);
    assertThat(issued).isGreaterThanOrEqualTo(2000);
    assertThat(issued).isLessThan(2000 + 1000);
  }

  @Test
  void aPostIncrementIsTheSameStepAsAPreIncrement() {
    // i++ reads i into a copy, adds 1 and moves the sum back; nvcc unrolls the loop 4 times all the
    // same, so its control issues once in 4 trips, as ++i's does.
    int n = 400;
    long pre = issued("for (int i = 0; i < n; ++i) { x = (x * 3) ^ 5; }", n);
    long post = issued("for (int i = 0; i < n; i++) { x = (x * 3) ^ 5; }", n);
    assertThat(post).as("i++ against ++i").isEqualTo(pre);
  }
}
