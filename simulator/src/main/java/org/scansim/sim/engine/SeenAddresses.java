package org.scansim.sim.engine;

import java.util.Arrays;

/**
 * What {@link Memory}'s lane check found for a full warp's shared accesses, kept for the next
 * block on the same executor: each site's k-th access by warp w in a block, its 32 pointers and
 * what they gave (the lanes' offsets, the banks they touch, whether they are one address, the OR of
 * the offsets, and what the bank model counted for them when the shortcuts did not apply). A block's shared addresses follow from its threads and loop counters, not from
 * its index, in nearly every kernel, so the next block meets the same pointers at the same place;
 * pointers equal to the kept ones (compared whole, which Java does with vector instructions) give
 * the same results, since the check is a function of them alone (the allocation, its size and
 * base are the executor's own, the same for each of its blocks). Other pointers are checked lane
 * by lane, as before, and kept in their place.
 *
 * <p>A site whose kept pointers keep changing from block to block (indices that depend on the
 * block, or on data) is no longer kept once they have differed more than 8 times and 4 times as
 * often as they were the same. Each executor keeps its own, and only the executors that run one
 * block after another (not the resident-block scheduler's): the results never depend on which
 * blocks ran before on a thread.
 */
final class SeenAddresses {
  /** The instances kept per site and warp (a loop's later turns are checked lane by lane). */
  static final int MAX_INSTANCES = 64;
  /** The {@link Entry}s one executor keeps, about 400 bytes each. */
  static final int MAX_ENTRIES = 4096;
  /** The site-and-warp table's size, past which nothing is kept (a very large kernel). */
  static final int MAX_SLOTS = 1 << 16;

  /** One kept instance: its 32 pointers and what the lane check, and perhaps the bank model, gave for them. */
  static final class Entry {
    final long[] ptr = new long[32];
    final int[] offs = new int[32];
    int banks;
    int low;
    boolean one;
    /**
     * What the bank model gave, when it was asked (an access the shortcuts do not cover): its
     * wavefronts, ideal wavefronts and largest degree, then its groups by degree, up to that
     * degree; null until then.
     */
    long[] banked;
    /** The last block whose access this is (checked, kept or taken: {@link #taken}). */
    int block = -1;
  }

  /** One site and warp: its kept instances, and the next one in the current block. */
  static final class Site {
    Entry[] kept = new Entry[4];
    int count;
    /** The instance the warp's next access at this site is, in block {@link #block}. */
    int next;
    int block = -1;
    int hits;
    int misses;

    /** Kept instance {@code k} when its pointers are {@code ptr}, else null. */
    Entry same(int k, long[] ptr) {
      return k < count && Arrays.equals(ptr, kept[k].ptr) ? kept[k] : null;
    }

    /**
     * The next instance, when the block {@code before} this one checked or took it: the warp's
     * access there, if it is on the same path ({@code Warp#samePath}); else null.
     */
    Entry taken(int before) {
      return next < count && kept[next].block == before ? kept[next] : null;
    }
  }

  /**
   * Whether executors keep what they checked: the system property {@code scansim.seenAddresses}
   * set to {@code off} keeps nothing (a differential run compares the two); tests set the field.
   */
  static volatile boolean on = !"off".equals(System.getProperty("scansim.seenAddresses"));
  /** Whether {@link #HITS} counts the accesses that took a kept result (tests). */
  static volatile boolean counting;
  static final java.util.concurrent.atomic.AtomicLong HITS = new java.util.concurrent.atomic.AtomicLong();
  /** With {@link #counting}: the accesses that took a kept result without their pointers (tests). */
  static final java.util.concurrent.atomic.AtomicLong TAKEN = new java.util.concurrent.atomic.AtomicLong();

  private final int warps;
  private final int slots;
  /** By site and warp, made at the first access kept; null before, and for good when nothing is kept. */
  private Site[] sites;
  private int entries;

  /**
   * What one executor keeps; {@code keeps} false keeps nothing (the resident-block scheduler's
   * executors, which may be thousands at once, each holding one block until it ends).
   */
  SeenAddresses(int insns, int warps, boolean keeps) {
    this.warps = warps;
    long n = (long) insns * warps;
    this.slots = keeps && on && n <= MAX_SLOTS ? (int) n : 0;
  }

  /** Whether anything is kept (an executor that runs one block after another, a kernel not too large, not turned off). */
  boolean keeps() {
    return slots > 0;
  }

  /**
   * The kept instances of site {@code site} for warp {@code warp} in block {@code block} (the
   * executor's linear index: a new one starts counting instances again), or null when it is not
   * kept.
   */
  Site site(int site, int warp, int block) {
    if (sites == null) {
      if (slots == 0) {
        return null;
      }
      sites = new Site[slots];
    }
    int i = site * warps + warp;
    Site s = sites[i];
    if (s == null) {
      s = sites[i] = new Site();
    }
    if (s.block != block) {
      s.block = block;
      s.next = 0;
    }
    if (s.misses > 8 && s.misses > 4 * s.hits) {
      return null;
    }
    return s;
  }

  /** Instance {@code k} of {@code s}, checked lane by lane: kept in its place, room allowing. */
  void keep(Site s, int k, long[] ptr, int[] offsets, int banks, boolean one, int low) {
    if (k < s.count) {
      s.misses++; // a kept instance whose pointers changed (a first time, or one past the limits, is no miss)
    }
    if (k > s.count || k >= MAX_INSTANCES || (k == s.count && entries >= MAX_ENTRIES)) {
      return; // an instance before it is not kept: the instances stay in order
    }
    if (k == s.count) {
      if (k == s.kept.length) {
        s.kept = Arrays.copyOf(s.kept, Math.min(2 * k, MAX_INSTANCES));
      }
      s.kept[k] = new Entry();
      s.count++;
      entries++;
    }
    Entry e = s.kept[k];
    System.arraycopy(ptr, 0, e.ptr, 0, 32);
    System.arraycopy(offsets, 0, e.offs, 0, 32);
    e.banks = banks;
    e.one = one;
    e.low = low;
    e.banked = null;
    e.block = s.block;
  }

  /** Keeps what the bank model gave {@code e}: {@code bankOut} and the histogram up to {@code top}. */
  static void keepBanked(Entry e, int[] bankOut, long[] histogram, int top) {
    long[] b = new long[3 + top + 1];
    b[0] = bankOut[0];
    b[1] = bankOut[1];
    b[2] = bankOut[2];
    System.arraycopy(histogram, 0, b, 3, top + 1);
    e.banked = b;
  }

  /**
   * What the bank model gave {@code e}, into {@code bankOut} and {@code histogram} (whose entries
   * up to the degree it restores were zero): false when it was not kept.
   */
  static boolean banked(Entry e, int[] bankOut, long[] histogram) {
    long[] b = e.banked;
    if (b == null) {
      return false;
    }
    bankOut[0] = (int) b[0];
    bankOut[1] = (int) b[1];
    bankOut[2] = (int) b[2];
    System.arraycopy(b, 3, histogram, 0, b.length - 3);
    return true;
  }
}
