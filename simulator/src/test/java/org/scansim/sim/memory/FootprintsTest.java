package org.scansim.sim.memory;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** When blocks of one chunk may have seen each other's global writes ({@link Footprints#conflict}). */
class FootprintsTest {
  /** One block's ranges: per allocation {id, read lo, read hi, write lo, write hi}, -1 for none. */
  private static long[] block(long[]... accesses) {
    Footprints f = new Footprints();
    for (long[] x : accesses) {
      if (x[1] >= 0) {
        f.read((int) x[0], x[1], x[2]);
      }
      if (x[3] >= 0) {
        f.write((int) x[0], x[3], x[4]);
      }
    }
    return f.take();
  }

  @Test
  void tilesOfTheirOwnDoNotConflict() {
    // Each block reads its tile of allocation 1 and writes its tile of allocation 2 and one word of 3.
    long[] b0 = block(new long[] {1, 0, 4096, -1, -1}, new long[] {2, -1, -1, 0, 4096}, new long[] {3, -1, -1, 0, 4});
    long[] b1 = block(new long[] {1, 4096, 8192, -1, -1}, new long[] {2, -1, -1, 4096, 8192}, new long[] {3, -1, -1, 4, 8});
    assertThat(Footprints.conflict(new long[][] {b0, b1})).isFalse();
  }

  @Test
  void readingTheSameWordsIsNoConflict() {
    long[] b0 = block(new long[] {1, 0, 64, -1, -1});
    long[] b1 = block(new long[] {1, 0, 64, -1, -1});
    assertThat(Footprints.conflict(new long[][] {b0, b1})).isFalse();
  }

  /** With the race checker, whose history a read moves too, blocks may share no word at all. */
  @Test
  void readingTheSameWordsConflictsWhenReadsCount() {
    long[] b0 = block(new long[] {1, 0, 64, -1, -1});
    long[] b1 = block(new long[] {1, 60, 128, -1, -1});
    assertThat(Footprints.conflict(new long[][] {b0, b1}, true)).isTrue();
    assertThat(Footprints.conflict(new long[][] {b1, b0}, true)).isTrue();
    long[] b2 = block(new long[] {1, 64, 128, -1, -1});
    assertThat(Footprints.conflict(new long[][] {b0, b2}, true)).isFalse();
    assertThat(Footprints.conflict(new long[][] {b2, b0}, true)).isFalse();
  }

  @Test
  void aBlockMayReadAndWriteItsOwnWords() {
    long[] b0 = block(new long[] {1, 0, 64, 0, 64});
    assertThat(Footprints.conflict(new long[][] {b0, null})).isFalse();
  }

  @Test
  void aWriteAnotherBlockReadsOrWritesConflicts() {
    long[] writer = block(new long[] {3, -1, -1, 0, 4});
    long[] reader = block(new long[] {3, 0, 4, -1, -1});
    assertThat(Footprints.conflict(new long[][] {writer, reader})).isTrue();
    assertThat(Footprints.conflict(new long[][] {reader, writer})).isTrue();
    long[] other = block(new long[] {3, -1, -1, 2, 6});
    assertThat(Footprints.conflict(new long[][] {writer, other})).isTrue();
  }

  @Test
  void rangesMeetingAtAnEdgeDoNotOverlap() {
    long[] b0 = block(new long[] {1, -1, -1, 0, 64});
    long[] b1 = block(new long[] {1, 64, 128, 64, 128});
    assertThat(Footprints.conflict(new long[][] {b0, b1})).isFalse();
  }

  @Test
  void blocksMayWriteSeveralPlacesOfOneArray() {
    // Each block writes its tile of out and its tile of a second half of out.
    long[] b0 = block(new long[] {1, -1, -1, 0, 256}, new long[] {1, -1, -1, 16384, 16640});
    long[] b1 = block(new long[] {1, -1, -1, 256, 512}, new long[] {1, -1, -1, 16640, 16896});
    assertThat(Footprints.conflict(new long[][] {b0, b1})).isFalse();
  }

