package org.scansim.sim.engine;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.scansim.frontend.ir.IrType;
import org.scansim.sim.memory.Allocation;
import org.scansim.sim.memory.Ptr;

/**
 * A {@link BlockTape} compiled to the dataflow from its global loads to its global stores
 * (docs/engine.md, "Block replay"). A tape's shared addresses are the same in every block it
 * stands for, so what a word of shared memory holds at each step is known when the tape is made:
 * a store to it and a later load from it are one value, and the warp's registers are names too.
 * What is left is one array of values per block: its global loads, the operations on them (one
 * per lane the tape ran them for), the values of its block-index terms, and its global stores.
 * Harris's scan block replays about 2,000 additions this way where the tape makes 12,000 lane
 * accesses to shared memory.
 *
 * <p>The taint of what a block loads decides the work it counts and the taint of what it stores;
 * the flow does not track it. It takes both from a block the tape replayed ({@link #calibrate})
 * and runs a block only when every word it loads is tainted as that block's were; otherwise the
 * tape replays the block and the flow calibrates again. The flow refuses ({@link #compile}
 * returns null) a tape with an access other than an aligned 4-byte word, a global load of a word
 * the block stored before (its loads all run first), or an instruction it has no value for.
 */
final class BlockFlow {
  /**
   * Whether tapes are compiled to flows: the system property {@code scansim.flow} set to {@code
   * off} replays every tape entry by entry (a differential run compares the two).
   */
  static volatile boolean on = !"off".equals(System.getProperty("scansim.flow"));

  /** With {@link BlockReplay#counting}: blocks a flow ran, for tests that must reach it. */
  static final java.util.concurrent.atomic.AtomicLong RAN = new java.util.concurrent.atomic.AtomicLong();
  /** With {@link BlockReplay#counting}: calibrations, for tests of blocks that load unlike each other. */
  static final java.util.concurrent.atomic.AtomicLong CALIBRATED = new java.util.concurrent.atomic.AtomicLong();

  /** Operation kinds beyond {@link Lanes}' (whose kinds are the lane loops' own): the interpreter's generic arithmetic. */
  private static final int BINARY = 100;
  private static final int UNARY = 101;
  private static final int COMPARE = 102;
  private static final int CONVERT = 103;
  private static final int PTR_DIFF = 104;
  /** {@link Lanes#SHR_I32} by a uniform amount, whose lane loop shifts by 31 from 32 on. */
  private static final int SHR_I32_UNIFORM = 105;

  /**
   * The most values a flow is made with (a few megabytes while it is made): a tape whose blocks
   * run longer is replayed entry by entry. Harris's scan block has about 4,000.
   */
  private static final int MAX_VALUES = 1 << 18;

  /** Taint mismatches after which the flow stops calibrating (a launch whose blocks load unlike each other). */
  private static final int MAX_CALIBRATIONS = 8;

  private final int b0;
  /** The values of one block: constants (set once), block-index terms, loads, then operations. */
  private final long[] values;

  /**
   * Global loads and stores, in runs: the lanes of one tape entry whose words follow each other
   * (a coalesced warp access is one run), each run's taint checked or written at once.
   */
  private static final class Runs {
    final Allocation[] array;
    /** Per run: the byte step per block, its first lane's offset in the recorded block, lanes, first lane's index. */
    final long[] step;
    final int[] offset;
    final int[] length;
    final int[] first;
    /** Whether the run's words are aligned in every block: one taint byte each, in a row. */
    final boolean[] bulk;
    /** Per run, for a load: the mask of a loaded word ({@link IrType#U32}'s, or all ones). */
    final long[] hi;
    /** Per lane: its value's slot. */
    final int[] slot;
    /** Per lane: its word's taint byte in the last calibration. */
    final byte[] taint;

