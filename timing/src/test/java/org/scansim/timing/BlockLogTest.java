package org.scansim.timing;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.scansim.frontend.Frontend;
import org.scansim.sim.run.ScanRun;

/**
 * A block's events are logged and its traces built only when they differ from the last block's
 * ({@link BlockLog}): for every scan kernel of the catalog, on one thread and on two, the launches'
 * timing is the same with every block logged, with none, and with every log spilled to the traces
 * after a few events; and a launch of equal blocks times most of them from the log alone.
 */
class BlockLogTest {
  private static final int DEFAULT = BlockLog.maxInts;

  @AfterEach
  void restore() {
    BlockLog.maxInts = DEFAULT;
  }

  static java.util.stream.Stream<Path> kernels() throws java.io.IOException {
    return IssueRunTest.kernels();
  }

  @ParameterizedTest
  @MethodSource("kernels")
  void loggedBlocksAreTimedAsBlocksBuiltAtOnce(Path file) {
    Frontend.Result r = Frontend.compileFile(file, Map.of());
    assertThat(r.ok()).as(r.diagnostics().all().toString()).isTrue();
    int timedLaunches = 0;
    for (int n : new int[] {1024, 8192}) { // one block, and several for the kernels that take them (the others refuse)
      for (int threads : new int[] {1, 2}) {
        String as = file + " at n = " + n + " on " + threads + " threads";
        BlockLog.maxInts = 0;
        List<TimingObserver.LaunchTiming> none = timed(r, n, threads).launches();
        BlockLog.maxInts = DEFAULT;
        List<TimingObserver.LaunchTiming> logged = timed(r, n, threads).launches();
        BlockLog.maxInts = 5; // spilled after its second or third event
        List<TimingObserver.LaunchTiming> spilled = timed(r, n, threads).launches();
        assertThat(logged).as(as + ", logged").isEqualTo(none);
        assertThat(spilled).as(as + ", spilled").isEqualTo(none);
        timedLaunches += none.size();
      }
    }
    assertThat(timedLaunches).as("launches timed").isPositive();
  }

  /**
   * Harris's scan at n = 8192 on one thread: the prescan's 8 equal blocks, the scan of their 8 sums
   * (one block), and the uniform add's 8 equal blocks; the 7 after the first of each 8 are timed
   * from their logs alone.
   */
  @Test
  void equalBlocksAreTimedFromTheirLogs() {
    Frontend.Result r = Frontend.compileFile(Path.of("..", "kernels", "harris", "scan_large_array.cu"), Map.of());
    TimingObserver logged = timed(r, 8192, 1);
    assertThat(logged.reusedBlocks()).isEqualTo(7 + 7);
    BlockLog.maxInts = 0;
    assertThat(timed(r, 8192, 1).reusedBlocks()).isZero();
  }

  /**
   * A block whose log spilled (its traces built as its events came) lies between two blocks with
   * the same log: the third must be compared with the second's traces, not timed as the first was
   * from the older log. Heard directly, one warp a block, with and without logs.
   */
  @Test
  void aSpilledBlockBetweenTwoEqualLogsIsNotSkipped() {
    Frontend.Result r = Frontend.compileFile(Path.of("..", "kernels", "harris", "scan_large_array.cu"), Map.of());
    org.scansim.frontend.ir.Insn[] run = DeviceCode.of(r.ir()).get(0).blocks().get(0).insns().toArray(new org.scansim.frontend.ir.Insn[0]);
    List<List<TimingObserver.LaunchTiming>> timings = new java.util.ArrayList<>();
    for (int max : new int[] {0, 16}) {
      BlockLog.maxInts = max;
      TimingObserver t = new TimingObserver(IssueRunTest.HOPPER, TimingPresets.ofPreset("hopper", null).orElseThrow(), r.ir());
      t.launch("k", 3, 32);
      for (int block = 0; block < 3; block++) {
        t.blockBegin(block);
        int runs = block == 1 ? 40 : 2; // block 1's 40 runs pass the 16 ints of its log
        for (int k = 0; k < runs; k++) {
          t.issueRun(block, 0, run, 0, run.length, -1);
        }
        t.blockEnd(block);
      }
      t.finish();
      timings.add(t.launches());
      if (max > 0) {
        assertThat(t.reusedBlocks()).as("block 2 timed from its log").isZero();
      }
    }
    assertThat(timings.get(1)).isEqualTo(timings.get(0));
  }

