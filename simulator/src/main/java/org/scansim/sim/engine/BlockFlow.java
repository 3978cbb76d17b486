package org.scansim.sim.engine;

import java.util.ArrayList;
import java.util.List;
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
  static final int BINARY = 100;
  static final int UNARY = 101;
  static final int COMPARE = 102;
  static final int CONVERT = 103;
  static final int PTR_DIFF = 104;
  /** {@link Lanes#SHR_I32} by a uniform amount, whose lane loop shifts by 31 from 32 on. */
  static final int SHR_I32_UNIFORM = 105;

  /**
   * The most values a flow is made with (a few megabytes while it is made): a tape whose blocks
   * run longer is replayed entry by entry. Harris's scan block has about 4,000.
   */
  static final int MAX_VALUES = 1 << 18;

  /** Taint mismatches after which the flow stops calibrating (a launch whose blocks load unlike each other). */
  private static final int MAX_CALIBRATIONS = 8;

  private final int b0;
  /** The values of one block: constants (set once), block-index terms, loads, then operations. */
  private final long[] values;

  /**
   * Global loads and stores, in runs: the lanes of one tape entry whose words follow each other
   * (a coalesced warp access is one run), a store run's taint written at once.
   */
  private static final class Runs {
    final Allocation[] array;
    /** Per run: the byte step per block, its first lane's offset in the recorded block, lanes, first lane's index. */
    final long[] step;
    final int[] offset;
    final int[] length;
    final int[] first;
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
      hi = new long[n];
      for (int r = 0; r < n; r++) {
        int[] run = runs.get(r);
        BlockTape.Access x = entries.get(run[0]);
        array[r] = x.global;
        step[r] = x.step;
        offset[r] = run[1];
        length[r] = run[2];
        first[r] = run[3];
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

  private BlockFlow(FlowBuilder f) {
    this.b0 = f.tape.b0;
    int n = f.live.size();
    this.values = new long[n];
    for (FlowBuilder.Node c : f.constants.values()) {
      if (c.slot >= 0) {
        values[c.slot] = c.value;
      }
    }
    loads = new Runs(f.loadEntries, f.loadLanes());
    stores = new Runs(f.storeEntries, f.storeLanes());
    List<FlowBuilder.Node> terms = f.live.stream().filter(x -> x.type == FlowBuilder.Node.TERM).toList();
    termSlot = terms.stream().mapToInt(t -> t.slot).toArray();
    termValue = terms.stream().mapToLong(t -> t.value).toArray();
    termStep = terms.stream().mapToLong(t -> t.step).toArray();
    termPtr = new boolean[terms.size()];
    for (int i = 0; i < terms.size(); i++) {
      termPtr[i] = terms.get(i).ptr;
    }
    List<FlowBuilder.Node> ops = f.live.stream().filter(x -> x.type == FlowBuilder.Node.OP).toList();
    opFirst = ops.isEmpty() ? n : ops.get(0).slot;
    int zero = f.zero().slot;
    opKind = ops.stream().mapToInt(o -> o.kind).toArray();
    opA = ops.stream().mapToInt(o -> o.a.slot).toArray();
    opB = ops.stream().mapToInt(o -> o.b == null ? zero : o.b.slot).toArray();
    opIn = ops.stream().map(o -> o.in).toArray(CInsn[]::new);
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
    FlowBuilder f = new FlowBuilder(tape, scratch.warps().length, scratch.code().registerCount());
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
      int at = x.offset[r] + (int) (x.step[r] * k);
      int first = x.first[r];
      int slot = x.slot[first];
      long hi = x.hi[r];
      for (int i = 0, end = x.length[r]; i < end; i++, at += 4) {
        if (tw[at >>> 2] != want[first + i]) {
          return false;
        }
        v[slot + i] = a.loadWord(at) & hi;
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
      System.arraycopy(x.taint, f, tw, o >>> 2, n); // a store's words are aligned in every block (FlowBuilder#store)
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
      case SHR_I32_UNIFORM -> x >> ((y & 31) | (~Lanes.inRange(y) & 31)); // as Lanes.shrI32(d, a, s, mask)
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
}