    Runs(List<BlockTape.Access> entries, List<List<int[]>> lanes) {
      List<int[]> runs = new ArrayList<>(); // entry, offset, length, first lane
      List<Integer> slots = new ArrayList<>();
      for (int e = 0; e < entries.size(); e++) {
        BlockTape.Access x = entries.get(e);
        int[] last = null;
        for (int[] lane : lanes.get(e)) { // {offset, slot}
          boolean follows = last != null && lane[0] == last[1] + 4 * last[2] && (x.kind == BlockTape.STORE || lane[1] == slots.get(last[3] + last[2] - 1) + 1);
          if (follows) {
            last[2]++;
          } else {
            last = new int[] {e, lane[0], 1, slots.size()};
            runs.add(last);
          }
          slots.add(lane[1]);
        }
      }
      int n = runs.size();
      array = new Allocation[n];
      step = new long[n];
      offset = new int[n];
      length = new int[n];
      first = new int[n];
      bulk = new boolean[n];
      hi = new long[n];
      for (int r = 0; r < n; r++) {
        int[] run = runs.get(r);
        BlockTape.Access x = entries.get(run[0]);
        array[r] = x.global;
        step[r] = x.step;
        offset[r] = run[1];
        length[r] = run[2];
        first[r] = run[3];
        bulk[r] = (run[1] & 3) == 0 && (x.step & 3) == 0;
        hi[r] = x.in.type == IrType.U32 ? 0xFFFF_FFFFL : -1L;
      }
      slot = slots.stream().mapToInt(Integer::intValue).toArray();
      taint = new byte[slot.length];
    }

    /** Each lane's taint byte at block b − b0 = k, into {@link #taint}. */
    void readTaint(long k) {
      for (int r = 0; r < array.length; r++) {
        int o = offset[r] + (int) (step[r] * k);
        byte[] tw = array[r].taintWords();
        for (int i = 0; i < length[r]; i++) {
          taint[first[r] + i] = tw[(o + 4 * i) >>> 2];
        }
      }
    }
  }

  private final Runs loads;
  private final Runs stores;

  // Block-index terms: value + step × (b − b0), a pointer when ptr.
  private final int[] termSlot;
  private final long[] termValue;
  private final long[] termStep;
  private final boolean[] termPtr;

  // Operations, in the tape's order: kind, operands' slots, instruction; the result goes to slot first + i.
  private final int opFirst;
  private final int[] opKind;
  /** Runs of operations of one kind: each run's kind and the index after its last operation. */
  private final int[] runKind;
  private final int[] runEnd;
  private final int[] opA;
  private final int[] opB;
  private final CInsn[] opIn;

  // From the last calibration (with the taint in the runs): the work counted.
  private boolean calibrated;
  private int calibrations;
  private long work;
  private int[] workSites = new int[0];
  private long[] workAtSite = new long[0];
  private int[] workPhases = new int[0];
  private long[] workInPhase = new long[0];
  private int maxLaneWork;

  private BlockFlow(Builder f) {
    this.b0 = f.tape.b0;
    int n = f.live.size();
    this.values = new long[n];
    for (Node c : f.constants.values()) {
      if (c.slot >= 0) {
        values[c.slot] = c.value;
      }
    }
    List<List<int[]>> loadLanes = new ArrayList<>();
    for (List<Node> lanes : f.loadNodes) {
      List<int[]> l = new ArrayList<>();
      for (Node x : lanes) {
        l.add(new int[] {(int) x.value, x.slot});
      }
      loadLanes.add(l);
    }
    loads = new Runs(f.loadEntries, loadLanes);
    List<List<int[]>> storeLanes = new ArrayList<>();
    for (List<Object[]> lanes : f.storeNodes) {
      List<int[]> l = new ArrayList<>();
      for (Object[] x : lanes) {
        l.add(new int[] {(Integer) x[0], ((Node) x[1]).slot});
      }
      storeLanes.add(l);
    }
    stores = new Runs(f.storeEntries, storeLanes);
    List<Node> terms = new ArrayList<>();
    List<Node> ops = new ArrayList<>();
    for (Node x : f.live) {
      if (x.type == Node.TERM) {
        terms.add(x);
      } else if (x.type == Node.OP) {
        ops.add(x);
      }
    }
    termSlot = new int[terms.size()];
    termValue = new long[terms.size()];
    termStep = new long[terms.size()];
    termPtr = new boolean[terms.size()];
    for (int i = 0; i < terms.size(); i++) {
      Node t = terms.get(i);
      termSlot[i] = t.slot;
      termValue[i] = t.value;
      termStep[i] = t.step;
      termPtr[i] = t.ptr;
    }
    opFirst = ops.isEmpty() ? n : ops.get(0).slot;
    opKind = new int[ops.size()];
    opA = new int[ops.size()];
    opB = new int[ops.size()];
    opIn = new CInsn[ops.size()];
    for (int i = 0; i < ops.size(); i++) {
      Node o = ops.get(i);
      opKind[i] = o.kind;
      opA[i] = o.a.slot;
      opB[i] = o.b == null ? f.zero().slot : o.b.slot;
      opIn[i] = o.in;
    }
    int runs = 0;
    for (int i = 0; i < opKind.length; i++) {
      runs += i == 0 || opKind[i] != opKind[i - 1] ? 1 : 0;
    }
    runKind = new int[runs];
    runEnd = new int[runs];
    for (int i = 0, r = -1; i < opKind.length; i++) {
      if (i == 0 || opKind[i] != opKind[i - 1]) {
        runKind[++r] = opKind[i];
      }
      runEnd[r] = i + 1;
    }
  }

