package org.scansim.timing;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Which loads the block's caches serve, request by request. */
class BlockCachesTest {
  @Test
  void aStreamMissesOnceASectorAndHitsL1ForTheRest() {
    BlockCaches c = new BlockCaches();
    // One thread reading consecutive floats: 8 to a 32-byte sector.
    int misses = 0;
    int hits = 0;
    for (int i = 0; i < 64; i++) {
      int kind = c.load(4096 + 4L * i, 1, false);
      misses += kind == WarpTrace.GLOBAL_LD || kind == WarpTrace.GLOBAL_LD_DRAM ? 1 : 0;
      hits += kind == WarpTrace.GLOBAL_LD_L1 ? 1 : 0;
    }
    assertThat(misses).isEqualTo(8);
    assertThat(hits).isEqualTo(56);
  }

  @Test
  void aLoadPastL1FindsInL2WhatTheBlockTouchedAndAStoreLeavesL1() {
    BlockCaches c = new BlockCaches();
    assertThat(c.load(0, 4, true)).as("first touch").isEqualTo(WarpTrace.GLOBAL_LD);
    assertThat(c.load(0, 4, true)).as("volatile: past L1, in L2").isEqualTo(WarpTrace.GLOBAL_LD_L2);
    assertThat(c.load(0, 4, false)).as("a volatile load left nothing in L1").isEqualTo(WarpTrace.GLOBAL_LD_L2);
    assertThat(c.load(0, 4, false)).isEqualTo(WarpTrace.GLOBAL_LD_L1);
    c.store(32, 1);
    assertThat(c.load(0, 4, false)).as("one of its sectors was stored: L2").isEqualTo(WarpTrace.GLOBAL_LD_L2);
    assertThat(c.load(4096, 2, false)).as("half touched, half not: device memory, on a page loaded from").isEqualTo(WarpTrace.GLOBAL_LD_DRAM);
    c.clear();
    assertThat(c.load(0, 4, false)).as("the next block starts empty").isEqualTo(WarpTrace.GLOBAL_LD);
  }

  @Test
  void aSectorOverwrittenInItsSlotMisses() {
    BlockCaches c = new BlockCaches();
    c.load(0, 1, false);
    c.load(32L * BlockCaches.L1_SECTORS, 1, false); // the same L1 slot
    assertThat(c.load(0, 1, false)).as("evicted from L1, still in L2").isEqualTo(WarpTrace.GLOBAL_LD_L2);
  }

  @Test
  void deviceMemoryCostsMostForTheBlocksFirstLoadThenMoreOnANewPage() {
    BlockCaches c = new BlockCaches();
    long page = 1L << 21;
    assertThat(c.load(0, 1, false)).as("the block's first load").isEqualTo(WarpTrace.GLOBAL_LD);
    assertThat(c.load(32, 1, false)).as("the next sector, on the same page").isEqualTo(WarpTrace.GLOBAL_LD_DRAM);
    assertThat(c.load(3 * page, 1, false)).as("another page").isEqualTo(WarpTrace.GLOBAL_LD_PAGE);
    assertThat(c.load(3 * page + 64, 1, false)).as("that page again").isEqualTo(WarpTrace.GLOBAL_LD_DRAM);
    assertThat(c.load(3 * page + 64, 1, true)).as("its sector again, past L1: in L2").isEqualTo(WarpTrace.GLOBAL_LD_L2);
    c.clear();
    assertThat(c.load(3 * page + 128, 1, false)).as("the next block's first load").isEqualTo(WarpTrace.GLOBAL_LD);
    assertThat(c.load(0, 1, false)).as("a page only the block before loaded from").isEqualTo(WarpTrace.GLOBAL_LD_PAGE);
    assertThat(WarpTrace.slowness(WarpTrace.GLOBAL_LD)).isGreaterThan(WarpTrace.slowness(WarpTrace.GLOBAL_LD_PAGE));
    assertThat(WarpTrace.slowness(WarpTrace.GLOBAL_LD_PAGE)).isGreaterThan(WarpTrace.slowness(WarpTrace.GLOBAL_LD_DRAM));
    assertThat(WarpTrace.slowness(WarpTrace.GLOBAL_LD_DRAM)).isGreaterThan(WarpTrace.slowness(WarpTrace.GLOBAL_LD_L2));
  }
}