  /**
   * A block still open when a fault stops the launch has its log replayed, so the traces' budget
   * runs out when building its traces as its events came would have run it out: a budget of 4,096
   * ints; block 0's warp 0 issues 513 instructions (its trace grows from 128 to 2,048 ints); block
   * 1, of four warps, is stopped after warps 1 to 3 issued 257 each (771 in all, under the 1,024
   * its log may stand for; each trace grows from 128 to 1,024 ints): 1,920 + 3 x 896 = 4,608 ints
   * past the first ones, more than the budget. With and without logs, the run is untimed.
   */
  @Test
  void aBlockOpenAtAFaultChargesTheBudgetAsItsEventsWould() {
    Frontend.Result r = Frontend.compileFile(Path.of("..", "kernels", "harris", "scan_large_array.cu"), Map.of());
    org.scansim.frontend.ir.Insn[] one = {plainInstruction(r)};
    List<String> untimed = new java.util.ArrayList<>();
    for (int max : new int[] {0, DEFAULT}) {
      BlockLog.maxInts = max;
      TimingObserver t = new TimingObserver(IssueRunTest.HOPPER, TimingPresets.ofPreset("hopper", null).orElseThrow(), r.ir(), 4096);
      t.launch("k", 2, 128);
      t.blockBegin(0);
      for (int k = 0; k < 513; k++) {
        t.issueRun(0, 0, one, 0, 1, -1);
      }
      t.blockEnd(0);
      assertThat(t.untimed()).as("after block 0").isNull();
      t.blockBegin(1);
      for (int warp = 1; warp <= 3; warp++) {
        for (int k = 0; k < 257; k++) {
          t.issueRun(1, warp, one, 0, 1, -1);
        }
      }
      t.abandonOpen(); // the fault
      t.finish();
      untimed.add(t.untimed());
    }
    assertThat(untimed.get(0)).as("without logs").contains("passed their memory budget");
    assertThat(untimed.get(1)).as("with logs").isEqualTo(untimed.get(0));
  }

  /**
   * Three equal blocks that take turns on one thread (resident together) each grow a builder of
   * their own when built as their events come: a budget of 10,000 ints; each block's warp issues
   * 1,500 instructions (its trace grows from 128 to 4,096 ints: 3 x 3,968 = 11,904 ints past the
   * first ones). A thread with more than one builder builds its blocks at once, so the budget runs
   * out with logs as without, though the blocks' logs are equal.
   */
  @Test
  void blocksOpenTogetherChargeTheBudgetAsTheirEventsWould() {
    Frontend.Result r = Frontend.compileFile(Path.of("..", "kernels", "harris", "scan_large_array.cu"), Map.of());
    org.scansim.frontend.ir.Insn[] one = {plainInstruction(r)};
    List<String> untimed = new java.util.ArrayList<>();
    for (int max : new int[] {0, DEFAULT}) {
      BlockLog.maxInts = max;
      TimingObserver t = new TimingObserver(IssueRunTest.HOPPER, TimingPresets.ofPreset("hopper", null).orElseThrow(), r.ir(), 10_000);
      t.launch("k", 3, 32);
      for (int block = 0; block < 3; block++) {
        t.blockBegin(block);
      }
      for (int k = 0; k < 1500; k++) {
        for (int block = 0; block < 3; block++) {
          t.issueRun(block, 0, one, 0, 1, -1);
        }
      }
      for (int block = 0; block < 3; block++) {
        t.blockEnd(block);
      }
      t.finish();
      untimed.add(t.untimed());
    }
    assertThat(untimed.get(0)).as("without logs").contains("passed their memory budget");
    assertThat(untimed.get(1)).as("with logs").isEqualTo(untimed.get(0));
  }

  /** An instruction of Harris's scan that takes the timing sink's plain path: one trace entry an issue. */
  private static org.scansim.frontend.ir.Insn plainInstruction(Frontend.Result r) {
    TimingObserver probe = new TimingObserver(IssueRunTest.HOPPER, TimingPresets.ofPreset("hopper", null).orElseThrow(), r.ir());
    for (org.scansim.frontend.ir.Insn in : DeviceCode.of(r.ir()).get(0).blocks().get(0).insns()) {
      if (probe.decoded(in)[TimingObserver.PLAIN] != 0 && probe.decoded(in)[TimingObserver.KIND] != WarpTrace.MEMORY_PENDING) {
        return in;
      }
    }
    throw new AssertionError("no instruction of the plain path");
  }

  private static TimingObserver timed(Frontend.Result r, int n, int threads) {
    TimingObserver timing = new TimingObserver(IssueRunTest.HOPPER, TimingPresets.ofPreset("hopper", null).orElseThrow(), r.ir());
    String entry = ScanRun.entries(r).get(0).name();
    ScanRun.Request req = ScanRun.Request.of(n, IssueRunTest.HOPPER).entry(entry).threads(threads)
        .withOptions(ScanRun.Options.NONE.withObserver(timing));
    try {
      ScanRun.run(r, req);
    } catch (ScanRun.UsageException e) {
      throw new AssertionError(e);
    }
    timing.finish();
    return timing;
  }
}