  /** The tape's flow, or null when the flow cannot stand for it (see the class comment). */
  static BlockFlow compile(BlockTape tape, BlockExecutor scratch) {
    Builder f = new Builder(tape, scratch.warps().length, scratch.code().registerCount());
    return f.build() ? new BlockFlow(f) : null;
  }

  /**
   * Runs block b as the tape would replay it, with the work counted into {@code lx}: false
   * (nothing changed) when the flow is not calibrated, or a word it loads is tainted unlike the
   * calibration's.
   */
  boolean run(long b, LaunchContext lx) {
    if (!calibrated) {
      return false;
    }
    long k = b - b0;
    if (!load(k)) {
      return false;
    }
    terms(k);
    compute(values);
    store(k);
    count(lx);
    if (BlockReplay.counting) {
      RAN.incrementAndGet();
    }
    return true;
  }

  /**
   * The block's loads into their slots: false when a word's taint is not the calibration's (the
   * slots are the flow's scratch, so a block refused half-way has changed nothing).
   */
  private boolean load(long k) {
    Runs x = loads;
    long[] v = values;
    byte[] want = x.taint;
    for (int r = 0; r < x.array.length; r++) {
      Allocation a = x.array[r];
      byte[] tw = a.taintWords();
      int o = x.offset[r] + (int) (x.step[r] * k);
      int n = x.length[r];
      int f = x.first[r];
      int slot = x.slot[f];
      long hi = x.hi[r];
      if (x.bulk[r]) {
        int w = o >>> 2;
        for (int i = 0; i < n; i++) {
          if (tw[w + i] != want[f + i]) {
            return false;
          }
          v[slot + i] = a.loadWord(o + 4 * i) & hi;
        }
      } else {
        for (int i = 0; i < n; i++) {
          if (tw[(o + 4 * i) >>> 2] != want[f + i]) {
            return false;
          }
          v[slot + i] = a.loadWord(o + 4 * i) & hi;
        }
      }
    }
    return true;
  }

  private void terms(long k) {
    long[] v = values;
    for (int i = 0; i < termSlot.length; i++) {
      long d = termStep[i] * k;
      v[termSlot[i]] = termPtr[i] ? Ptr.add(termValue[i], d) : termValue[i] + d;
    }
  }

  /** The block's stores, with the calibration's taint. */
  private void store(long k) {
    Runs x = stores;
    long[] v = values;
    for (int r = 0; r < x.array.length; r++) {
      Allocation a = x.array[r];
      byte[] tw = a.taintWords();
      int o = x.offset[r] + (int) (x.step[r] * k);
      int n = x.length[r];
      int f = x.first[r];
      for (int i = 0; i < n; i++) {
        a.storeWord(o + 4 * i, (int) v[x.slot[f + i]]);
      }
      if (x.bulk[r]) {
        System.arraycopy(x.taint, f, tw, o >>> 2, n);
      } else {
        for (int i = 0; i < n; i++) {
          tw[(o + 4 * i) >>> 2] = x.taint[f + i];
        }
      }
    }
  }

