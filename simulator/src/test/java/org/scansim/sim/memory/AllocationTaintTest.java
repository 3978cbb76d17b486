package org.scansim.sim.memory;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * An allocation that keeps no taint (a whole program's host memory: {@link Heap#keepNoTaint})
 * reads as untainted, drops marks, and copies to and from memory that keeps taint exactly as an
 * allocation whose words are all untainted does, aligned or not.
 */
class AllocationTaintTest {
  private static Allocation tainted(int size) {
    Allocation a = new Allocation("d", Ptr.GLOBAL, size, 0);
    a.setTaint(0, size, true);
    return a;
  }

  private static String taintOf(Allocation a) {
    StringBuilder s = new StringBuilder();
    for (int off = 0; off < a.size(); off += 4) {
      s.append(a.tainted(off) ? '1' : '0');
    }
    return s.toString();
  }

  @Test
  void memoryWithoutTaintReadsUntaintedAndDropsMarks() {
    Allocation h = new Allocation("h", Ptr.HOST, 64, 0, false);
    h.setTaint(0, 64, true);
    h.copyFrom(tainted(64), 0, 0, 64);
    assertThat(taintOf(h)).isEqualTo("0".repeat(16));
    h.storeWord(8, 77);
    assertThat(h.loadWord(8)).isEqualTo(77);
  }

  @Test
  void copiesFromMemoryWithoutTaintAreCopiesOfUntaintedWords() {
    for (int[] c : new int[][] {{0, 8, 24}, {4, 0, 64}, {2, 5, 17}, {1, 3, 0}, {0, 12, 0}, {3, 0, 40}}) {
      int from = c[0];
      int to = c[1];
      int n = c[2];
      Allocation without = new Allocation("h", Ptr.HOST, 80, 0, false);
      Allocation zeros = new Allocation("z", Ptr.HOST, 80, 0, true);
      Allocation a = tainted(96);
      Allocation b = tainted(96);
      a.copyFrom(without, from, to, n);
      b.copyFrom(zeros, from, to, n);
      assertThat(taintOf(a)).as("from %d to %d, %d bytes", from, to, n).isEqualTo(taintOf(b));
    }
    // Worked by hand: 24 bytes from byte 0 to byte 8 clear words 2 to 7 and no other.
    Allocation a = tainted(48);
    a.copyFrom(new Allocation("h", Ptr.HOST, 48, 0, false), 0, 8, 24);
    assertThat(taintOf(a)).isEqualTo("110000001111");
  }
}
