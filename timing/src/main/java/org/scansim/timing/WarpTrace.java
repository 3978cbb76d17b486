package org.scansim.timing;

import java.util.Arrays;

/**
 * What one warp of a block did, in order, as the timing model needs it: per instruction its kind
 * ({@link #FREE} ... {@link #OTHER}) with what it cost in memory (wavefronts or sectors), and a
 * reference into a table of what does not change from one execution to the next: the register
 * it writes and those it reads (IR register ids, -1 for none) and its source site (an index the
 * {@link TimingObserver} gives each instruction; -1 for none). Two ints an instruction; the
 * observer's traces share its table of the module's instructions.
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
  /** Branches, warp votes and shuffles, fences of a block's scope: one issue slot, an ALU's latency. */
  static final int OTHER = 8;
  /** A load or store whose space the next event tells; none (a load nvcc forwards, half of a pair) makes it {@link #FREE}. */
  static final int MEMORY_PENDING = 9;
  /** A global load whose sectors were all in L1. */
  static final int GLOBAL_LD_L1 = 10;
  /** A global load past L1 (a volatile one) whose sectors were all in L2. */
  static final int GLOBAL_LD_L2 = 11;
  /** A conversion between integer and floating point (F2I, I2F). */
  static final int CONVERT = 12;
  /** A global load from device memory, not the block's first, on a 2 MiB page the block has not loaded from. */
  static final int GLOBAL_LD_PAGE = 13;
  /** A global load from device memory, not the block's first, on a page the block has loaded from. */
  static final int GLOBAL_LD_DRAM = 14;

  /** A call of a device virtual function: its warp waits for the vtable and the indirect call ({@link TimingParameters#indirectCallCycles}). */
  static final int CALL_VIRTUAL = 15;
  /**
   * A fence of the device's or the system's scope ({@code __threadfence}, MEMBAR.GPU): its warp
   * waits for its global stores to drain, then {@link TimingParameters#fenceCycles}.
   */
  static final int FENCE = 16;
  /** A global atomic, done in L2: {@link TimingParameters#atomicLatency} to its result. */
  static final int GLOBAL_ATOMIC = 17;

  /** How long a load of each global kind waits, as a rank: an instruction's requests wait for the slowest. */
  static int slowness(int kind) {
    return switch (kind) {
      case GLOBAL_LD -> 5;
      case GLOBAL_LD_PAGE -> 4;
      case GLOBAL_LD_DRAM -> 3;
      case GLOBAL_LD_L2 -> 2;
      case GLOBAL_LD_L1 -> 1;
      default -> 0;
    };
  }

  /** Ints an instruction: kind and cost, and its reference into {@link #table}. */
  static final int WIDTH = 2;
  /** Ints a table entry: the register written, three read, the site, and {@link #MEMORY} and {@link #ORDER} flags. */
  static final int ENTRY = 6;
  /** A table entry's flag: the instruction reads or writes memory (a load nvcc forwarded is {@link #FREE} but still one). */
  static final int MEMORY = 1;
  /** A table entry's flag: the instruction orders what comes around it (a fence, barrier, shuffle, vote, call, return). */
  static final int ORDER = 2;

  int[] ops = new int[WIDTH * 64];
  int length;
  /** The memory all traces of one launch may take, shared by them (null: unbounded, for a trace of a test). */
  private final Budget budget;

  /**
   * The ints the traces of one launch may grow by, together (their instructions, early loads and
   * marks): the timing model's memory is bounded by construction, whatever a kernel does (a loop
   * that never ends appends an instruction for ever). Past it, the launch is not timed ({@link
   * #exhausted}) and the traces stop growing: what they record is overwritten.
   */
  static final class Budget {
    private final long limit;
    private final java.util.concurrent.atomic.AtomicLong left;
    private volatile String exhausted;

    Budget(long ints) {
      this.limit = ints;
      this.left = new java.util.concurrent.atomic.AtomicLong(ints);
    }

    /** The ints the traces may take. */
    long limit() {
      return limit;
    }

    /** A new launch's budget: whole again, unless an earlier launch exhausted it (the run then has no cycles). */
    void renew() {
      left.set(limit);
    }

    boolean take(long ints) {
      if (exhausted != null) {
        return false;
      }
      if (left.addAndGet(-ints) >= 0) {
        return true;
      }
      exhausted = "the timing model's traces passed their memory budget of " + (limit * Integer.BYTES >> 20) + " MiB ("
          + limit / WIDTH + " issued instructions held at once, in the blocks that run together)";
      return false;
    }

    /** Why the run cannot be timed, or null. */
    String exhausted() {
      return exhausted;
    }
  }
  /** Whether a table of this trace may grow by {@code ints} within the launch's budget (a test's trace has none). */
  private boolean mayGrow(long ints) {
    return budget == null || budget.take(ints);
  }

  /** The registers and site of each reference ({@link #ENTRY} ints each). */
  private int[] table;
  /** Entries in a table of this trace's own ({@link #add(int, int, int, int, int, int)}); -1 with a shared table. */
  private int entries;
  /** Executions so far of each loop-control instruction ({@link LoopControl}), by its id. */
  int[] controlCounts = new int[0];
  /** The register the last instruction wrote when it was a floating-point multiply (an add of it fuses), else -1. */
  int multiplied = -1;
  /** The instructions whose issue cycle {@link SmModel} reports (a block's accesses other blocks see: {@link BlockSync}), in order. */
  int[] marks = new int[0];
  int markCount;

  /** A trace with a table of its own, filled by {@link #add(int, int, int, int, int, int)}. */
  WarpTrace() {
    this.table = new int[ENTRY * 16];
    this.budget = null;
  }

  /** A trace whose instructions refer to {@code table} ({@link #add(int, int)}), growing within {@code budget}. */
  WarpTrace(int[] table, Budget budget) {
    this.table = table;
    this.entries = -1;
    this.budget = budget;
  }

  /** Empty, for the next block. */
  void reset() {
    length = 0;
    markCount = 0;
    conflicted = false;
    hoistPending = false;
    loadCount = 0;
    java.util.Arrays.fill(controlCounts, 0);
    multiplied = -1;
    if (entries > 0) {
      entries = 0;
    }
    if (shared != null) { // the private copy stays (charged once to the budget): its renamed entries are free again
      copyNext = shared.length / ENTRY;
    }
  }

  void add(int kind, int dst, int s0, int s1, int s2) {
    add(kind, dst, s0, s1, s2, -1);
  }

  /** An instruction with its registers and site, in this trace's own table. */
  void add(int kind, int dst, int s0, int s1, int s2, int site) {
    if ((entries + 1) * ENTRY > table.length) {
      table = Arrays.copyOf(table, table.length * 2);
    }
    int e = entries * ENTRY;
    table[e] = dst;
    table[e + 1] = s0;
    table[e + 2] = s1;
    table[e + 3] = s2;
    table[e + 4] = site;
    table[e + 5] = 0;
    add(kind, entries++);
  }

  /** An instruction of kind (and cost) {@code kind} whose registers and site are the table's entry {@code ref}. */
  void add(int kind, int ref) {
    if ((length + 1) * WIDTH > ops.length) {
      if (!mayGrow(ops.length)) {
        length = 0; // past the budget: the launch is not timed, and the trace is overwritten from its start
        markCount = 0;
      } else {
        ops = Arrays.copyOf(ops, ops.length * 2);
      }
    }
    int o = length * WIDTH;
    ops[o] = kind;
    ops[o + 1] = ref;
    length++;
  }

  /** Appends instructions given as {@link #add(int, int)}'s pairs, if the trace has room for them without growing; false (nothing appended) otherwise. */
  boolean append(int[] pairs) {
    if (length * WIDTH + pairs.length > ops.length) {
      return false;
    }
    System.arraycopy(pairs, 0, ops, length * WIDTH, pairs.length);
    length += pairs.length / WIDTH;
    return true;
  }

  int kind(int i) {
    return ops[i * WIDTH] & 0xFF;
  }

  /** Wavefronts or sectors (the kind's unit). */
  int cost(int i) {
    return (ops[i * WIDTH] >>> 8) & MAX_COST;
  }

  /** A shared access's wavefronts beyond its ideal ones: its bank conflicts. */
  int excess(int i) {
    return ops[i * WIDTH] >>> 20;
  }

  /** The most an instruction's cost and excess hold (12 bits each beside the kind's 8). */
  static final int MAX_COST = 0xFFF;

  /** Whether a shared access of this trace had bank conflicts ({@link #excess}). */
  boolean conflicted;

  /** The register instruction {@code i} writes, or -1. */
  int dst(int i) {
    return table[ops[i * WIDTH + 1] * ENTRY];
  }

  /** The {@code k}-th register (0 to 2) instruction {@code i} reads, or -1. */
  int src(int i, int k) {
    return table[ops[i * WIDTH + 1] * ENTRY + 1 + k];
  }

  /** Instruction {@code i}'s {@link #MEMORY} and {@link #ORDER} flags. */
  int flags(int i) {
    return table[ops[i * WIDTH + 1] * ENTRY + 5];
  }

  /** Instruction {@code i}'s site, or -1. */
  int site(int i) {
    return table[ops[i * WIDTH + 1] * ENTRY + 4];
  }

  /** Marks the last instruction ({@link #marks}); returns its number among this trace's marks. */
  int mark() {
    if (markCount == marks.length) {
      if (!mayGrow(Math.max(4, marks.length))) {
        markCount = 0; // past the budget: the launch is not timed, and the marks are overwritten
      } else {
        marks = Arrays.copyOf(marks, Math.max(4, marks.length * 2));
      }
    }
    marks[markCount] = length - 1;
    return markCount++;
  }

  /** The last instruction becomes a memory access of {@code kind} costing {@code cost} more (wavefronts or sectors). */
  void access(int kind, int cost) {
    access(kind, cost, 0);
  }

  /** The same, {@code excess} of the wavefronts beyond the ideal ones (bank conflicts). */
  void access(int kind, int cost, int excess) {
    if (length == 0) {
      return;
    }
    int o = (length - 1) * WIDTH;
    int c = Math.min(MAX_COST, ((ops[o] >>> 8) & MAX_COST) + cost);
    int e = Math.min(MAX_COST, (ops[o] >>> 20) + excess);
    ops[o] = kind | c << 8 | e << 20;
    conflicted |= excess > 0;
  }

  /**
   * The last instruction's events are all in (the warp issues its next one, or the block ends): a
   * pending memory instruction that made no request becomes {@link #FREE} (nvcc issued none), and
   * a global load waiting to be issued early ({@link #hoistPending}) is listed.
   */
  void settle() {
    if (length > 0 && kind(length - 1) == MEMORY_PENDING) {
      ops[(length - 1) * WIDTH] = FREE;
    }
    if (hoistPending) {
      hoistPending = false;
      if (loadCount == loads.length) {
        if (!mayGrow(Math.max(8, loads.length))) {
          loadCount = 0; // past the budget: the launch is not timed, and the table is overwritten
        } else {
          loads = Arrays.copyOf(loads, Math.max(8, loads.length * 2));
        }
      }
      loads[loadCount++] = length - 1;
    }
  }

  /** The last instruction is a global load to issue early once all its requests are in ({@link #settle}). */
  boolean hoistPending;
  /** The global loads to issue early, in order ({@link #hoistLoads}). */
  private int[] loads = new int[0];
  private int loadCount;

  /**
   * Issues each global load early ({@link LoadHoist}), in order, registers renamed from {@code
   * registers} on. Done once for each distinct trace, before it is timed: equal traces reorder
   * equally, so the memo's key is the trace as recorded. Returns how many registers the trace now
   * needs: {@code registers}, or more when it renamed some ({@link LoadHoist#RENAMES}).
   */
  int hoistLoads(int registers) {
    settle();
    LoadHoist h = new LoadHoist(this, registers);
    for (int i = 0; i < loadCount; i++) {
      h.hoist(loads[i]);
    }
    loadCount = 0;
    return h.registers();
  }

  /** Instruction {@code i}'s kind and cost, and its table entry, as {@link #WIDTH} ints (for {@link LoadHoist}'s moves). */
  int[] ops() {
    return ops;
  }

  /** The shared table, once this trace uses a private copy of it in which it renames registers ({@link #rewrite}); kept for the trace's next blocks. */
  private int[] shared;
  /** The next entry of the private copy. */
  private int copyNext;

  /**
   * Instruction {@code i} with the registers {@code dst} writes and {@code s0}..{@code s2} reads
   * (a register renamed: {@link LoadHoist}), in an entry of its own: of this trace's own table, or a
   * private copy of the shared one, made on the first rewrite. False, and nothing changed, past the
   * launch's memory budget.
   */
  boolean rewrite(int i, int dst, int s0, int s1, int s2) {
    int from = ops[i * WIDTH + 1] * ENTRY;
    int at;
    if (entries >= 0) {
      at = entries;
    } else {
      if (shared == null) {
        if (!mayGrow(table.length)) {
          return false;
        }
        shared = table;
        copyNext = table.length / ENTRY;
        table = Arrays.copyOf(table, table.length + 16 * ENTRY);
      }
      at = copyNext;
    }
    if ((at + 1) * ENTRY > table.length) {
      if (!mayGrow(table.length)) {
        return false;
      }
      table = Arrays.copyOf(table, table.length * 2);
    }
    System.arraycopy(table, from, table, at * ENTRY, ENTRY);
    table[at * ENTRY] = dst;
    table[at * ENTRY + 1] = s0;
    table[at * ENTRY + 2] = s1;
    table[at * ENTRY + 3] = s2;
    if (entries >= 0) {
      entries++;
    } else {
      copyNext++;
    }
    ops[i * WIDTH + 1] = at;
    return true;
  }

  /** The trace's two hashes, set by {@link #hash()}. */
  long h1;
  long h2;

  /**
   * Two independent 64-bit hashes of the trace (FNV-style and a second multiplier), for the memo's
   * 128-bit key: {@link #h1}, {@link #h2}. A shared table's references stand for their entries.
   */
  void hash() {
    long a = 0xCBF29CE484222325L ^ length;
    long b = 0x9E3779B97F4A7C15L ^ length;
    for (int i = 0; i < length * WIDTH; i++) {
      a = (a ^ ops[i]) * 0x100000001B3L;
      b = (b ^ ops[i]) * 0xBF58476D1CE4E5B9L;
    }
    for (int i = 0; i < markCount; i++) {
      a = (a ^ ~marks[i]) * 0x100000001B3L;
      b = (b ^ ~marks[i]) * 0xBF58476D1CE4E5B9L;
    }
    h1 = a;
    h2 = b;
  }
}