  private void count(LaunchContext lx) {
    if (work != 0) {
      lx.counters.work += work;
      for (int i = 0; i < workSites.length; i++) {
        lx.site(workSites[i]).work += workAtSite[i];
      }
      for (int i = 0; i < workPhases.length; i++) {
        lx.phase(workPhases[i]).work += workInPhase[i];
      }
    }
    lx.counters.maxThreadWork = Math.max(lx.counters.maxThreadWork, maxLaneWork);
  }

  /**
   * The operations, each lane's as its lane loop computes it (the generic ones as the
   * interpreter's lane does), a run of one kind at a time (a warp instruction's lanes make a run):
   * the loop of a run has no switch.
   */
  private void compute(long[] v) {
    int[] a = opA;
    int[] b = opB;
    int d = opFirst;
    int i = 0;
    for (int r = 0; r < runKind.length; r++) {
      int end = runEnd[r];
      switch (runKind[r]) {
        case Lanes.ADD_F32 -> {
          for (; i < end; i++) {
            v[d + i] = Alu.f(Alu.f(v[a[i]]) + Alu.f(v[b[i]]));
          }
        }
        case Lanes.MUL_F32 -> {
          for (; i < end; i++) {
            v[d + i] = Alu.f(Alu.f(v[a[i]]) * Alu.f(v[b[i]]));
          }
        }
        case Lanes.ADD_I32 -> {
          for (; i < end; i++) {
            v[d + i] = (v[a[i]] + v[b[i]]) << 32 >> 32;
          }
        }
        case Lanes.ADD_U32 -> {
          for (; i < end; i++) {
            v[d + i] = (v[a[i]] + v[b[i]]) & 0xFFFF_FFFFL;
          }
        }
        case Lanes.TO_I32 -> {
          for (; i < end; i++) {
            v[d + i] = v[a[i]] << 32 >> 32;
          }
        }
        case Lanes.TO_U32 -> {
          for (; i < end; i++) {
            v[d + i] = v[a[i]] & 0xFFFF_FFFFL;
          }
        }
        default -> {
          int kind = runKind[r];
          for (; i < end; i++) {
            v[d + i] = one(kind, opIn[i], v[a[i]], v[b[i]]);
          }
        }
      }
    }
  }

  /** One lane of an operation of any kind. */
  private static long one(int kind, CInsn in, long x, long y) {
    return switch (kind) {
      case BINARY -> Alu.binary(in, x, y);
      case UNARY -> Alu.unary(in, x);
      case COMPARE -> Alu.compare(in, x, y);
      case CONVERT -> Alu.convert(in.type, in.srcType, x);
      case PTR_DIFF -> (Ptr.offset(x) - Ptr.offset(y)) / in.ir.imm();
      case SHR_I32_UNIFORM -> x >> ((y & 31) | (~(((y >>> 5) - 1) >> 63) & 31)); // as Lanes.shrI32(d, a, s, mask)
      default -> Lanes.scalar(kind, in, x, y);
    };
  }

  /**
   * Whether the tape, about to replay block b, should calibrate the flow on it: call {@link
   * #calibrate} before and {@link Calibration#after} after the replay.
   */
  boolean wantsCalibration() {
    return calibrations < MAX_CALIBRATIONS;
  }

  /** Reads what the flow needs before the tape replays block b: its loaded words' taint and the work counted so far. */
  Calibration calibrate(long b, LaunchContext lx) {
    calibrations++;
    calibrated = false;
    if (BlockReplay.counting) {
      CALIBRATED.incrementAndGet();
    }
    loads.readTaint(b - b0);
    return new Calibration(b, lx);
  }

  /** The work counted before a calibrating replay; {@link #after} takes the difference. */
  final class Calibration {
    private final long b;
    private final long work;
    private final long[] sites;
    private final long[] phases;

