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
    for (int threads : new int[] {1, 2}) {
      assertThat(timed(r, n, threads)).as("%d threads", threads).isEqualTo(every);
      // Block 0 recorded, its tape's first replay heard with its events, the rest of the thread's taken again.
      assertThat(again).as("blocks taken again without their events, %d threads", threads).isGreaterThanOrEqualTo(64 - 4 * threads);
    }
    assertThat(BlockReplay.REPLAYED.get()).as("blocks replayed").isGreaterThanOrEqualTo(2 * 60L);
  }

  /**
   * A uniform add's blocks read one word each, 4 bytes a block: its tape has 64 residues, each
   * recorded once, and the blocks of one residue follow those of the others. Their events are the
   * same but for that address, so each block after the first replayed is taken again as the one
   * before it (on one thread: 300 blocks, the first 64 run, the last partial). Without the residues
   * taken as one (a key for each), none would be.
   */
  @Test
  void theResiduesOfATapeAreTakenAgainAsOneAnother() {
    Frontend.Result r = ReplayKernels.compiled("uniform.cu", ReplayKernels.UNIFORM);
    int n = 300 * 256 - 100;
    int perResidue = BlockReplay.blocksPerResidue;
    try {
      BlockReplay.blocksPerResidue = 1;
      BlockReplay.on = false;
      List<TimingObserver.LaunchTiming> every = timed(r, n, 1);
      BlockReplay.on = true;
      assertThat(timed(r, n, 1)).isEqualTo(every);
      // Of the 234 after the first replayed, all but the few whose word's sector the block's caches find elsewhere.
      assertThat(again).as("blocks taken again without their events").isGreaterThanOrEqualTo(220);
      assertThat(timed(r, n, 2)).isEqualTo(every);
      // On two threads how many are taken again depends on how the blocks fall to the threads (each records its own residues).
    } finally {
      BlockReplay.blocksPerResidue = perResidue;
    }
  }
}
