package org.scansim.timing;

import java.util.Arrays;

/**
 * One block's timing events as the engine gave them, held instead of being turned into the block's
 * {@link WarpTrace}s at once: a block whose events equal the last block's (as almost all of a
 * large scan's blocks do) has the last block's traces, and so its time, without building them;
 * another block's events are replayed into its traces when it ends. Each event is a head int (its
 * tag in the low {@link #TAG_BITS} bits, the warp above them) and its tag's ints; a run's
 * instructions are held by reference beside the ints (the engine's array, with the run's bounds
 * among the ints), and two logs are equal when their ints are and their references are the same
 * objects.
 *
 * <p>Only what decides the traces is logged: a global access's outcome in the block's caches is
 * taken when it happens (the caches follow addresses, which differ from block to block), and the
 * outcome is logged.
 */
final class BlockLog {
  static final int TAG_BITS = 3;
  static final int RUN = 0;
  static final int ISSUE = 1;
  static final int SHARED = 2;
  static final int GLOBAL_STORE = 3;
  static final int GLOBAL_LOAD = 4;
  static final int LOCAL = 5;
  static final int ATOMIC = 6;
  static final int DIVERGE = 7;

  /**
   * The most ints a block's log holds (65,536 in 256 KiB, and a quarter as many references; a block
   * of Harris's scan logs about 5,000) before its events go to its traces at once: a block
   * that never ends (a runaway) grows its traces, which the traces' budget bounds, and not its log.
   * 0: no block is logged. The system property {@code scansim.blockLog} sets it (a number, or
   * {@code off}), so that a differential run can log none, or spill every log after a few events;
   * tests set the field.
   */
  static volatile int maxInts = maxInts(System.getProperty("scansim.blockLog"));

  private static int maxInts(String property) {
    if (property == null) {
      return 1 << 16;
    }
    if (property.equals("off")) {
      return 0;
    }
    try {
      return Math.max(0, Integer.parseInt(property));
    } catch (NumberFormatException e) {
      return 1 << 16;
    }
  }

  int[] ints = new int[256];
  int length;
  /**
   * The instructions and requests its events stand for, and the most it holds ({@link #full}): half
   * of what the traces' budget holds, set for each block.
   */
  long held;
  long maxHeld = Long.MAX_VALUE;
  /** {@link #maxInts} when the log was last cleared (read once a block, not once an event). */
  private int limit = maxInts;
  Object[] refs = new Object[64];
  int refCount;

  void clear() {
    globals = null;
    limit = maxInts;
    length = 0;
    held = 0;
    if (refCount > 0) {
      Arrays.fill(refs, 0, refCount, null);
      refCount = 0;
    }
  }

  /** Whether blocks are logged at all ({@link #maxInts} was above 0 when the log was last cleared). */
  boolean on() {
    return limit > 0;
  }

  /**
   * Whether the log has reached {@link #maxInts}, or stands for {@link #maxHeld} instructions and
   * requests (the block's traces, which the traces' budget bounds, then grow as the events come).
   */
  boolean full() {
    return length >= limit || held >= maxHeld;
  }

  /** An event of the instructions {@code from} to {@code to} of {@code ref}. */
  void add(int tag, int warp, Object ref, int from, int to) {
    if (length + 3 > ints.length) {
      grow();
    }
    if (refCount == refs.length) {
      refs = Arrays.copyOf(refs, Math.max(refCount + 1, Math.min(refs.length * 2, limit / 3 + 1)));
    }
    ints[length] = tag | warp << TAG_BITS;
    ints[length + 1] = from;
    ints[length + 2] = to;
    length += 3;
    refs[refCount++] = ref;
    held += to - from;
  }

  void add(int tag, int warp, int a) {
    if (length + 2 > ints.length) {
      grow();
    }
    ints[length] = tag | warp << TAG_BITS;
    ints[length + 1] = a;
    length += 2;
    held++;
  }

  void add(int tag, int warp, int a, int b) {
    if (length + 3 > ints.length) {
      grow();
    }
    ints[length] = tag | warp << TAG_BITS;
    ints[length + 1] = a;
    ints[length + 2] = b;
    length += 3;
    held++;
  }

  /** Room for one more event: twice the ints, but no more than the limit and one event past it (a log is full at the limit). */
  private void grow() {
    ints = Arrays.copyOf(ints, Math.max(length + 3, Math.min(ints.length * 2, limit + 3)));
  }

  /** The tag of an event whose head int is {@code head}. */
  static int tag(int head) {
    return head & ((1 << TAG_BITS) - 1);
  }

  /** Where its global requests' events are among its ints, in order (found when first asked, once the block has ended). */
  private int[] globals;

  int[] globals() {
    if (globals == null) {
      int[] at = new int[16];
      int n = 0;
      for (int i = 0; i < length; i += 1 + operands(tag(ints[i]))) {
        int tag = tag(ints[i]);
        if (tag == GLOBAL_STORE || tag == GLOBAL_LOAD) {
          if (n == at.length) {
            at = Arrays.copyOf(at, 2 * n);
          }
          at[n++] = i;
        }
      }
      globals = Arrays.copyOf(at, n);
    }
    return globals;
  }

  /** The ints an event of {@code tag} holds after its head. */
  static int operands(int tag) {
    return switch (tag) {
      case RUN, SHARED, GLOBAL_LOAD -> 2;
      default -> 1;
    };
  }

  /** Whether this log holds the same events as {@code other}. */
  boolean sameAs(BlockLog other) {
    if (length != other.length || refCount != other.refCount
        || !Arrays.equals(ints, 0, length, other.ints, 0, other.length)) {
      return false;
    }
    for (int i = 0; i < refCount; i++) {
      if (refs[i] != other.refs[i]) {
        return false;
      }
    }
    return true;
  }
}
