package org.scansim.sim.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.scansim.frontend.Frontend;
import org.scansim.frontend.diag.SourceFile;
import org.scansim.frontend.ir.IrType;
import org.scansim.frontend.pp.IncludeLoader;
import org.scansim.sim.arch.Architectures;
import org.scansim.sim.check.Check;
import org.scansim.sim.result.Counters;
import org.scansim.sim.device.Limits;
import org.scansim.sim.memory.ArchMemoryModel;
import org.scansim.sim.run.Simulation;

/**
 * The loop rule ({@link StoreForwarding}), counted by hand from the PTX nvcc 13.0 emits for the
 * same loop shapes (hardware/measurements/forwarding/): T iterations, unrolled 4 times, the
 * remaining r = T mod 4 in a loop of their own.
 */
class StoreForwardingTest {
  /** One warp; thread t scans s[t*S .. t*S + S - 1] in place: a start that is not a constant. */
  private static final String SUBSECTIONS = """
      __global__ void k(float *out, const float *in, unsigned S) {
          __shared__ float s[32 * 16];
          unsigned t = threadIdx.x;
          for (unsigned j = t; j < 32 * S; j += 32) s[j] = in[j];
          __syncthreads();
          unsigned start = t * S;
          for (unsigned j = start + 1; j < start + S; ++j) {
              BODY
          }
          __syncthreads();
          for (unsigned j = t; j < 32 * S; j += 32) out[j] = s[j];
      }
      void entry(float *out, const float *in, int S) { k<<<1, 32>>>(out, in, S); }
      """;

  /** One thread, a constant start; with {@code out[0] = 0} before the loop or without. */
  private static final String SEQUENTIAL = """
      __global__ void k(float *out, const float *in, int n) {
          FIRST
          for (int j = 1; j < n; ++j) out[j] = in[j - 1] + out[j - 1];
      }
      void entry(float *out, const float *in, int n) { k<<<1, 1>>>(out, in, n); }
      """;

  private static Counters run(String source, int arg, EnumSet<Check> checks) {
    Frontend.Result r = Frontend.compile(new SourceFile("a.cu", source), Map.of(), IncludeLoader.NONE);
    assertThat(r.ok()).as(r.diagnostics().all().toString()).isTrue();
    Simulation sim = new Simulation(r.ir(), new ArchMemoryModel(Architectures.preset("hopper")), Limits.defaults());
    sim.setChecks(checks, 0, 1 << 10);
    Simulation.Buffer out = sim.allocate("out", IrType.F32, 32 * 16);
    Simulation.Buffer in = sim.allocate("in", IrType.F32, 32 * 16);
    sim.call("entry", new long[] {out.pointer(), in.pointer(), arg});
    return sim.launches().get(0).counters();
  }

  private static final List<EnumSet<Check>> CHECKS = List.of(EnumSet.noneOf(Check.class), EnumSet.of(Check.RACES, Check.BOUNDS, Check.INIT));

  @Test
  void aStartThatIsNotConstantLoadsOnEntryToTheRemainderAndToTheUnrolledLoop() {
    String scan = SUBSECTIONS.replace("BODY", "s[j] += s[j - 1];");
    // S elements a thread: T = S - 1 iterations, each loading s[j]; s[j - 1] loads at iteration
    // 0 and, when both loops run (T >= 4, r > 0), again at iteration r. The three-phase kernel's
    // S = 8 (T = 7): 7 + 1 + 1 = 9, as its SASS and the H100's counters show. Plus the S loads
    // of the copy-out loop after the scan.
    int[][] expected = {{2, 1 + 1}, {4, 3 + 1}, {5, 4 + 1}, {8, 7 + 2}, {9, 8 + 1}, {16, 15 + 2}};
    for (EnumSet<Check> checks : CHECKS) {
      for (int[] e : expected) {
        Counters c = run(scan, e[0], checks);
        assertThat(c.sharedLoadInstructions).as("S = " + e[0] + " " + checks).isEqualTo(e[1] + e[0]);
        assertThat(c.sharedStoreInstructions).as("stores, S = " + e[0]).isEqualTo(e[0] + (e[0] - 1));
      }
    }
  }

  @Test
  void aConstantStartForwardsInTheUnrolledLoopAndReloadsInTheRemainder() {
    // T = n - 1 iterations, each loading in[j - 1]. out[j - 1]: the unrolled loop (T >= 4) takes
    // it from the store before the loop, or loads it once; the r = T mod 4 iterations after it
    // load it every time; with T < 4 only the remainder loop runs.
    String stored = SEQUENTIAL.replace("FIRST", "out[0] = 0;");
    String none = SEQUENTIAL.replace("FIRST", "");
    int[][] expected = {{3, 2 + 2, 2 + 2}, {5, 4 + 0, 4 + 1}, {8, 7 + 3, 7 + 1 + 3}, {64, 63 + 3, 63 + 1 + 3}};
    for (EnumSet<Check> checks : CHECKS) {
      for (int[] e : expected) {
        assertThat(run(stored, e[0], checks).globalLoadInstructions).as("n = " + e[0] + " after out[0] = 0, " + checks).isEqualTo(e[1]);
        assertThat(run(none, e[0], checks).globalLoadInstructions).as("n = " + e[0] + ", " + checks).isEqualTo(e[2]);
      }
    }
  }

  @Test
  void theRuleLeavesLoopsItDoesNotCoverAsTheSourceReadsThem() {
    // A barrier in the loop, a second store to the array, and a load of an address two
    // iterations back: every iteration loads both.
    int s = 8;
    int plain = 2 * (s - 1) + s;
    assertThat(run(SUBSECTIONS.replace("BODY", "s[j] += s[j - 1]; __syncthreads();"), s, CHECKS.get(0)).sharedLoadInstructions)
        .as("barrier").isEqualTo(plain);
    assertThat(run(SUBSECTIONS.replace("BODY", "s[j] += s[j - 1]; s[start] = 1.0f;"), s, CHECKS.get(0)).sharedLoadInstructions)
        .as("another store to s").isEqualTo(plain);
    assertThat(run(SUBSECTIONS.replace("BODY", "if (j > start + 1) s[j] += s[j - 2];"), s, CHECKS.get(0)).sharedLoadInstructions)
        .as("two back, in a branch").isEqualTo(2 * (s - 2) + s);
  }
}
