package org.scansim.timing;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.scansim.frontend.Frontend;
import org.scansim.sim.engine.BlockReplay;
import org.scansim.sim.engine.ReplayKernels;
import org.scansim.sim.run.ScanRun;

/**
 * A replayed block is heard as running it would be heard ({@code engine.EventTape}), or taken as the
 * last one replayed from the same recording ({@link BlockSink#blockAgain}): a tree scan whose full
 * blocks are replayed is timed as when every block runs, on one thread and on two.
 */
class TimedReplayTest {
  private final boolean on = BlockReplay.on;

  @AfterEach
  void restore() {
    BlockReplay.on = on;
    BlockReplay.counting = false;
  }

  /** Blocks the last {@link #timed} run's timing took again without their events. */
  private static long again;

  private static List<TimingObserver.LaunchTiming> timed(Frontend.Result r, int n, int threads) {
    TimingObserver timing = new TimingObserver(IssueRunTest.HOPPER, TimingPresets.ofPreset("hopper", null).orElseThrow(), r.ir());
    ScanRun.Request req = ScanRun.Request.of(n, IssueRunTest.HOPPER).entry("entry").threads(threads)
        .withOptions(ScanRun.Options.NONE.withObserver(timing));
    try {
      ScanRun.Outcome out = ScanRun.run(r, req);
      assertThat(out.fault()).isNull();
    } catch (ScanRun.UsageException e) {
      throw new AssertionError(e);
    }
    timing.finish();
    again = timing.againBlocks();
    return timing.launches();
  }

  @Test
  void aTreeScanIsTimedTheSameWhenItsBlocksAreReplayed() {
    Frontend.Result r = ReplayKernels.compiled("tree.cu", ReplayKernels.TREE);
    int n = 64 * 256 + 100; // 65 blocks, the last partial
    BlockReplay.on = false;
    List<TimingObserver.LaunchTiming> every = timed(r, n, 1);
    BlockReplay.on = true;
    BlockReplay.counting = true;
    BlockReplay.REPLAYED.set(0);
    assertThat(again).as("blocks taken again without replay").isZero();
    for (int threads : new int[] {1, 2}) {
      assertThat(timed(r, n, threads)).as("%d threads", threads).isEqualTo(every);
      // Block 0 recorded, its tape's first replay heard with its events, the rest of the thread's taken again.
      assertThat(again).as("blocks taken again without their events, %d threads", threads).isGreaterThanOrEqualTo(64 - 4 * threads);
    }
    assertThat(BlockReplay.REPLAYED.get()).as("blocks replayed").isGreaterThanOrEqualTo(2 * 60L);
  }
}
