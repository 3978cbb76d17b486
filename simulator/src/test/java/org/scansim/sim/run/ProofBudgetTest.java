package org.scansim.sim.run;

import org.scansim.sim.result.Fault;
import org.scansim.sim.device.Limits;
import org.scansim.sim.sched.OrderDependence;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.EnumSet;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.scansim.frontend.Frontend;
import org.scansim.frontend.diag.SourceFile;
import org.scansim.frontend.ir.IrType;
import org.scansim.frontend.pp.IncludeLoader;
import org.scansim.sim.check.Check;
import org.scansim.sim.check.ScanProof;

/**
 * The scan proof's ⊕ graph: it grows past the room it starts with, and stops at its node budget
 * with a fault that names the budget.
 */
class ProofBudgetTest {

  /**
   * Hillis and Steele's scan of each block's B elements, double-buffered: B log2 B - (B - 1)
   * ⊕ per block, more than the room for about 4n nodes the graph starts with.
   */
  private static final String SOURCE = """
      #define B 1024
      __global__ void naive(const float *in, float *out, int n) {
        __shared__ float buf[2 * B];
        int t = threadIdx.x;
        int g = blockIdx.x * B + t;
        int p = 0;
        buf[t] = in[g];
        __syncthreads();
        for (int off = 1; off < B; off *= 2) {
          float v = buf[p * B + t];
          if (t >= off) v = buf[p * B + t - off] + v;
          buf[(1 - p) * B + t] = v;
          p = 1 - p;
          __syncthreads();
        }
        out[g] = buf[p * B + t];
      }
      void entry(const float *in, float *out, int n) { naive<<<n / B, B>>>(in, out, n); }
      """;

  private static final int B = 1024;
  /** ⊕ in one block: at level 2^j, every element but the first 2^j adds one. */
  private static final int PER_BLOCK = B * 10 - (B - 1);

  private static Simulation simulation(int n, int threads, int maxNodes) {
    Frontend.Result r = Frontend.compile(new SourceFile("t.cu", SOURCE), Map.of(), IncludeLoader.NONE);
    assertThat(r.ok()).as(r.diagnostics().all().toString()).isTrue();
    Simulation sim = new Simulation(r.ir(), new NoBanks(), new Limits("hopper", 1024, 49152, 2_000_000_000L, 1 << 24));
    sim.setThreads(threads);
    sim.setChecks(EnumSet.of(Check.PROOF), n, maxNodes);
    return sim;
  }

  private static Simulation.Buffer run(Simulation sim, int n) {
    Simulation.Buffer in = sim.allocate("in", IrType.F32, n);
    for (int i = 0; i < n; i++) {
      in.setInput(i, i % 7);
    }
    Simulation.Buffer out = sim.allocate("out", IrType.F32, n);
    sim.call("entry", new long[] {in.pointer(), out.pointer(), n});
    return out;
  }

  @Test
  void aGraphLargerThanItsFirstRoomIsProvedWithEveryNodeCounted() {
    Simulation sim = simulation(B, 1, 1 << 20);
    ScanProof p = sim.proof(run(sim, B), true, false, 0);
    assertThat(p.failures()).isEmpty();
    assertThat(p.proved()).isTrue();
    assertThat(p.work()).isEqualTo(PER_BLOCK);
    assertThat(p.depth()).isEqualTo(10);
  }

  @Test
  void theNodeBudgetStopsTheRunWithAFaultThatNamesIt() {
    // Eight blocks need 8 * 1024 inputs and 8 * 9217 ⊕: the budget runs out in block 3 (the fourth).
    int n = 8 * B;
    int budget = n + 3 * PER_BLOCK + 100;
    Simulation sim = simulation(n, 1, budget);
    assertThatThrownBy(() -> run(sim, n))
        .isInstanceOf(Fault.class)
        .hasMessageStartingWith("the scan proof needs more than " + budget + " nodes of the ⊕ graph (it keeps at most 16n, and at"
            + " least 2^23); warp 3 of block (3,0,0) (threads 96..127) was applying ⊕ at t.cu:11:23")
        .satisfies(e -> assertThat(((Fault) e).span().position()).isEqualTo("t.cu:11:23"));
  }

  /** On several threads the block that does not fit is found when the chunk's blocks are merged; the caller repeats the run on one thread (above). */
  @ParameterizedTest
  @ValueSource(ints = {2, 3})
  void onSeveralThreadsTheBlockPastTheBudgetAsksForTheOneThreadRun(int threads) {
    int n = 8 * B;
    Simulation sim = simulation(n, threads, n + 3 * PER_BLOCK + 100);
    assertThatThrownBy(() -> run(sim, n))
        .isInstanceOf(OrderDependence.class)
        .hasMessageStartingWith("block 3 of naive ");
  }

  @Test
  void aBudgetThatFitsTheGraphExactlyIsEnough() {
    int n = 2 * B;
    Simulation sim = simulation(n, 2, n + 2 * PER_BLOCK);
    ScanProof p = sim.proof(run(sim, n), true, false, 0);
    assertThat(p.work()).isEqualTo(2 * PER_BLOCK);
    // Each block scans its own section only: the second block's outputs miss x0..x1023.
    assertThat(p.proved()).isFalse();
    assertThat(p.wrongOutputs()).isEqualTo(B);
  }
}
