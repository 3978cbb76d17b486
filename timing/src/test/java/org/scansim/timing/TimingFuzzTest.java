package org.scansim.timing;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.scansim.frontend.Frontend;
import org.scansim.sim.engine.RandomKernels;
import org.scansim.sim.engine.BlockReplay;
import org.scansim.sim.event.ExecutionObserver;
import org.scansim.sim.run.ScanRun;

/**
 * A differential fuzz of the timing model's shortcuts: random kernels of scan shapes
 * ({@link RandomKernels}) timed the reference's way (every instruction heard as one issue, every
 * block's traces built as its events come, one thread) and with the shortcuts on (runs of issues
 * appended at once, blocks logged and timed from their logs when equal to the last, replayed blocks
 * taken again without their events), on one thread and on two: every launch's timing (cycles,
 * issues, stalls by reason, site and phase) and the run's fault must be the same.
 *
 * <p>{@code -Dscansim.fuzz.kernels=N} and {@code -Dscansim.fuzz.from=S} as in the engine's fuzz.
 */
class TimingFuzzTest {
  private static final int DEFAULT = BlockLog.maxInts;
  private static final boolean REPLAY = BlockReplay.on;
  private static final int MIN_BLOCKS = BlockReplay.minBlocks;
  private static final int PER_RESIDUE = BlockReplay.blocksPerResidue;

  @AfterEach
  void restore() {
    BlockLog.maxInts = DEFAULT;
    BlockReplay.on = REPLAY;
    BlockReplay.minBlocks = MIN_BLOCKS;
    BlockReplay.blocksPerResidue = PER_RESIDUE;
    BlockReplay.counting = false;
  }

  @Test
  void theShortcutsTimeEveryKernelAsTheReferenceDoes() {
    int kernels = Integer.getInteger("scansim.fuzz.kernels", 25);
    long from = Long.getLong("scansim.fuzz.from", 0L);
    long timed = 0;
    long reused = 0;
    long again = 0;
    // Blocks replayed from a recorded block's tape are heard as its events (moved to their addresses): on the fuzz's small grids too.
    BlockReplay.minBlocks = 2;
    BlockReplay.blocksPerResidue = 1;
    BlockReplay.counting = true;
    BlockReplay.REPLAYED.set(0);
    for (long seed = from; seed < from + kernels; seed++) {
      Frontend.Result r = RandomKernels.compiled(seed);
      int n = RandomKernels.size(seed);
      BlockLog.maxInts = 0;
      BlockReplay.on = false;
      Timed reference = timed(r, n, 1, IssueRunTest.OneByOne::new);
      BlockLog.maxInts = DEFAULT;
      BlockReplay.on = true;
      for (int threads : new int[] {1, 2}) {
        Timed fast = timed(r, n, threads, o -> o);
        String what = "seed " + seed + ", n = " + n + ", " + threads + " thread(s)\n" + RandomKernels.kernel(seed);
        assertThat(fast.fault).as(what).isEqualTo(reference.fault);
        assertThat(fast.launches).as(what).isEqualTo(reference.launches);
        reused += fast.reused;
        again += fast.again;
      }
      timed += reference.launches.size();
    }
    assertThat(timed).as("launches timed").isGreaterThan(kernels / 2);
    assertThat(reused).as("blocks timed from their logs alone").isPositive();
    if (kernels >= 100) { // the default 25 grids are too small to replay (TimedReplayTest times a kernel that is)
      assertThat(BlockReplay.REPLAYED.get()).as("blocks replayed and heard from their tape").isPositive();
      assertThat(again).as("replayed blocks taken again without their events").isPositive();
    }
  }

  /**
   * A run's timing, its fault's message (null when it completed), the blocks timed from their logs
   * alone, and those of them taken again without their events.
   */
  private record Timed(List<TimingObserver.LaunchTiming> launches, String fault, long reused, long again) {}

  private static Timed timed(Frontend.Result r, int n, int threads, UnaryOperator<ExecutionObserver> wrap) {
    TimingObserver timing = new TimingObserver(IssueRunTest.HOPPER, TimingPresets.ofPreset("hopper", null).orElseThrow(), r.ir());
    ScanRun.Request req = ScanRun.Request.of(n, IssueRunTest.HOPPER).entry("entry").threads(threads)
        .withOptions(ScanRun.Options.NONE.withObserver(wrap.apply(timing)));
    ScanRun.Outcome out;
    try {
      out = ScanRun.run(r, req);
    } catch (ScanRun.UsageException e) {
      throw new AssertionError(e);
    }
    timing.finish();
    List<TimingObserver.LaunchTiming> launches = timing.launches();
    if (out.fault() != null && !launches.isEmpty()) {
      // The faulted launch's timing is not reported (its blocks on other threads may have run
      // past the one that faulted): the launches before it are.
      launches = launches.subList(0, launches.size() - 1);
    }
    return new Timed(launches, out.fault() == null ? null : out.fault().getMessage(), timing.reusedBlocks(), timing.againBlocks());
  }
}
