package org.scansim.sim.engine;

import java.util.ArrayList;
import java.util.List;
import org.scansim.sim.memory.Allocation;
import org.scansim.sim.memory.Ptr;

/**
 * What one recorded block did to memory and to the values it computed from memory, as a list of
 * warp instructions its neighbours replay ({@link BlockReplay}; docs/engine.md, "Block replay"):
 * the loads and stores at addresses that move with the block index by a fixed step, the
 * instructions that compute on what was loaded (run by the interpreter's own lane loops on a
 * scratch warp), and, before each of them, the operands that do not come from memory, set to
 * their value in the block replayed. Everything else the block ran (its control flow, its address
 * arithmetic) is the same in every block of the tape's range and is not run again; its counts are
 * the recorded block's ({@link #counts}).
 */
final class BlockTape {
  /** An operand lane set before an instruction: a value the same in every block of the range. */
  static final byte CONST = 0;
  /** An integer that moves with the block index: value + step × (b − b0). */
  static final byte AFFINE = 1;
  /** A pointer whose offset moves with the block index. */
  static final byte AFFINE_PTR = 2;
  /** A value the tape computes (from memory, or not an affine function of the block index). */
  static final byte TAPE = 3;

  /** The block recorded. */
  final int b0;
  /** The blocks the tape stands for: lo..hi. */
  final long lo;
  final long hi;
  /**
   * Blocks whose index differs by a multiple of the period move every global access by a
   * multiple of {@link BlockRecorder#ALIGN} bytes, and so count the same sectors: the counts are
   * taken once per residue ({@link #counts}).
   */
  final int period;
  /** For each global allocation id the tape touches: the byte step of its accesses per block. */
  final java.util.Map<Integer, Long> steps;
  final Entry[] entries;
  /** Per residue of b − b0 modulo the period: the counts of a block run with it, or null until one has. */
  final Counts[] counts;
  /** The tape compiled to its dataflow ({@link BlockFlow}): made at the first replay, null when it cannot be. */
  private BlockFlow flow;
  private boolean flowTried;

  /**
   * A block's counts with its work taken out (a replay counts work as it runs), the instructions
   * it took from the budget, its global footprint ranges (allocation id × 2 + write, low, high,
   * or null) and its index.
   */
  static final class Counts {
    private final LaunchContext counts;
    private final long used;
    private final long[] footprints;
    private final long block;
    /** What the run's observer heard of the block ({@link EventTape}), or null without one. */
    List<Object> events;
    /**
     * What the blocks replayed from these counts end with ({@link
     * org.scansim.sim.event.ExecutionObserver#blockEnd(int, Object)}): the same for counts whose
     * events are the same but for global addresses ({@link BlockReplay}).
     */
    Object key = this;
    /** Its global requests' addresses, as the blocks replayed from it make them (made when first needed). */
    EventTape.Addresses addresses;
    /** A scratch copy of the footprint ranges, moved to the block replayed, and each range's step ({@link #footprintsOf}). */
    long[] moved;
    long[] stepPerRange;
    /** Blocks replayed with these counts, added to the worker's at the launch's end ({@link BlockReplay#finish}). */
    long replays;

    Counts(LaunchContext counts, long used, long[] footprints, long block, List<Object> events) {
      this.events = events;
      this.counts = counts;
      this.used = used;
      this.footprints = footprints;
      this.block = block;
    }

    LaunchContext counts() {
      return counts;
    }

    long used() {
      return used;
    }

    long[] footprints() {
      return footprints;
    }

    long block() {
      return block;
    }
  }

  BlockTape(int b0, long lo, long hi, int period, java.util.Map<Integer, Long> steps, List<Entry> entries) {
    this.b0 = b0;
    this.lo = lo;
    this.hi = hi;
    this.period = period;
    this.steps = steps;
    this.entries = entries.toArray(new Entry[0]);
    this.counts = new Counts[period];
  }

  /** Whether block {@code b} is one the tape stands for. */
  boolean covers(long b) {
    return b >= lo && b <= hi;
  }

  /** The residue of block b, the index of its {@link #counts}. */
  int residue(long b) {
    return (int) Math.floorMod(b - b0, (long) period);
  }

