package org.scansim.timing;

import java.util.Arrays;

/**
 * nvcc's scheduler issuing a warp's global loads early, applied to a recorded {@link WarpTrace}:
 * each load moves, with the arithmetic its address needs, ahead of the instructions before it that
 * it does not depend on (both of Harris's loads before either shared store: every catalog build's
 * SASS, e.g. hardware/measurements/timing-2026-11-26-h100/sass/harris_conflict_free.sass; the 4
 * loads of a summing loop's 4 unrolled copies before their adds).
 *
 * <p>A load never passes a barrier, a global store or load, a branch that issues, a shuffle or
 * fence ({@link WarpTrace#OTHER}, {@link WarpTrace#ORDER}), or a division; it passes shared loads
 * and stores (another space), and a load nvcc forwarded, which does not move with it. Within
 * {@link #WINDOW} instructions that issue (the trace's free entries, a copy or an address nvcc
 * folds, are no instructions of the SASS), and {@link #SPAN} entries.
 *
 * <p>Registers are the IR's, one for each instruction, so a loop's copies reuse them where nvcc,
 * working in SSA form, gives each copy its own. An instruction the load passes that reads a
 * register the moving instructions write (the previous copy's add reading the loaded value) does
 * not hold the load back: the moving instruction writes a register of its own instead, from {@link
 * #RENAMES} beyond the block's, and its readers up to the register's next write read that one. Not
 * renamed, and so still in the way: an instruction that writes what the moving ones write, a
 * register written twice among them, and readers further than {@link #SCAN} instructions on.
 */
final class LoadHoist {
  /** How far back a load looks: the instructions nvcc's scheduler sees around a load. */
  static final int WINDOW = 32;
  /**
   * How many trace entries, free ones included, a load looks back over at most: enough for a loop
   * unrolled 16 times whose copies hold 20-odd free entries each (a select's moves and addresses).
   */
  static final int SPAN = 16 * WINDOW;
  /**
   * The registers a trace may rename to, used round-robin once each earlier one's readers are behind
   * any move still to come (SPAN before the load being moved). With too few, a long loop's loads
   * stop at the first register they cannot rename, a copy or two ahead of their uses.
   */
  static final int RENAMES = 128;
  /** How far past the load a renamed register's readers are looked for. */
  static final int SCAN = 1024;

  private final WarpTrace t;
  private final int base;
  /** Per renaming register: the last instruction that reads it (it is free again once every move starts past it). */
  private final int[] end = new int[RENAMES];
  private int next;
  private boolean renamed;

  // slice[k]: whether instruction last - k moves with the load (the load, and what its registers
  // come from); the registers the slice reads and writes, to test each instruction in one pass.
  private final boolean[] slice = new boolean[SPAN + 1];
  private final int[] reads = new int[3 * (SPAN + 1)];
  private final int[] writes = new int[SPAN + 1];
  private int readCount;
  private int writeCount;
  private final int[] moved = new int[(SPAN + 1) * WarpTrace.WIDTH];
  private final int[] readers = new int[SCAN + SPAN];

  LoadHoist(WarpTrace t, int registers) {
    this.t = t;
    this.base = registers;
    Arrays.fill(end, Integer.MIN_VALUE);
  }

  /** The registers the trace needs now: the block's, and the renaming ones if any was used. */
  int registers() {
    return renamed ? base + RENAMES : base;
  }

