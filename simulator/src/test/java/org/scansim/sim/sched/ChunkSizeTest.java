package org.scansim.sim.sched;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The chunks a launch's independent blocks run in: their size depends on the grid alone. */
class ChunkSizeTest {
  @Test
  void aChunkHasSixtyFourToOneThousandAndTwentyFourBlocksAndAtMostSixteenChunksAGrid() {
    assertThat(ChunkedBlocks.chunkSize(1)).isEqualTo(64);
    assertThat(ChunkedBlocks.chunkSize(1024)).isEqualTo(64);
    assertThat(ChunkedBlocks.chunkSize(1025)).isEqualTo(65);
    assertThat(ChunkedBlocks.chunkSize(4096)).isEqualTo(256); // Harris's scan at 2^22
    assertThat(ChunkedBlocks.chunkSize(10_000)).isEqualTo(625); // 10,000 / 16
    assertThat(ChunkedBlocks.chunkSize(16_384)).isEqualTo(1024); // Harris's scan at 2^24
    assertThat(ChunkedBlocks.chunkSize(16_385)).isEqualTo(1024);
    assertThat(ChunkedBlocks.chunkSize(1L << 31)).isEqualTo(1024);
  }
}