  /** One step of the tape. */
  abstract static sealed class Entry permits Set, Exec, Access {
    /** The warp (its index in the block). */
    final int warp;
    /**
     * Which entry it is ({@link #SET}, {@link #EXEC}, {@link #LOAD}, {@link #STORE}): the replay
     * switches on it, where a test of the class would have the JIT guess which classes a tape
     * holds from the first tapes it saw, and compile the loop again for a tape with another.
     */
    final int kind;

    Entry(int warp, int kind) {
      this.warp = warp;
      this.kind = kind;
    }
  }

  static final int SET = 0;
  static final int EXEC = 1;
  static final int LOAD = 2;
  static final int STORE = 3;

  /** Register {@code reg}'s lanes that the tape does not compute, set to their value in the block replayed. */
  static final class Set extends Entry {
    final int reg;
    final byte[] kinds;
    final long[] value;
    final long[] step;
    /** The lanes of kind {@link #TAPE}: their taint is kept, the others' cleared. */
    final int tapeLanes;

    Set(int warp, int reg, byte[] kind, long[] value, long[] step, int tapeLanes) {
      super(warp, SET);
      this.reg = reg;
      this.kinds = kind;
      this.value = value;
      this.step = step;
      this.tapeLanes = tapeLanes;
    }
  }

  /** An instruction run as the interpreter runs it, for the lanes of mask, in barrier phase slot. */
  static final class Exec extends Entry {
    final CInsn in;
    final int mask;
    final int slot;

    Exec(int warp, CInsn in, int mask, int slot) {
      super(warp, EXEC);
      this.in = in;
      this.mask = mask;
      this.slot = slot;
    }
  }

  /**
   * A load ({@link #LOAD}) into register {@code in.dst} or a store ({@link #STORE}) of register
   * {@code in.b()}, by the lanes of mask at offset[l] + step × (b − b0) of a global allocation, or
   * of shared array {@code sharedIndex}.
   */
  static final class Access extends Entry {
    final CInsn in;
    final int mask;
    final Allocation global;
    final int sharedIndex;
    final int[] offset;
    final long step;
    /** The OR of the lanes' offsets: with the block's shift, whether each is a whole word. */
    final int low;

    Access(int kind, int warp, CInsn in, int mask, Allocation global, int sharedIndex, int[] offset, long step) {
      super(warp, kind);
      this.in = in;
      this.mask = mask;
      this.global = global;
      this.sharedIndex = sharedIndex;
      this.offset = offset;
      this.step = step;
      int or = 0;
      for (int m = mask; m != 0; m &= m - 1) {
        or |= offset[Integer.numberOfTrailingZeros(m)];
      }
      this.low = or;
    }
  }

  /**
   * Replays the tape as block {@code b} on {@code scratch}'s warps and shared memory: the block's
   * memory effects, its work (the most by one thread into the launch's maximum), and the taint
   * of what it stores, as running it would give; through its {@link BlockFlow} where it can.
   */
  void replay(long b, BlockExecutor scratch) {
    LaunchContext lx = scratch.lx();
    if (BlockFlow.on && !flowTried) {
      flowTried = true;
      flow = BlockFlow.compile(this, scratch);
    }
    BlockFlow f = BlockFlow.on ? flow : null;
    if (f != null && f.run(b, lx)) {
      return;
    }
    BlockFlow.Calibration c = f != null && f.wantsCalibration() ? f.calibrate(b, lx) : null;
    replayEntries(b, scratch);
    if (c != null) {
      c.after(lx, scratch.warps());
    }
    scratch.countThreadWork();
  }

  private void replayEntries(long b, BlockExecutor scratch) {
    long k = b - b0;
    Warp[] warps = scratch.warps();
    for (Warp w : warps) {
      java.util.Arrays.fill(w.laneWork, 0);
    }
    scratch.resetShared();
    Interpreter alu = scratch.interpreter();
    for (Entry e : entries) {
      Warp w = warps[e.warp];
      switch (e.kind) {
        case EXEC -> {
          Exec x = (Exec) e;
          w.slot = x.slot;
          alu.replay(w, x.in, x.mask);
        }
        case LOAD -> {
          Access ld = (Access) e;
          load(ld, w, ld.global != null ? ld.global : scratch.sharedAllocation(ld.sharedIndex), ld.step * k);
        }
        case STORE -> {
          Access st = (Access) e;
          store(st, w, st.global != null ? st.global : scratch.sharedAllocation(st.sharedIndex), st.step * k);
        }
        default -> set((Set) e, w, k);
      }
    }
  }

