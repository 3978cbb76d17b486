package org.scansim.sim.run;

import org.scansim.sim.result.Kind;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.scansim.frontend.Frontend;
import org.scansim.sim.arch.Architectures;

/**
 * Blocks that communicate run under a residency limit in a dispatch order the seed may shuffle:
 * PMPP's chained scan with blockIdx.x as its position deadlocks when the resident blocks all wait
 * for one that is not resident; with the dynamic block index it never does.
 */
class ResidencyTest {
  private static ScanRun.Outcome run(String file, long seed, int resident) throws Exception {
    Frontend.Result r = Frontend.compileFile(SeedKernelsRunTestAccess.root().resolve(file), Map.of());
    assertThat(r.ok()).isTrue();
    return ScanRun.run(r, ScanRun.Request.of(8192, Architectures.preset("hopper"))
        .expect(ScanRun.Expect.INCLUSIVE)
        .seed(seed)
        .residentBlocks(resident));
  }

  @Test
  void staticBlockIndexDeadlocksWhenBlocksAreDispatchedOutOfOrder() throws Exception {
    ScanRun.Outcome o = run("kernels/pmpp/chained_scan_static_bid.cu", 1, 2);
    assertThat(o.fault()).isNotNull();
    assertThat(o.fault().kind()).isEqualTo(Kind.DEADLOCK);
    assertThat(o.fault().getMessage())
        .contains("all 2 resident blocks wait and none can finish")
        .contains("6 blocks were never dispatched")
        .contains("seeded by --seed 1")
        .containsPattern("block \\(\\d,0,0\\): threads 0 at .*kernels/pmpp/chained_scan_static_bid.cu:\\d+:\\d+");
  }

  @Test
  void aLoneThreadsLongLoopOfVolatileLoadsIsNoDeadlock() throws Exception {
    // global_chain.cu at 8,192 links: one thread, more than a turn of warp instructions without a
    // store (a volatile pointer puts it under the resident-block scheduler). The H200 ran it
    // (hardware/measurements/timing-2026-11-27-h200); the scheduler took it for a deadlock.
    Frontend.Result r = Frontend.compileFile(SeedKernelsRunTestAccess.root().resolve("kernels/calibration/global_chain.cu"), Map.of());
    assertThat(r.ok()).isTrue();
    ScanRun.Outcome o = ScanRun.run(r, ScanRun.Request.of(8192, Architectures.preset("hopper")));
    assertThat(o.fault()).isNull();
    assertThat(o.launches().get(0).counters().warpInstructions).as("more than one turn").isGreaterThan(100_000);
  }

  @Test
  void staticBlockIndexCompletesWhenDispatchedInIndexOrder() throws Exception {
    ScanRun.Outcome o = run("kernels/pmpp/chained_scan_static_bid.cu", 0, 2);
    assertThat(o.fault()).isNull();
    assertThat(o.correct()).isTrue();
  }

  @Test
  void dynamicBlockIndexNeverDeadlocks() throws Exception {
    for (long seed = 0; seed < 6; seed++) {
      ScanRun.Outcome o = run("kernels/pmpp/chained_scan.cu", seed, 2);
      assertThat(o.fault()).as("seed %d", seed).isNull();
      assertThat(o.correct()).as("seed %d", seed).isTrue();
    }
  }

  @Test
  void theArchitecturesOccupancyHoldsEveryBlockOfASmallGrid() throws Exception {
    // 8 blocks of 1024 threads fit on an H100 (132 SMs × 2 such blocks), so any order completes.
    ScanRun.Outcome o = run("kernels/pmpp/chained_scan_static_bid.cu", 1, 0);
    assertThat(o.fault()).isNull();
    assertThat(o.correct()).isTrue();
  }
}