  /** Moves instruction {@code last}, a global load, as far ahead as it may go. */
  void hoist(int last) {
    if (last < 1) {
      return;
    }
    Arrays.fill(slice, false);
    slice[0] = true;
    readCount = 0;
    writeCount = 0;
    collect(last);
    int start = last;
    int issued = 0;
    for (int i = last - 1, k = 1; i >= 0 && k <= SPAN; i--, k++) {
      int kind = t.kind(i);
      if (kind != WarpTrace.FREE && ++issued > WINDOW) {
        break;
      }
      int flags = t.flags(i);
      if ((flags & WarpTrace.ORDER) != 0) {
        break;
      }
      boolean movable = (kind == WarpTrace.FREE || kind == WarpTrace.ALU || kind == WarpTrace.CONVERT) && (flags & WarpTrace.MEMORY) == 0;
      int d = t.dst(i);
      if (d >= 0 && contains(reads, readCount, d)) {
        // It feeds the slice: it moves with it, ahead of the instructions passed so far and in order
        // with the slice's own, so a register it reads that the slice writes later (a loop's j = j +
        // 1 as a copy, an add and a copy back) is no hazard. Those before it are tested as they come.
        if (!movable || readCount + 3 > reads.length) {
          break;
        }
        slice[k] = true;
        collect(i);
        continue;
      }
      boolean forwarded = kind == WarpTrace.FREE && (flags & WarpTrace.MEMORY) != 0; // a load nvcc forwarded: no instruction
      if (!(movable || forwarded || kind == WarpTrace.SHARED_LD || kind == WarpTrace.SHARED_ST)) {
        break;
      }
      if (d >= 0 && contains(writes, writeCount, d)) {
        break; // both write it: the slice's value must stay the later one
      }
      boolean clear = true;
      for (int s = 0; s < 3 && clear; s++) {
        int r = t.src(i, s);
        if (r >= 0 && contains(writes, writeCount, r) && !rename(r, i, last, k)) {
          clear = false; // it must read the register before the slice writes it
        }
      }
      if (!clear) {
        break;
      }
      start = i;
    }
    if (start == last) {
      return;
    }
    // Rotate [start, last]: the slice first, in order, then the rest, in order.
    int[] ops = t.ops();
    int n = last - start + 1;
    int at = 0;
    for (int pass = 0; pass < 2; pass++) {
      for (int i = start; i <= last; i++) {
        if (slice[last - i] == (pass == 0)) {
          moved[at++] = ops[i * WarpTrace.WIDTH];
          moved[at++] = ops[i * WarpTrace.WIDTH + 1];
        }
      }
    }
    System.arraycopy(moved, 0, ops, start * WarpTrace.WIDTH, n * WarpTrace.WIDTH);
    if (renamed) { // a renamed register's readers may have moved down: it stays taken until the last of them
      for (int i = start; i <= last; i++) {
        for (int s = 0; s < 3; s++) {
          int r = t.src(i, s) - base;
          if (r >= 0 && r < RENAMES) {
            end[r] = Math.max(end[r], i);
          }
        }
      }
    }
  }

  /** Adds instruction {@code i}'s registers to the slice's. */
  private void collect(int i) {
    for (int s = 0; s < 3; s++) {
      if (t.src(i, s) >= 0) {
        reads[readCount++] = t.src(i, s);
      }
    }
    if (t.dst(i) >= 0) {
      writes[writeCount++] = t.dst(i);
    }
  }

  /**
   * Gives the slice's one write of {@code r} a register of its own, and every later reader of that
   * value (slice or not, up to {@code r}'s next write) the same, so that instruction {@code passed},
   * which reads {@code r} before it, may be passed. False, and nothing changed, where it cannot.
   */
  private boolean rename(int r, int passed, int last, int k) {
    int writer = -1;
    for (int j = 1; j <= k; j++) { // the slice's members after the passed instruction: last - j + 1 ... last
      int idx = last - j + 1;
      if (slice[j - 1] && t.dst(idx) == r) {
        if (writer >= 0) {
          return false; // written twice in the slice
        }
        writer = idx;
      }
    }
    if (writer < 0) {
      return false;
    }
    // The readers of the writer's value: after it up to r's next write (which may read it too).
    int count = 0;
    int j = writer + 1;
    for (; j < t.length; j++) {
      if (count == readers.length || j - last > SCAN) {
        return false;
      }
      if (t.src(j, 0) == r || t.src(j, 1) == r || t.src(j, 2) == r) {
        readers[count++] = j;
      }
      if (t.dst(j) == r) {
        break;
      }
    }
    int lastReader = count == 0 ? writer : readers[count - 1];
    // The renaming register whose readers ended longest ago, if they are behind any move from here.
    int slot = -1;
    for (int s = 0; s < RENAMES; s++) {
      int at = (next + s) % RENAMES;
      if (end[at] < last - SPAN) {
        slot = at;
        break;
      }
    }
    if (slot < 0) {
      return false;
    }
    int fresh = base + slot;
    if (!t.rewrite(writer, fresh, t.src(writer, 0), t.src(writer, 1), t.src(writer, 2))) {
      return false;
    }
    for (int c = 0; c < count; c++) {
      int x = readers[c];
      int s0 = t.src(x, 0);
      int s1 = t.src(x, 1);
      int s2 = t.src(x, 2);
      if (!t.rewrite(x, t.dst(x), s0 == r ? fresh : s0, s1 == r ? fresh : s1, s2 == r ? fresh : s2)) {
        return false; // past the budget: the launch is not timed anyway
      }
    }
    end[slot] = lastReader;
    next = (slot + 1) % RENAMES;
    renamed = true;
    // The slice's registers as they are now.
    readCount = 0;
    writeCount = 0;
    for (int m = 0; m < k; m++) {
      if (slice[m]) {
        collect(last - m);
      }
    }
    return true;
  }

  private static boolean contains(int[] a, int count, int x) {
    if (x < 0) {
      return false;
    }
    for (int i = 0; i < count; i++) {
      if (a[i] == x) {
        return true;
      }
    }
    return false;
  }
}
