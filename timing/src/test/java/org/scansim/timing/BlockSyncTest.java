package org.scansim.timing;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.scansim.sim.arch.Architecture;
import org.scansim.sim.arch.Architectures;

/** A spin-wait under the resident scheduler: the reader waits for the writer's first write, on the launch's clock. */
class BlockSyncTest {
  static final Architecture HOPPER = Architectures.preset("hopper");

  /** A one-warp block whose one marked instruction issued at {@code at}, alone {@code cycles} long, with a barrier at {@code barrier}. */
  private static SmModel.BlockTime block(long cycles, long at, long barrier) {
    return new SmModel.BlockTime(cycles, 10, 0, 0, new long[SmModel.STALLS], new long[4 * SmModel.STALLS], new long[] {barrier},
        new long[2 * SmModel.STALLS], new long[][] {{at}}, 0, null);
  }

  private static WarpTrace[] traces() {
    WarpTrace w = new WarpTrace();
    w.add(WarpTrace.GLOBAL_LD, 1, -1, -1, -1, 2);
    w.mark();
    WarpTrace other = new WarpTrace();
    other.add(WarpTrace.BARRIER, -1, -1, -1, -1);
    return new WarpTrace[] {w, other};
  }

  @Test
  void theReaderWaitsUntilTheWriterWroteAndEverythingAfterWaitsWithIt() {
    BlockSync sync = new BlockSync();
    sync.launch(2, 64, HOPPER); // two blocks, one an SM: both start at cycle 0
    sync.write(0, 0, 0, 4096);
    SmModel.BlockTime writer = block(5000, 4000, 100);
    assertThat(sync.settle(0, writer, List.of(), traces(), TimingPresets.ofPreset("hopper", null).orElseThrow())).isSameAs(writer);
    int[] acquire = sync.read(1, 0, 0, 4096);
    assertThat(acquire).containsExactly(0, 0, 0, 0, 0);
    List<int[]> acquires = new ArrayList<>();
    acquires.add(acquire);
    // The reader reached its read at 1,000, the flag was written at 4,000: 3,000 cycles later.
    SmModel.BlockTime t = sync.settle(1, block(5000, 1000, 3000), acquires, traces(), TimingPresets.ofPreset("hopper", null).orElseThrow());
    assertThat(t.cycles()).isEqualTo(8000);
    assertThat(t.markTimes()[0]).containsExactly(4000);
    assertThat(t.barriers()).as("a barrier after the read opens later by as much").containsExactly(6000);
    assertThat(t.stalls()[Stall.LONG_SCOREBOARD.ordinal()]).as("the reading warp").isEqualTo(3000);
    assertThat(t.stalls()[Stall.BARRIER.ordinal()]).as("the other warp, at its barrier").isEqualTo(3000);
    assertThat(t.siteStalls()[2 * SmModel.STALLS + Stall.LONG_SCOREBOARD.ordinal()]).as("at the read's site").isEqualTo(3000);
  }

  @Test
  void aBlockReadingWhatItWroteItselfOrWhatNoBlockWroteWaitsForNothing() {
    BlockSync sync = new BlockSync();
    sync.launch(2, 64, HOPPER);
    sync.write(0, 0, 0, 4096);
    assertThat(sync.read(0, 0, 1, 4096)).isNull();
    assertThat(sync.read(1, 0, 0, 8192)).isNull();
  }

  private static final TimingParameters HOPPER_TIMING = TimingPresets.ofPreset("hopper", null).orElseThrow();

  /** Block {@code block} wrote {@code address} with its marked instruction at {@code at} and ended after {@code cycles}. */
  private static void writerEnded(BlockSync sync, int block, long address, long cycles, long at) {
    sync.write(block, 0, 0, address);
    sync.settle(block, block(cycles, at, 100), List.of(), traces(), HOPPER_TIMING);
  }

  @Test
  void readsWaitInTheOrderTheyIssuedEachForItsOwnWriter() {
    BlockSync sync = new BlockSync();
    sync.launch(3, 64, HOPPER);
    writerEnded(sync, 0, 100, 3000, 2000);
    writerEnded(sync, 1, 200, 7000, 6000);
    // Block 2 reads address 100 (written at 2,000) at 1,000 and address 200 (written at 6,000) at 3,000.
    WarpTrace w = new WarpTrace();
    w.add(WarpTrace.GLOBAL_LD, 1, -1, -1, -1, 0);
    w.mark();
    w.add(WarpTrace.GLOBAL_LD, 2, -1, -1, -1, 1);
    w.mark();
    List<int[]> acquires = new ArrayList<>();
    acquires.add(sync.read(2, 0, 1, 200));
    acquires.add(sync.read(2, 0, 0, 100));
    SmModel.BlockTime reader = new SmModel.BlockTime(5000, 10, 0, 0, new long[SmModel.STALLS], new long[2 * SmModel.STALLS], new long[0],
        new long[SmModel.STALLS], new long[][] {{1000, 3000}}, 0, null);
    SmModel.BlockTime t = sync.settle(2, reader, acquires, new WarpTrace[] {w}, HOPPER_TIMING);
    // The first read waits 1,000 cycles (to 2,000), which moves the second to 4,000; it waits 2,000 more.
    assertThat(t.markTimes()[0]).containsExactly(2000, 6000);
    assertThat(t.cycles()).isEqualTo(8000);
  }

  @Test
  void aBlockThatStartsLaterWaitsLess() {
    // 265 blocks of 1,024 threads, 2 an SM: 264 start at once, the last when the first slot frees.
    BlockSync sync = new BlockSync();
    sync.launch(265, 1024, HOPPER);
    writerEnded(sync, 0, 100, 1000, 900);
    writerEnded(sync, 1, 200, 6000, 5000);
    for (int b = 2; b < 264; b++) {
      sync.settle(b, block(6000, 5000, 100), List.of(), traces(), HOPPER_TIMING);
    }
    // Block 264 starts at 1,000 (block 0's slot): its read at 100 of what block 1 wrote at 5,000
    // waits 3,900 cycles, not 4,900.
    List<int[]> acquires = new ArrayList<>();
    acquires.add(sync.read(264, 0, 0, 200));
    SmModel.BlockTime t = sync.settle(264, block(2000, 100, 1500), acquires, traces(), HOPPER_TIMING);
    assertThat(t.cycles()).isEqualTo(2000 + 3900);
  }
}