    private Calibration(long b, LaunchContext lx) {
      this.b = b;
      this.work = lx.counters.work;
      this.sites = new long[lx.sites.length];
      for (int i = 0; i < sites.length; i++) {
        sites[i] = lx.sites[i] == null ? 0 : lx.sites[i].work;
      }
      this.phases = new long[lx.phases.size()];
      for (int i = 0; i < phases.length; i++) {
        phases[i] = lx.phases.get(i).work;
      }
    }

    /** After the tape replayed the block on {@code warps}: the work it counted and the taint it stored. */
    void after(LaunchContext lx, Warp[] warps) {
      BlockFlow f = BlockFlow.this;
      f.work = lx.counters.work - work;
      List<long[]> atSites = new ArrayList<>();
      for (int i = 0; i < lx.sites.length; i++) {
        long d = (lx.sites[i] == null ? 0 : lx.sites[i].work) - (i < sites.length ? sites[i] : 0);
        if (d != 0) {
          atSites.add(new long[] {i, d});
        }
      }
      f.workSites = atSites.stream().mapToInt(x -> (int) x[0]).toArray();
      f.workAtSite = atSites.stream().mapToLong(x -> x[1]).toArray();
      List<long[]> inPhases = new ArrayList<>();
      for (int i = 0; i < lx.phases.size(); i++) {
        long d = lx.phases.get(i).work - (i < phases.length ? phases[i] : 0);
        if (d != 0) {
          inPhases.add(new long[] {i, d});
        }
      }
      f.workPhases = inPhases.stream().mapToInt(x -> (int) x[0]).toArray();
      f.workInPhase = inPhases.stream().mapToLong(x -> x[1]).toArray();
      int most = 0;
      for (Warp w : warps) {
        for (int x : w.laneWork) {
          most = Math.max(most, x);
        }
      }
      f.maxLaneWork = most;
      stores.readTaint(b - b0);
      f.calibrated = true;
    }
  }

  /** A value of the flow while it is compiled. */
  private static final class Node {
    static final int CONST = 0;
    static final int TERM = 1;
    static final int LOAD = 2;
    static final int OP = 3;
    /** A word's value: the same as its low 32 bits sign-extended, or zero-extended. */
    static final int SIGNED = 1;
    static final int UNSIGNED = 2;

    final int type;
    /** CONST: the value; TERM: the value in the recorded block; LOAD: the lane's offset. */
    long value;
    long step;
    boolean ptr;
    int kind;
    CInsn in;
    Node a;
    Node b;
    /** When the operation only re-extends a word (a shared load of a stored value): what it extends. */
    Node extends_;
    int word;
    int slot = -1;

    Node(int type) {
      this.type = type;
    }
  }

  /** Runs the tape on names instead of values. */
  private static final class Builder {
    final BlockTape tape;
    /** Per warp, register and lane: the value it holds, or null. */
    final Node[][][] regs;
    final Map<Long, Node> shared = new HashMap<>();
    final Map<Long, Node> constants = new HashMap<>();
    final Map<List<Long>, Node> terms = new HashMap<>();
    final List<Node> nodes = new ArrayList<>();
    final List<BlockTape.Access> loadEntries = new ArrayList<>();
    int loadCount;
    final List<List<Node>> loadNodes = new ArrayList<>();
    final List<BlockTape.Access> storeEntries = new ArrayList<>();
    /** Per store entry, per lane: {offset, node}. */
    final List<List<Object[]>> storeNodes = new ArrayList<>();
    /**
     * Per global array, the words the block stored so far (at their offsets in the recorded block:
     * an array's loads and stores move by the same step, so a load reads one of them in every
     * block or in none).
     */
    final Map<Allocation, java.util.Set<Integer>> stored = new HashMap<>();
    /** The nodes with a slot, in order: the constants and terms some store depends on, every load, the operations some store depends on. */
    final List<Node> live = new ArrayList<>();

    Builder(BlockTape tape, int warps, int registers) {
      this.tape = tape;
      this.regs = new Node[warps][registers][];
    }

