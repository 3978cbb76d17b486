package org.scansim.timing;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.scansim.frontend.Frontend;
import org.scansim.frontend.ir.Insn;

/**
 * A block that comes again ({@link BlockSink#blockAgain}: the last block's events, said by the
 * key, but for its global addresses) is timed as hearing its events would time it, and only when
 * its caches find each load where the last block's found it. Heard directly: one warp a block, a
 * run of instructions and two loads of four sectors, 4 KiB apart.
 */
class BlockAgainTest {
  private static final long BASE = (1L << 32) + (1 << 12); // allocation 1, 4 KiB in
  private static final long PAGE = 1L << 21;

  private final Frontend.Result r = Frontend.compileFile(Path.of("..", "kernels", "harris", "scan_large_array.cu"), Map.of());
  private final Insn[] run = DeviceCode.of(r.ir()).get(0).blocks().get(0).insns().toArray(new Insn[0]);

  private TimingObserver observer() {
    TimingObserver t = new TimingObserver(IssueRunTest.HOPPER, TimingPresets.ofPreset("hopper", null).orElseThrow(), r.ir());
    t.launch("k", 5, 32);
    return t;
  }

  /** Block {@code block}'s events, its loads at {@code first} and 4 KiB on, ended with {@code key}. */
  private void hear(TimingObserver t, int block, long first, Object key) {
    t.blockBegin(block);
    t.issueRun(block, 0, run, 0, run.length, -1);
    t.globalAccess(block, 0, run[0], false, -1, 4, first);
    t.globalAccess(block, 0, run[0], false, -1, 4, first + 4096);
    t.issueRun(block, 0, run, 0, 2, -1);
    if (key == null) {
      t.blockEnd(block);
    } else {
      t.blockEnd(block, key);
    }
  }

  /** The blocks' first loads: block 3's two loads are on two 2 MiB pages, the others' on one. */
  private static final long[] FIRST = {BASE, BASE + 8192, BASE + 16384, (1L << 32) + PAGE - 2048, BASE + PAGE + 8192};

  private List<TimingObserver.LaunchTiming> heardWhole() {
    TimingObserver t = observer();
    for (int b = 0; b < FIRST.length; b++) {
      hear(t, b, FIRST[b], null);
    }
    t.finish();
    assertThat(t.reusedBlocks()).as("blocks 1 and 2 as block 0, from their logs").isEqualTo(2);
    return t.launches();
  }

  /** An observer that heard blocks 0 and 1, each ended with {@code key}. */
  private TimingObserver heardTwo(Object key) {
    TimingObserver t = observer();
    hear(t, 0, FIRST[0], key);
    hear(t, 1, FIRST[1], key);
    return t;
  }

  @Test
  void aBlockTakenAgainIsTimedAsItsEventsWould() {
    Object key = new Object();
    TimingObserver t = heardTwo(key);
    assertThat(t.blockAgain(2, new Object(), new long[] {FIRST[2], FIRST[2] + 4096})).as("another key").isFalse();
    assertThat(t.blockAgain(2, key, new long[] {FIRST[2]})).as("one address short").isFalse();
    assertThat(t.blockAgain(2, key, new long[] {FIRST[2], FIRST[2] + 4096})).as("block 2").isTrue();
    // Block 3's second load is on a page its first was not: its log is not the last one.
    assertThat(t.blockAgain(3, key, new long[] {FIRST[3], FIRST[3] + 4096})).as("block 3").isFalse();
    t.issueRun(3, 0, run, 0, run.length, -1); // told as usual after the refusal: the block is open already
    t.globalAccess(3, 0, run[0], false, -1, 4, FIRST[3]);
    t.globalAccess(3, 0, run[0], false, -1, 4, FIRST[3] + 4096);
    t.issueRun(3, 0, run, 0, 2, -1);
    t.blockEnd(3, key);
    assertThat(t.blockAgain(4, key, new long[] {FIRST[4], FIRST[4] + 4096})).as("block 4, after block 3's log").isFalse();
    t.issueRun(4, 0, run, 0, run.length, -1);
    t.globalAccess(4, 0, run[0], false, -1, 4, FIRST[4]);
    t.globalAccess(4, 0, run[0], false, -1, 4, FIRST[4] + 4096);
    t.issueRun(4, 0, run, 0, 2, -1);
    t.blockEnd(4);
    t.finish();
    assertThat(t.againBlocks()).isEqualTo(1);
    assertThat(t.launches()).isEqualTo(heardWhole());
  }

