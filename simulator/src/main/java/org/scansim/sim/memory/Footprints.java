package org.scansim.sim.memory;

import java.util.Arrays;

/**
 * The global memory the blocks of one chunk touched, for running them on several threads without
 * the result depending on it (reports are deterministic whatever the thread count). Per block, global
 * allocation and kind of access (read or write): up to {@link #PER_KIND} byte ranges, each access
 * widening the range it touches or lies nearest to. Blocks where one's written range overlaps
 * another's read or written range may have seen each other's writes (a race between blocks,
 * which only atomics, volatile accesses and fences make legal, and those kernels are never run
 * this way): their result can depend on the order the threads ran them in, so the run is
 * repeated on one thread ({@code sched.OrderDependence}). The ranges are conservative: blocks that
 * interleave their words finely (a grid-stride loop) count as overlapping, and such a kernel runs
 * on one thread.
 */
public final class Footprints {
  /** Ranges kept per allocation and kind of access before the nearest ones are joined. */
  static final int PER_KIND = 4;

  /** The current block's ranges, three longs each: allocation id × 2 + 1 for a write, low, high (exclusive). */
  private long[] ranges = new long[3 * 8];
  private int size;

  /** Forgets the previous block's ranges. */
  public void clear() {
    size = 0;
  }

  /** The current block read bytes {@code lo..hi-1} of global allocation {@code id}. */
  public void read(int id, long lo, long hi) {
    add(2L * id, lo, hi);
  }

  /** The current block wrote bytes {@code lo..hi-1} of global allocation {@code id}. */
  public void write(int id, long lo, long hi) {
    add(2L * id + 1, lo, hi);
  }

  private void add(long key, long lo, long hi) {
    int kept = 0;
    int nearest = -1;
    long nearestGap = Long.MAX_VALUE;
    for (int r = 0; r < size; r += 3) {
      if (ranges[r] != key) {
        continue;
      }
      kept++;
      long gap = lo > ranges[r + 2] ? lo - ranges[r + 2] : ranges[r + 1] > hi ? ranges[r + 1] - hi : 0;
      if (gap == 0) { // touches or overlaps: widen it
        ranges[r + 1] = Math.min(ranges[r + 1], lo);
        ranges[r + 2] = Math.max(ranges[r + 2], hi);
        return;
      }
      if (gap < nearestGap) {
        nearestGap = gap;
        nearest = r;
      }
    }
    if (kept >= PER_KIND) {
      ranges[nearest + 1] = Math.min(ranges[nearest + 1], lo);
      ranges[nearest + 2] = Math.max(ranges[nearest + 2], hi);
      return;
    }
    if (size == ranges.length) {
      ranges = Arrays.copyOf(ranges, ranges.length * 2);
    }
    ranges[size] = key;
    ranges[size + 1] = lo;
    ranges[size + 2] = hi;
    size += 3;
  }

  /** Makes {@code taken} (a block's {@link #take}) the current block's ranges. */
  public void replace(long[] taken) {
    if (ranges.length < taken.length) {
      ranges = new long[taken.length];
    }
    System.arraycopy(taken, 0, ranges, 0, taken.length);
    size = taken.length;
  }

  /** The current block's ranges, to keep with the block's other results. */
  public long[] take() {
    return Arrays.copyOf(ranges, size);
  }

  /**
   * Whether some block of a chunk wrote bytes that another block of it read or wrote, given each
   * block's {@link #take} (null for a block that did not run). The ranges are sorted by
   * allocation and start and swept once, so a chunk costs a sort whatever its blocks share (many
   * blocks reading one table included), unless each block's ranges lie after the earlier blocks'
   * ({@link #ordered}).
   */
  public static boolean conflict(long[][] blocks) {
    return conflict(blocks, false);
  }

  /** {@link #conflict(long[][])}, or with {@code reads} whether some block accessed bytes another block of the chunk accessed. */
  public static boolean conflict(long[][] blocks, boolean reads) {
    if (ordered(blocks)) {
      return false;
    }
    int count = 0;
    for (long[] b : blocks) {
      count += b == null ? 0 : b.length / 3;
    }
    // Each range as {allocation, low, high, block, 1 for a write}.
    long[][] all = new long[count][];
    int n = 0;
    for (int k = 0; k < blocks.length; k++) {
      long[] b = blocks[k];
      for (int r = 0; b != null && r < b.length; r += 3) {
        all[n++] = new long[] {b[r] >> 1, b[r + 1], b[r + 2], k, b[r] & 1};
      }
    }
    Arrays.sort(all, (p, q) -> p[0] != q[0] ? Long.compare(p[0], q[0]) : Long.compare(p[1], q[1]));
    // One sweep in order of start: a range overlaps an earlier-starting one exactly when that one
    // ends after it starts, so per allocation it is enough to know, among the ranges already
    // passed, the furthest end of another block's range: kept as the two furthest ends of two
    // different blocks, for writes and for every range.
    Furthest writes = new Furthest();
    Furthest any = new Furthest();
    for (int i = 0; i < n; i++) {
      long[] b = all[i];
      if (i == 0 || b[0] != all[i - 1][0]) {
        writes.clear();
        any.clear();
      }
      boolean write = b[4] == 1;
      if ((reads || write ? any : writes).endBeyond(b[1], b[3])) {
        return true;
      }
      any.add(b[2], b[3]);
      if (write) {
        writes.add(b[2], b[3]);
      }
    }
    return false;
  }

  /** The furthest end among some ranges, and the furthest among those of any other block. */
  private static final class Furthest {
    private long end1;
    private long block1;
    private long end2;

    Furthest() {
      clear();
    }

    public void clear() {
      end1 = Long.MIN_VALUE;
      block1 = -1;
      end2 = Long.MIN_VALUE;
    }

    void add(long end, long block) {
      if (block == block1) {
        end1 = Math.max(end1, end);
      } else if (end > end1) {
        end2 = end1;
        end1 = end;
        block1 = block;
      } else {
        end2 = Math.max(end2, end);
      }
    }

    /** Whether a range of a block other than {@code block} ends after {@code at}. */
    boolean endBeyond(long at, long block) {
      return (block == block1 ? end2 : end1) > at;
    }
  }

  /**
   * Whether every range of each block starts at or after the end of every earlier block's ranges
   * in the same allocation: blocks that each take the next piece of their arrays, the common case,
   * which then overlaps nothing without a sort.
   */
  private static boolean ordered(long[][] blocks) {
    long[] ends = new long[16]; // pairs: allocation id, end of the earlier blocks' ranges in it
    int used = 0;
    for (long[] b : blocks) {
      if (b == null) {
        continue;
      }
      for (int r = 0; r < b.length; r += 3) {
        int e = find(ends, used, b[r] >> 1);
        if (e < used && b[r + 1] < ends[e + 1]) {
          return false;
        }
      }
      for (int r = 0; r < b.length; r += 3) {
        int e = find(ends, used, b[r] >> 1);
        if (e == used) {
          if (used == ends.length) {
            ends = Arrays.copyOf(ends, used * 2);
          }
          ends[e] = b[r] >> 1;
          ends[e + 1] = b[r + 2];
          used += 2;
        } else {
          ends[e + 1] = Math.max(ends[e + 1], b[r + 2]);
        }
      }
    }
    return true;
  }

  /** Where allocation id's pair is among the first {@code used} entries of ends, or used when it is not. */
  private static int find(long[] ends, int used, long id) {
    int e = 0;
    while (e < used && ends[e] != id) {
      e += 2;
    }
    return e;
  }
}