  @Test
  void finelyInterleavedWordsCountAsOverlapping() {
    // A grid-stride loop: block 0 writes words 0, 2, 4, ..., block 1 words 1, 3, 5, ...: more
    // pieces than a block keeps, so its ranges are joined and cover the other block's words.
    Footprints f0 = new Footprints();
    Footprints f1 = new Footprints();
    for (int w = 0; w < 20; w += 2) {
      f0.write(1, 4L * w, 4L * w + 4);
      f1.write(1, 4L * w + 4, 4L * w + 8);
    }
    assertThat(Footprints.conflict(new long[][] {f0.take(), f1.take()})).isTrue();
  }

  @Test
  void differentAllocationsDoNotConflict() {
    long[] b0 = block(new long[] {1, -1, -1, 0, 64});
    long[] b1 = block(new long[] {2, 0, 64, 0, 64});
    assertThat(Footprints.conflict(new long[][] {b0, b1})).isFalse();
  }

  /**
   * The definition, pair by pair: ranges of two different blocks in one allocation that share a
   * byte, one of them a write (or either, when reads count).
   */
  private static boolean conflictByPairs(long[][] blocks, boolean reads) {
    for (int k = 0; k < blocks.length; k++) {
      for (int m = k + 1; m < blocks.length; m++) {
        long[] a = blocks[k];
        long[] b = blocks[m];
        for (int r = 0; a != null && r < a.length; r += 3) {
          for (int s = 0; b != null && s < b.length; s += 3) {
            boolean sameAllocation = a[r] >> 1 == b[s] >> 1;
            boolean overlap = Math.max(a[r + 1], b[s + 1]) < Math.min(a[r + 2], b[s + 2]);
            boolean aWrite = (a[r] & 1) == 1;
            boolean bWrite = (b[s] & 1) == 1;
            if (sameAllocation && overlap && (reads || aWrite || bWrite)) {
              return true;
            }
          }
        }
      }
    }
    return false;
  }

  @Test
  void agreesWithThePairByPairDefinitionOnRandomChunks() {
    SplittableRandom random = new SplittableRandom(6);
    int conflicting = 0;
    for (int trial = 0; trial < 4000; trial++) {
      int count = 1 + random.nextInt(12);
      long[][] blocks = new long[count][];
      for (int k = 0; k < count; k++) {
        if (random.nextInt(10) == 0) {
          continue; // a block that did not run
        }
        Footprints f = new Footprints();
        for (int x = random.nextInt(6); x > 0; x--) {
          int id = 1 + random.nextInt(2);
          long lo = 4L * random.nextInt(64);
          long hi = lo + 4L * (1 + random.nextInt(8));
          if (random.nextInt(3) == 0) {
            f.write(id, lo, hi);
          } else {
            f.read(id, lo, hi);
          }
        }
        blocks[k] = f.take();
      }
      for (boolean reads : new boolean[] {false, true}) {
        boolean expected = conflictByPairs(blocks, reads);
        assertThat(Footprints.conflict(blocks, reads)).as("trial %d, reads %s", trial, reads).isEqualTo(expected);
        conflicting += expected ? 1 : 0;
      }
    }
    // Both answers occur often enough for the comparison to mean something.
    assertThat(conflicting).isBetween(1000, 7000);
  }

  /**
   * Every block of a large chunk reads one table (and writes a tile of its own): no conflict, and
   * one block writing into the table is found wherever it is in the chunk.
   */
  @Test
  void manyBlocksReadingOneTable() {
    int count = 4096;
    long[][] blocks = new long[count][];
    for (int k = 0; k < count; k++) {
      blocks[k] = block(new long[] {1, 0, 1024, -1, -1}, new long[] {2, -1, -1, 64L * k, 64L * k + 64});
    }
    assertThat(Footprints.conflict(blocks)).isFalse();
    for (int writer : new int[] {0, 2047, count - 1}) {
      long[][] withWriter = blocks.clone();
      withWriter[writer] = block(new long[] {1, 0, 1024, 512, 516}, new long[] {2, -1, -1, 64L * writer, 64L * writer + 64});
      assertThat(Footprints.conflict(withWriter)).as("writer %d", writer).isTrue();
    }
  }
}