  /** A volatile load of global_chain.cu (a load that goes past L1). */
  private static Insn volatileLoad() {
    Frontend.Result chain = Frontend.compileFile(Path.of("..", "kernels", "calibration", "global_chain.cu"), Map.of());
    for (var f : DeviceCode.of(chain.ir())) {
      for (var bb : f.blocks()) {
        for (Insn in : bb.insns()) {
          if (in.isVolatile() && in.op() == org.scansim.frontend.ir.Op.LD) {
            return in;
          }
        }
      }
    }
    throw new AssertionError("no volatile load in global_chain.cu");
  }

  /** Block {@code block}: a store of one sector at {@code store}, then a load and a volatile load of the sector at {@code load}. */
  private void storeThenLoads(TimingObserver t, int block, long store, long load, Insn volatileLoad, Object key) {
    t.blockBegin(block);
    t.issueRun(block, 0, run, 0, run.length, -1);
    t.globalAccess(block, 0, run[0], true, -1, 1, store);
    t.globalAccess(block, 0, run[0], false, -1, 1, load);
    t.globalAccess(block, 0, volatileLoad, false, -1, 1, load);
    if (key == null) {
      t.blockEnd(block);
    } else {
      t.blockEnd(block, key);
    }
  }

  /**
   * The requests go through the block's caches as their events would: a volatile load finds in L2
   * the sector the load before it brought (taken again), and a load of the sector the block stored
   * finds it in L2 where the last block's went to memory (refused).
   */
  @Test
  void storesAndVolatileLoadsAreFoundAsTheirEventsWouldFindThem() {
    Insn vol = volatileLoad();
    long[][] at = {{BASE, BASE + 65536}, {BASE + 128, BASE + 65536 + 128}, {BASE + 256, BASE + 65536 + 256}, {BASE + 384, BASE + 384}};
    TimingObserver whole = observer();
    for (int b = 0; b < at.length; b++) {
      storeThenLoads(whole, b, at[b][0], at[b][1], vol, null);
    }
    whole.finish();
    Object key = new Object();
    TimingObserver t = observer();
    storeThenLoads(t, 0, at[0][0], at[0][1], vol, key);
    storeThenLoads(t, 1, at[1][0], at[1][1], vol, key);
    assertThat(t.blockAgain(2, key, new long[] {at[2][0], at[2][1], at[2][1]})).as("block 2: its volatile load in L2").isTrue();
    assertThat(t.blockAgain(3, key, new long[] {at[3][0], at[3][1], at[3][1]})).as("block 3: its load in L2, stored").isFalse();
    t.issueRun(3, 0, run, 0, run.length, -1);
    t.globalAccess(3, 0, run[0], true, -1, 1, at[3][0]);
    t.globalAccess(3, 0, run[0], false, -1, 1, at[3][1]);
    t.globalAccess(3, 0, vol, false, -1, 1, at[3][1]);
    t.blockEnd(3, key);
    t.finish();
    assertThat(t.againBlocks()).isEqualTo(1);
    assertThat(t.launches()).isEqualTo(whole.launches());
  }

  /** A block open already with some of its events told is not taken again (the events are its own). */
  @Test
  void aBlockToldInPartIsNotTakenAgain() {
    Object key = new Object();
    TimingObserver t = heardTwo(key);
    t.blockBegin(2);
    t.issueRun(2, 0, run, 0, run.length, -1);
    assertThat(t.blockAgain(2, key, new long[] {FIRST[2], FIRST[2] + 4096})).isFalse();
  }

  @Test
  void aBlockEndedWithoutKeyIsNotTakenAgain() {
    Object key = new Object();
    TimingObserver t = observer();
    hear(t, 0, FIRST[0], key);
    hear(t, 1, FIRST[1], null);
    assertThat(t.blockAgain(2, key, new long[] {FIRST[2], FIRST[2] + 4096})).isFalse();
  }
}