  private static void set(Set s, Warp w, long k) {
    long[] r = w.regs[s.reg];
    for (int l = 0; l < 32; l++) {
      switch (s.kinds[l]) {
        case CONST -> r[l] = s.value[l];
        case AFFINE -> r[l] = s.value[l] + s.step[l] * k;
        case AFFINE_PTR -> r[l] = Ptr.add(s.value[l], s.step[l] * k);
        default -> { } // computed by the tape
      }
    }
    w.taint[s.reg] &= s.tapeLanes;
  }

  private static void load(Access ld, Warp w, Allocation a, long shift) {
    CInsn in = ld.in;
    long[] d = w.regs[in.dst];
    int taint = 0;
    int[] offset = ld.offset;
    if (in.type.size() == 4) { // a word: as the interpreter's single-allocation path reads it
      long hi = in.type == org.scansim.frontend.ir.IrType.U32 ? 0xFFFF_FFFFL : -1L;
      byte[] tw = a.taintWords();
      int s = (int) shift;
      for (int m = ld.mask; m != 0; m &= m - 1) {
        int l = Integer.numberOfTrailingZeros(m);
        int o = offset[l] + s;
        d[l] = a.loadWord(o) & hi;
        taint |= (tw[o >>> 2] != 0 ? 1 : 0) << l;
      }
      w.taint[in.dst] = (w.taint[in.dst] & ~ld.mask) | taint;
      return;
    }
    for (int m = ld.mask; m != 0; m &= m - 1) {
      int l = Integer.numberOfTrailingZeros(m);
      int off = (int) (ld.offset[l] + shift);
      d[l] = a.load(in.type, off);
      if (a.tainted(off)) {
        taint |= 1 << l;
      }
    }
    w.taint[in.dst] = (w.taint[in.dst] & ~ld.mask) | taint;
  }

  private static void store(Access st, Warp w, Allocation a, long shift) {
    CInsn in = st.in;
    int size = in.type.size();
    long[] v = w.regs[in.b()];
    int vt = w.taint[in.b()];
    if (size == 4 && ((st.low | shift) & 3) == 0) { // as the interpreter's one-allocation path: a taint word each
      byte[] tw = a.taintWords();
      int[] offset = st.offset;
      int s = (int) shift;
      for (int m = st.mask; m != 0; m &= m - 1) {
        int l = Integer.numberOfTrailingZeros(m);
        int o = offset[l] + s;
        a.storeWord(o, (int) v[l]);
        tw[o >>> 2] = (byte) ((vt >>> l) & 1);
      }
      return;
    }
    for (int m = st.mask; m != 0; m &= m - 1) {
      int l = Integer.numberOfTrailingZeros(m);
      int off = (int) (st.offset[l] + shift);
      a.store(in.type, off, v[l]);
      a.setTaint(off, size, (vt & (1 << l)) != 0);
    }
  }

  /** The footprint ranges of c's block moved to block {@code b} into {@code to} (the worker's). */
  void footprintsOf(Counts c, long b, org.scansim.sim.memory.Footprints to) {
    long[] from = c.footprints();
    long[] out = c.moved;
    if (out == null) {
      out = c.moved = new long[from.length];
      c.stepPerRange = new long[from.length / 3];
      for (int r = 0; r < from.length; r += 3) {
        Long step = steps.get((int) (from[r] >> 1));
        c.stepPerRange[r / 3] = step == null ? 0 : step;
      }
    }
    long k = b - c.block();
    for (int r = 0; r < from.length; r += 3) {
      long shift = c.stepPerRange[r / 3] * k;
      out[r] = from[r];
      out[r + 1] = from[r + 1] + shift;
      out[r + 2] = from[r + 2] + shift;
    }
    to.replace(out);
  }

  static List<Entry> newList() {
    return new ArrayList<>();
  }
}
