package org.scansim.timing;

import java.util.Arrays;

/**
 * What one warp of a block did, in order, as the timing model needs it: per instruction its kind
 * ({@link #FREE} ... {@link #OTHER}), what it cost in memory (wavefronts or sectors), the register
 * it writes and those it reads (IR register ids, -1 for none), and its source site (an index the
 * {@link TimingObserver} gives each instruction; -1 for none). Six ints an instruction.
 */
final class WarpTrace {
  /** Folded into other instructions by nvcc (moves, address arithmetic, conversions, jumps): no issue slot. */
  static final int FREE = 0;
  static final int ALU = 1;
  static final int SPECIAL = 2;
  static final int SHARED_LD = 3;
  static final int SHARED_ST = 4;
  static final int GLOBAL_LD = 5;
  static final int GLOBAL_ST = 6;
  static final int BARRIER = 7;
  /** Branches, warp votes and shuffles, fences: one issue slot, an ALU's latency. */
  static final int OTHER = 8;
  /** A load or store whose space the next event tells; none (a load nvcc forwards, half of a pair) makes it {@link #FREE}. */
  static final int MEMORY_PENDING = 9;

  static final int WIDTH = 6;

  int[] ops = new int[WIDTH * 64];
  int length;
  /** Executions so far of each loop-control instruction ({@link LoopControl}), by its id. */
  int[] controlCounts = new int[0];
  /** The register the last instruction wrote when it was a floating-point multiply (an add of it fuses), else -1. */
  int multiplied = -1;

  /** Empty, for the next block. */
  void reset() {
    length = 0;
    java.util.Arrays.fill(controlCounts, 0);
    multiplied = -1;
  }

  void add(int kind, int dst, int s0, int s1, int s2) {
    add(kind, dst, s0, s1, s2, -1);
  }

  void add(int kind, int dst, int s0, int s1, int s2, int site) {
    if ((length + 1) * WIDTH > ops.length) {
      ops = Arrays.copyOf(ops, ops.length * 2);
    }
    int o = length * WIDTH;
    ops[o] = kind;
    ops[o + 1] = dst;
    ops[o + 2] = s0;
    ops[o + 3] = s1;
    ops[o + 4] = s2;
    ops[o + 5] = site;
    length++;
  }

  int kind(int i) {
    return ops[i * WIDTH] & 0xFF;
  }

  int cost(int i) {
    return ops[i * WIDTH] >>> 8;
  }

  /** The last instruction becomes a memory access of {@code kind} costing {@code cost} more (wavefronts or sectors). */
  void access(int kind, int cost) {
    if (length == 0) {
      return;
    }
    int o = (length - 1) * WIDTH;
    ops[o] = kind | (((ops[o] >>> 8) + cost) << 8);
  }

  /** A pending memory instruction that made no request: nvcc issued none. */
  void settle() {
    if (length > 0 && kind(length - 1) == MEMORY_PENDING) {
      ops[(length - 1) * WIDTH] = FREE;
    }
  }

  /** Two independent 64-bit hashes of the trace (FNV-style and a second multiplier), for the memo's 128-bit key. */
  long hash(long seed, long multiplier) {
    long h = seed ^ length;
    for (int i = 0; i < length * WIDTH; i++) {
      h = (h ^ ops[i]) * multiplier;
    }
    return h;
  }
}