    private Node[] reg(int w, int r) {
      Node[] lanes = regs[w][r];
      if (lanes == null) {
        lanes = regs[w][r] = new Node[32];
      }
      return lanes;
    }

    Node constant(long v) {
      return constants.computeIfAbsent(v, x -> {
        Node c = new Node(Node.CONST);
        c.value = x;
        c.word = x == (int) (long) x ? Node.SIGNED : x == (x & 0xFFFF_FFFFL) ? Node.UNSIGNED : 0;
        return c;
      });
    }

    Node zero() {
      return constant(0);
    }

    boolean build() {
      for (BlockTape.Entry e : tape.entries) {
        boolean ok = switch (e.kind) {
          case BlockTape.EXEC -> exec((BlockTape.Exec) e);
          case BlockTape.LOAD -> load((BlockTape.Access) e);
          case BlockTape.STORE -> store((BlockTape.Access) e);
          default -> set((BlockTape.Set) e);
        };
        if (!ok || nodes.size() + loadCount > MAX_VALUES) {
          return false;
        }
      }
      order();
      return true;
    }

    private boolean set(BlockTape.Set s) {
      Node[] lanes = reg(s.warp, s.reg);
      for (int l = 0; l < 32; l++) {
        switch (s.kinds[l]) {
          case BlockTape.CONST -> lanes[l] = constant(s.value[l]);
          case BlockTape.AFFINE, BlockTape.AFFINE_PTR -> {
            boolean ptr = s.kinds[l] == BlockTape.AFFINE_PTR;
            lanes[l] = terms.computeIfAbsent(List.of(s.value[l], s.step[l], ptr ? 1L : 0L), x -> {
              Node t = new Node(Node.TERM);
              t.value = x.get(0);
              t.step = x.get(1);
              t.ptr = x.get(2) != 0;
              nodes.add(t);
              return t;
            });
          }
          default -> { } // computed by the tape
        }
      }
      return true;
    }

    private boolean exec(BlockTape.Exec x) {
      CInsn in = x.in;
      if (in.op == org.scansim.frontend.ir.Op.SHFL) {
        return shuffle(x);
      }
      int kind = kindOf(in);
      if (kind < 0 || in.ra < 0 || in.args.length > 2 || in.dst < 0) {
        return false;
      }
      Node[] a = reg(x.warp, in.ra);
      Node[] b = in.rb >= 0 ? reg(x.warp, in.rb) : null;
      Node[] d = reg(x.warp, in.dst);
      if (in.once) {
        Node r = op(kind, in, a[0], b == null ? null : b[0]);
        if (r == null) {
          return false;
        }
        Arrays.fill(d, r);
        return true;
      }
      Node[] out = new Node[32];
      boolean laneZeroB = in.uniformB && (kind == Lanes.SHL_I32 || kind == Lanes.SHR_I32 || kind == Lanes.SHL_U32 || kind == Lanes.SHR_U32);
      if (laneZeroB && kind == Lanes.SHR_I32) {
        kind = SHR_I32_UNIFORM;
      }
      for (int m = x.mask; m != 0; m &= m - 1) {
        int l = Integer.numberOfTrailingZeros(m);
        out[l] = op(kind, in, a[l], b == null ? null : b[laneZeroB ? 0 : l]);
        if (out[l] == null) {
          return false;
        }
      }
      for (int m = x.mask; m != 0; m &= m - 1) {
        int l = Integer.numberOfTrailingZeros(m);
        d[l] = out[l];
      }
      return true;
    }

    /**
     * A shuffle whose lane and width operands are the same in every block: each lane names the
     * value of the lane it reads ({@link Warps#source}); else the flow refuses.
     */
    private boolean shuffle(BlockTape.Exec x) {
      CInsn in = x.in;
      Node[] src = reg(x.warp, in.args[1]);
      Node[] lane = reg(x.warp, in.args[2]);
      Node[] width = reg(x.warp, in.args[3]);
      Node[] out = new Node[32];
      for (int m = x.mask; m != 0; m &= m - 1) {
        int l = Integer.numberOfTrailingZeros(m);
        if (lane[l] == null || lane[l].type != Node.CONST || width[l] == null || width[l].type != Node.CONST) {
          return false;
        }
        out[l] = src[Warps.source(in, l, lane[l].value, width[l].value)];
        if (out[l] == null) {
          return false;
        }
      }
      Node[] d = reg(x.warp, in.dst);
      for (int m = x.mask; m != 0; m &= m - 1) {
        int l = Integer.numberOfTrailingZeros(m);
        d[l] = out[l];
      }
      return true;
    }

