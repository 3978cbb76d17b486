package org.scansim.sim.run;

import org.scansim.sim.result.Counters;
import org.scansim.sim.result.Fault;
import org.scansim.sim.device.Limits;
import org.scansim.sim.run.Simulation;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.scansim.frontend.Frontend;
import org.scansim.frontend.diag.SourceFile;
import org.scansim.frontend.ir.IrType;
import org.scansim.frontend.pp.IncludeLoader;

/**
 * The chunks a launch's independent blocks run in ({@code ChunkedBlocks.chunkSize}): their size depends
 * on the grid alone, so a large grid's budget runs out at the same block on any thread count.
 */
class ChunkTest {

  /** 10,000 blocks of one warp, each running the same instructions. */
  private static final String SOURCE = """
      __global__ void k(const float *in, float *out, int n) {
        float s = 0;
        for (int i = 0; i < 8; i++) s += in[threadIdx.x];
        out[blockIdx.x * 32 + threadIdx.x] = s;
      }
      void entry(const float *in, float *out, int n) { k<<<10000, 32>>>(in, out, n); }
      """;

  private static final int BLOCKS = 10_000;

  private static Simulation simulation(int threads, long budget) {
    Frontend.Result r = Frontend.compile(new SourceFile("t.cu", SOURCE), Map.of(), IncludeLoader.NONE);
    assertThat(r.ok()).as(r.diagnostics().all().toString()).isTrue();
    Simulation sim = new Simulation(r.ir(), new NoBanks(), new Limits("hopper", 1024, 49152, budget, 1 << 24));
    sim.setThreads(threads);
    return sim;
  }

  private static Simulation.Buffer[] buffers(Simulation sim) {
    Simulation.Buffer in = sim.allocate("in", IrType.F32, 32);
    for (int i = 0; i < 32; i++) {
      in.setInput(i, i);
    }
    return new Simulation.Buffer[] {in, sim.allocate("out", IrType.F32, BLOCKS * 32)};
  }

  private static void call(Simulation sim, Simulation.Buffer[] b) {
    sim.call("entry", new long[] {b[0].pointer(), b[1].pointer(), 32});
  }

  /** Warp instructions one block runs, from a run with budget to spare. */
  private static long perBlock() {
    Simulation sim = simulation(1, 2_000_000_000L);
    call(sim, buffers(sim));
    long total = sim.launches().get(0).counters().warpInstructions;
    assertThat(total % BLOCKS).isZero();
    return total / BLOCKS;
  }

  /**
   * A budget of 3,000 blocks' instructions, in chunks of 625 blocks that each start from the
   * budget left before them: chunk 4 (blocks 2500..3124) starts with 500 blocks' worth and every
   * block of it finishes; chunk 5 starts with none left, so its first block, 3125, is the one
   * reported (chunks of 64 blocks would have named block 3008).
   */
  @ParameterizedTest
  @ValueSource(ints = {1, 2, 3})
  void aLargeGridsBudgetRunsOutAtTheSameBlockOnAnyThreadCount(int threads) {
    long x = perBlock();
    Simulation sim = simulation(threads, 3000 * x);
    Simulation.Buffer[] b = buffers(sim);
    assertThatThrownBy(() -> call(sim, b))
        .isInstanceOf(Fault.class)
        .hasMessageContaining("instruction budget")
        .hasMessageContaining("block (3125,0,0)");
  }

  @Test
  void aLargeGridGivesTheSameCountersAndOutputOnOneAndTwoThreads() {
    double[] expected = new double[BLOCKS * 32];
    for (int i = 0; i < expected.length; i++) {
      expected[i] = 8.0 * (i % 32); // out[i] = 8 * in[i % 32], in[t] = t
    }
    String[] counters = new String[2];
    for (int threads = 1; threads <= 2; threads++) {
      Simulation sim = simulation(threads, 2_000_000_000L);
      Simulation.Buffer[] b = buffers(sim);
      call(sim, b);
      Counters c = sim.launches().get(0).counters();
      counters[threads - 1] = c.warpInstructions + " " + c.threadInstructions + " " + c.globalLoadSectors + " "
          + c.globalStoreSectors;
      assertThat(b[1].values(expected.length)).as("out on %d threads", threads).isEqualTo(expected);
    }
    assertThat(counters[1]).isEqualTo(counters[0]);
  }
}