    /** The flow's kind for in: its lane loop's, or the generic arithmetic's; -1 when the flow has none. */
    private static int kindOf(CInsn in) {
      if (in.lane != Lanes.GENERIC) {
        return in.lane == Lanes.TID_X ? -1 : in.lane;
      }
      return switch (in.op) {
        case MOV -> Lanes.MOV;
        case ADD, SUB, MUL, DIV, REM, AND, OR, XOR, SHL, SHR, MIN, MAX -> BINARY;
        case NEG, NOT, ABS, POPC, CLZ, FFS -> UNARY;
        case SETP -> COMPARE;
        case CVT -> CONVERT;
        case PTR_ADD -> Lanes.PTR_ADD;
        case PTR_DIFF -> PTR_DIFF;
        // other ops: not arithmetic the flow computes
        default -> -1;
      };
    }

    /** The node for one lane of an operation (a copy is its operand); null when an operand has no value. */
    private Node op(int kind, CInsn in, Node a, Node b) {
      if (a == null || (in.rb >= 0 && b == null)) {
        return null;
      }
      if (kind == Lanes.MOV) {
        return a;
      }
      if (lowWordOnly(kind)) {
        a = low(a);
        b = b == null ? null : low(b);
      }
      Node r = new Node(Node.OP);
      r.kind = kind;
      r.in = in;
      r.a = a;
      r.b = b;
      r.word = switch (kind) {
        case Lanes.ADD_I32, Lanes.SUB_I32, Lanes.MUL_I32, Lanes.SHL_I32, Lanes.TO_I32 -> Node.SIGNED;
        case Lanes.ADD_U32, Lanes.SUB_U32, Lanes.MUL_U32, Lanes.SHL_U32, Lanes.TO_U32, Lanes.ADD_F32, Lanes.SUB_F32, Lanes.MUL_F32,
            Lanes.INT_TO_F32 -> Node.UNSIGNED;
        default -> 0;
      };
      nodes.add(r);
      return r;
    }

    /** Kinds whose result reads only the low 32 bits of their operands. */
    private static boolean lowWordOnly(int kind) {
      return switch (kind) {
        case Lanes.ADD_F32, Lanes.SUB_F32, Lanes.MUL_F32, Lanes.ADD_I32, Lanes.SUB_I32, Lanes.MUL_I32, Lanes.ADD_U32, Lanes.SUB_U32,
            Lanes.MUL_U32, Lanes.TO_I32, Lanes.TO_U32 -> true;
        default -> false;
      };
    }

    /** What a node re-extends, where only its low word is read. */
    private static Node low(Node n) {
      return n.extends_ != null ? n.extends_ : n;
    }

    private boolean word(BlockTape.Access x) {
      return x.in.type.size() == 4 && !x.in.vector;
    }

    private boolean load(BlockTape.Access ld) {
      if (!word(ld)) {
        return false;
      }
      boolean unsigned = ld.in.type == IrType.U32;
      Node[] d = reg(ld.warp, ld.in.dst);
      if (ld.global != null) {
        java.util.Set<Integer> words = stored.get(ld.global);
        List<Node> lanes = new ArrayList<>();
        for (int m = ld.mask; m != 0; m &= m - 1) {
          int l = Integer.numberOfTrailingZeros(m);
          if (words != null && (words.contains(ld.offset[l] >>> 2) || words.contains((ld.offset[l] + 3) >>> 2))) {
            return false; // it reads a store of the block: the loads could not all run first
          }
          Node n = new Node(Node.LOAD);
          n.value = ld.offset[l];
          n.word = unsigned ? Node.UNSIGNED : Node.SIGNED;
          lanes.add(n);
          d[l] = n;
        }
        loadEntries.add(ld);
        loadNodes.add(lanes);
        loadCount += lanes.size();
        return true;
      }
      for (int m = ld.mask; m != 0; m &= m - 1) {
        int l = Integer.numberOfTrailingZeros(m);
        if ((ld.offset[l] & 3) != 0) {
          return false;
        }
        Node s = shared.get(((long) ld.sharedIndex << 32) | ld.offset[l]);
        if (s == null) {
          // Not stored by the block: the bytes every replay resets shared memory to.
          long v = (int) 0xABAB_ABAB;
          d[l] = constant(unsigned ? v & 0xFFFF_FFFFL : v);
        } else {
          d[l] = extend(s, unsigned);
        }
      }
      return true;
    }

    /** A stored word read back as a load of its type reads it: the node itself when it is held so already. */
    private Node extend(Node s, boolean unsigned) {
      int want = unsigned ? Node.UNSIGNED : Node.SIGNED;
      if (s.word == want) {
        return s;
      }
      if (s.type == Node.CONST) {
        return constant(unsigned ? s.value & 0xFFFF_FFFFL : (int) s.value);
      }
      Node r = new Node(Node.OP);
      r.kind = unsigned ? Lanes.TO_U32 : Lanes.TO_I32;
      r.a = low(s);
      r.word = want;
      r.extends_ = r.a;
      nodes.add(r);
      return r;
    }

    private boolean store(BlockTape.Access st) {
      if (!word(st)) {
        return false;
      }
      Node[] v = reg(st.warp, st.in.b());
      if (st.global != null) {
        if ((st.low & 3) != 0 || (st.step & 3) != 0) {
          return false;
        }
        List<Object[]> lanes = new ArrayList<>();
        for (int m = st.mask; m != 0; m &= m - 1) {
          int l = Integer.numberOfTrailingZeros(m);
          if (v[l] == null) {
            return false;
          }
          lanes.add(new Object[] {st.offset[l], low(v[l])});
        }
        java.util.Set<Integer> words = stored.computeIfAbsent(st.global, x -> new java.util.HashSet<>());
        for (Object[] lane : lanes) {
          words.add((Integer) lane[0] >>> 2);
        }
        storeEntries.add(st);
        storeNodes.add(lanes);
        return true;
      }
      for (int m = st.mask; m != 0; m &= m - 1) {
        int l = Integer.numberOfTrailingZeros(m);
        if (v[l] == null || (st.offset[l] & 3) != 0) {
          return false;
        }
        shared.put(((long) st.sharedIndex << 32) | st.offset[l], v[l]);
      }
      return true;
    }

    /** Marks what the stores depend on and gives each a slot: constants, terms, loads, then operations in the tape's order. */
    private void order() {
      java.util.Set<Node> need = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
      List<Node> work = new ArrayList<>();
      for (List<Object[]> lanes : storeNodes) {
        for (Object[] lane : lanes) {
          work.add((Node) lane[1]);
        }
      }
      work.add(zero());
      while (!work.isEmpty()) {
        Node n = work.remove(work.size() - 1);
        if (need.add(n) && n.type == Node.OP) {
          work.add(n.a);
          if (n.b != null) {
            work.add(n.b);
          }
        }
      }
      for (Node c : constants.values()) {
        if (need.contains(c)) {
          c.slot = live.size();
          live.add(c);
        }
      }
      for (Node n : nodes) {
        if (n.type == Node.TERM && need.contains(n)) {
          n.slot = live.size();
          live.add(n);
        }
      }
      for (List<Node> lanes : loadNodes) {
        for (Node n : lanes) { // every load: its taint is checked, and a warp's loads are copied at once
          n.slot = live.size();
          live.add(n);
        }
      }
      for (Node n : nodes) {
        if (n.type == Node.OP && need.contains(n)) {
          n.slot = live.size();
          live.add(n);
        }
      }
    }

  }
}
