package org.scansim.sim.check;

import org.scansim.sim.memory.Allocation;
import org.scansim.sim.engine.Alu;
import org.scansim.sim.engine.BlockExecutor;
import org.scansim.sim.engine.CInsn;
import org.scansim.sim.engine.CheckHooks;
import org.scansim.sim.engine.Code;
import org.scansim.sim.memory.Footprints;
import org.scansim.sim.memory.Heap;
import org.scansim.sim.result.Kind;
import org.scansim.sim.memory.Ptr;
import org.scansim.sim.memory.Shadow;
import org.scansim.sim.engine.Warp;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.scansim.frontend.diag.Span;
import org.scansim.frontend.ir.IrType;
import org.scansim.frontend.ir.Op;
import org.scansim.sim.check.Check;
import org.scansim.sim.check.Finding;
import org.scansim.sim.check.Findings;

/**
 * The checkers of one run (docs/engine.md, "The checkers"), fed by the interpreter with
 * every access and operation of every lane while they are on. They keep, per word of memory, a
 * {@link Shadow}, and per register lane the ⊕-graph node and the origin of an uninitialised
 * value, and they record {@link Finding}s instead of stopping the run where the run can go on:
 *
 * <ul>
 *   <li><b>races</b>: two accesses to one word by different threads, at least one a write, not
 *       ordered by a {@code __syncthreads} of their block (between blocks of one launch: unless
 *       both are volatile or atomic), not both atomic. Two lanes of one warp are ordered only
 *       by a {@code __syncwarp} from Volta on (CUDA C Guide §7.1, independent thread
 *       scheduling); before Volta lock step orders them when both accesses are volatile,
 *       reported as relying on warp-synchronous execution.
 *   <li><b>bounds</b>: an access outside the declared array it points into; skipped.
 *   <li><b>init</b>: a read of a word nothing wrote; whether the value reaches an output is
 *       followed through registers and memory.
 *   <li><b>barriers</b>: a {@code __syncthreads} not every thread of the block reaches.
 *   <li><b>proof</b>: the {@link Dataflow} graph of ⊕ over the input's ranges.
 * </ul>
 *
 * Findings come in the order of running the blocks one at a time. When blocks run on several
 * threads, each thread has a {@linkplain #worker worker} of its own that keeps each block's
 * findings and ⊕ nodes apart; after each chunk of blocks they are {@linkplain #merge merged} in
 * block order. Blocks of one chunk touch no global word another of them touches (the race
 * history changes with every read), or the run is repeated on one thread ({@link Footprints}).
 */
public final class Checker extends CheckHooks {
  public Findings findings = new Findings();
  public Dataflow dataflow;
  private final List<Allocation> global;
  /**
   * The reads that may find uninitialised memory (loads and atomics), by id, numbered when their
   * kernel is first launched: an uninitialised value carries the id of the read it came from + 1.
   */
  public final List<Span> origins;
  private final java.util.Map<CInsn, Integer> originIds;

  private int origin(CInsn in) {
    return originIds.get(in) + 1;
  }

  /** Independent thread scheduling (Volta and later): lanes of a warp are ordered only by __syncwarp. */
  public boolean its = true;

  public Checker(Set<Check> checks) {
    super(checks.contains(Check.RACES), checks.contains(Check.BOUNDS), checks.contains(Check.INIT), checks.contains(Check.BARRIERS),
        checks.contains(Check.PROOF));
    this.global = new ArrayList<>();
    this.origins = new ArrayList<>();
    this.originIds = new java.util.IdentityHashMap<>();
  }

  /** A worker of this checker for one thread's blocks of the current launch. */
  private Checker(Checker main) {
    super(main.races, main.bounds, main.init, main.barriers, main.proof);
    this.its = main.its;
    this.launches = main.launches;
    this.global = main.global;
    this.origins = main.origins;
    this.originIds = main.originIds;
    this.dataflow = main.dataflow == null ? null : main.dataflow.segment();
  }

  /**
   * A worker for one of the threads that run the current launch's blocks: it shares this
   * checker's memory shadows and keeps findings and ⊕ nodes per block ({@link #endBlock}).
   */
  public Checker worker() {
    return new Checker(this);
  }

  /** A worker starts a chunk of blocks: its ⊕ nodes are numbered from the graph's size now. */
  public void beginChunk() {
    if (dataflow != null) {
      dataflow.beginChunk();
    }
  }

  /** A worker starts a block. */
  public void beginBlock() {
    if (!findings.isEmpty() || findings.dropped() > 0) {
      findings = new Findings();
    }
    if (dataflow != null) {
      dataflow.beginBlock();
    }
  }

  /** What a worker's block found and made, to merge in block order. */
  public record BlockPart(Findings findings, Dataflow.Part nodes) {}

  public BlockPart endBlock() {
    return new BlockPart(findings.isEmpty() && findings.dropped() == 0 ? null : findings,
        dataflow == null ? null : dataflow.endBlock());
  }

  /**
   * Takes a worker's block into this checker as if it had run here: its findings, and its ⊕
   * nodes with their new ids, in the nodes and in the global words the block wrote (its
   * footprint). False when that cannot be done exactly (too many distinct findings in one block,
   * or the node budget exceeded): then only a run on one thread says what happened.
   */
  public boolean merge(BlockPart p, long[] footprint, Heap heap) {
    if (p.findings() != null) {
      if (p.findings().dropped() > 0) {
        return false;
      }
      for (Finding f : p.findings().list()) {
        findings.add(f, f.count());
      }
    }
    Dataflow.Part nodes = p.nodes();
    if (nodes == null || nodes.from() == nodes.to()) {
      return true;
    }
    int base = nodes.segment().base();
    int delta = dataflow.append(nodes);
    if (delta < 0) {
      return false;
    }
    for (int r = 0; delta != 0 && footprint != null && r < footprint.length; r += 3) {
      if ((footprint[r] & 1) == 0) {
        continue; // read, not written
      }
      int[] tag = heap.get((int) (footprint[r] >> 1)).shadow.tag;
      int last = (int) Math.min(tag.length, (footprint[r + 2] + 3) >>> 2);
      for (int w = (int) (footprint[r + 1] >>> 2); w < last; w++) {
        tag[w] = Dataflow.relocate(tag[w], base, delta);
      }
    }
    return true;
  }

  public Shadow shadow(Allocation a) {
    Shadow s = a.shadow;
    return s != null ? s : newShadow(a);
  }

  /**
   * The shadow of an allocation's first checked access. Global allocations are shared by the
   * threads that run blocks: one lock (the shared list of them) makes each shadow once, whole
   * before any thread sees it (its arrays hang from final fields).
   */
  private Shadow newShadow(Allocation a) {
    synchronized (global) {
      Shadow s = a.shadow;
      if (s == null) {
        s = new Shadow(a.words(), init, proof, races, a.definedAtStart);
        a.shadow = s;
        if (a.space == Ptr.GLOBAL || a.space == Ptr.CONSTANT) {
          global.add(a);
        }
      }
      return s;
    }
  }

  /** A new kernel launch: everything before it is ordered before everything in it. */
  private int launches;

  public void newLaunch(Code code) {
    launches++;
    for (Allocation a : global) {
      a.shadow.newLaunch();
    }
    for (CInsn in : code.insns) {
      if (in.op == Op.LD || in.op == Op.ATOM) {
        originIds.computeIfAbsent(in, k -> {
          origins.add(k.span);
          return origins.size() - 1;
        });
      }
    }
  }

  // ---- the harness and host code ----

  /** Element i of an input buffer, set by the harness: written, and (with the proof) x_i. */
  public void input(Allocation a, int off, int size, int index) {
    Shadow s = shadow(a);
    for (int w = off >>> 2; w <= (off + size - 1) >>> 2; w++) {
      markInput(s, w, index);
    }
  }

  /** Elements from..to-1 of an input buffer of 4-byte elements, as {@link #input} marks each; the shadow exists. */
  public void inputWords(Allocation a, int from, int to) {
    Shadow s = a.shadow;
    for (int w = from; w < to; w++) {
      markInput(s, w, w);
    }
  }

  /** Word w holds (part of) input element {@code index}: written, and (with the proof) x_index. */
  private void markInput(Shadow s, int w, int index) {
    if (s.init != null) {
      s.init[w] = 1;
      s.undef[w] = 0;
    }
    if (s.tag != null) {
      s.tag[w] = dataflow != null && index < dataflow.n ? index + 1 : 0;
    }
  }

  /** cudaMemset: written, with a value not derived from the input. */
  public void memset(Allocation a, int off, int n) {
    Shadow s = shadow(a);
    for (int w = off >>> 2; w < (off + n + 3) >>> 2 && w < a.words(); w++) {
      if (s.init != null) {
        s.init[w] = 1;
        s.undef[w] = 0;
      }
      if (s.tag != null) {
        s.tag[w] = 0;
      }
    }
  }

  /** cudaMemcpy (any direction): the shadow moves with the bytes, word by word. */
  public void copy(Allocation d, int dof, Allocation src, int so, int n) {
    Shadow ds = shadow(d);
    Shadow ss = shadow(src);
    for (int i = 0; i < n; i += 4) {
      int dw = (dof + i) >>> 2;
      int sw = (so + i) >>> 2;
      if (ds.init != null) {
        // Host memory is not tracked: a copy from the host counts as initialising.
        boolean fromHost = src.space == Ptr.HOST;
        ds.init[dw] = fromHost ? 1 : ss.init[sw];
        ds.undef[dw] = fromHost ? 0 : ss.undef[sw];
      }
      if (ds.tag != null) {
        ds.tag[dw] = ss.tag[sw];
      }
    }
  }

  // ---- accesses ----

  /** An access outside its array, with bounds checking on: recorded; the caller skips the lane. */
  @Override
  public void outOfBounds(CInsn in, BlockExecutor b, Warp w, int lane, Allocation a, long off, int size) {
    long index = Math.floorDiv(off, Math.max(1, size));
    String space = Ptr.spaceName(a.space);
    findings.add(new Finding(Kind.OUT_OF_BOUNDS, null, in.span, null, a.name, String.valueOf(index), thread(b, w, lane),
        b.blockName(), 1, (in.op == Op.ST ? "write" : in.op == Op.ATOM ? "atomic" : "read") + " of " + space + " " + a.name
            + "[" + index + "], outside the array's " + a.size() / Math.max(1, size) + " elements, by thread " + thread(b, w, lane)
            + " of block " + b.blockName() + (a.space == Ptr.SHARED ? " (it may land in another shared array: the hardware would not complain)" : "")));
  }

  /**
   * A load by the lanes of {@code mask}, lane l at offset {@code offs[l]} of {@code a}, checked
   * lane by lane in lane order (the race history, then the initialisation, then the ⊕ tag of each
   * lane), with what every lane shares (the shadow, the interval, the block's first thread) taken once.
   */
  @Override
  public void load(CInsn in, BlockExecutor b, Warp w, int mask, Allocation a, int[] offs, int size) {
    Shadow s = shadow(a);
    int e = interval(w, false, in.ir.isVolatile());
    int t0 = b.globalThread(w, 0);
    int[] tags = s.tag;
    int[] tagDst = proof ? w.tag[in.dst] : null;
    int[] undefDst = init ? w.undef[in.dst] : null;
    for (int m = mask; m != 0; m &= m - 1) {
      int lane = Integer.numberOfTrailingZeros(m);
      int off = offs[lane];
      int word = off >>> 2;
      if (races) {
        read(in, b, a, s, word, off, size, t0 + lane, e);
      }
      if (init) {
        int origin = 0;
        boolean uninit = false;
        for (int k = word; k <= (off + size - 1) >>> 2; k++) {
          uninit |= s.init[k] == 0;
          origin = origin != 0 ? origin : s.undef[k];
        }
        if (uninit && in.ir.isCopy()) {
          origin = COPIED_UNWRITTEN; // a struct copy moves it without reading it: its store passes it on
        } else if (uninit) {
          uninitialised(in, b, w, lane, a, off / Math.max(1, size), a.element(off, size));
          origin = origin(in);
        }
        undefDst[lane] = origin;
      }
      if (proof) {
        tagDst[lane] = tags[word];
      }
    }
    if (w.shadowLanes != null) {
      w.shadowLanes[in.dst] |= mask;
    }
  }

  /**
   * The origin a struct copy's load gives a field nothing wrote ({@link
   * org.scansim.frontend.ir.Insn#isCopy}): its store leaves the copy's field unwritten in turn,
   * so a later read of it is the one reported. Never an index of {@link #origins}.
   */
  private static final int COPIED_UNWRITTEN = -1;

  /** A store by the lanes of {@code mask}, lane l at offset {@code offs[l]} of {@code a}, checked lane by lane in lane order. */
  @Override
  public void store(CInsn in, BlockExecutor b, Warp w, int mask, Allocation a, int[] offs, int size) {
    Shadow s = shadow(a);
    int e = interval(w, false, in.ir.isVolatile());
    int t0 = b.globalThread(w, 0);
    int[] undefSrc = init ? w.undef[in.b()] : null;
    int[] tagSrc = proof ? w.tag[in.b()] : null;
    for (int m = mask; m != 0; m &= m - 1) {
      int lane = Integer.numberOfTrailingZeros(m);
      int off = offs[lane];
      int word = off >>> 2;
      if (races) {
        write(in, b, a, s, word, off, size, false, t0 + lane, e);
      }
      int last = (off + size - 1) >>> 2;
      if (init) {
        boolean unwritten = undefSrc[lane] == COPIED_UNWRITTEN;
        for (int k = word; k <= last; k++) {
          s.init[k] = (byte) (unwritten ? 0 : 1);
          s.undef[k] = unwritten ? 0 : undefSrc[lane];
        }
      }
      if (proof) {
        for (int k = word; k <= last; k++) {
          s.tag[k] = k == word ? tagSrc[lane] : 0;
        }
      }
    }
  }

  /** An atomic read-modify-write; {@code value} and {@code old} are the operand and the word before it. */
  @Override
  public void atomic(CInsn in, BlockExecutor b, Warp w, int lane, Allocation a, int off, int size, long old, long value, boolean swapped) {
    Shadow s = shadow(a);
    if (w.shadowLanes != null) {
      w.shadowLanes[in.dst] |= 1 << lane;
    }
    int word = off >>> 2;
    if (races) {
      int t = b.globalThread(w, lane);
      int e = interval(w, true, in.ir.isVolatile());
      read(in, b, a, s, word, off, size, t, e);
      write(in, b, a, s, word, off, size, true, t, e);
    }
    if (init) {
      int origin = s.undef[word];
      if (s.init[word] == 0) {
        uninitialised(in, b, w, lane, a, off / Math.max(1, size), a.element(off, size));
        origin = origin(in);
      }
      w.undef[in.dst][lane] = origin;
      s.init[word] = 1;
      s.undef[word] = origin != 0 ? origin : w.undef[in.b()][lane];
    }
    if (proof) {
      dataflow.currentPhase = (launches << 16) | (w.phase & 0xFFFF);
      int oldTag = s.tag[word];
      int v = w.tag[in.b()][lane];
      w.tag[in.dst][lane] = oldTag;
      s.tag[word] = switch (in.ir.atomic()) {
        case EXCH -> v;
        case CAS -> swapped ? w.tag[in.args[2]][lane] : oldTag;
        case INC, DEC -> 0;
        default -> oldTag == 0 && v == 0 ? 0 : node(atomicOp(in), in.type, oldTag, old, v, value);
      };
    }
  }

  private static Op atomicOp(CInsn in) {
    return switch (in.ir.atomic()) {
      case ADD -> Op.ADD;
      case SUB -> Op.SUB;
      case MIN -> Op.MIN;
      case MAX -> Op.MAX;
      case AND -> Op.AND;
      case OR -> Op.OR;
      case XOR -> Op.XOR;
      default -> Op.MOV;
    };
  }

  // ---- races ----

  /** The interval word of an access: barrier phase, __syncwarp count, atomic and volatile bits. */
  static int interval(Warp w, boolean atomic, boolean isVolatile) {
    return (w.phase << 16) | ((w.syncCount & 0x3FFF) << 2) | (atomic ? 2 : 0) | (isVolatile ? 1 : 0);
  }

  /**
   * Whether an earlier access by launch-wide thread tA in interval eA is ordered before the
   * current access in interval e by a barrier of this block: the first case {@link #hazard}
   * dismisses, tested here without its divisions because it is by far the most common.
   */
  private static boolean barrierOrdered(BlockExecutor b, int tA, int eA, int e) {
    return eA >>> 16 != e >>> 16 && b.ownsThread(tA);
  }

  /** A read of word {@code word} by launch-wide thread t in interval e ({@link #interval}). */
  private void read(CInsn in, BlockExecutor b, Allocation a, Shadow s, int word, int off, int size, int t, int e) {
    if (s.wT[word] != 0 && s.wT[word] - 1 != t && !barrierOrdered(b, s.wT[word] - 1, s.wE[word], e)) {
      hazard("read-after-write", b, a, off, size, s.wT[word] - 1, s.wS[word], s.wE[word], t, in.index, e);
    }
    if (s.rT[word] - 1 != t) {
      s.r2T[word] = s.rT[word];
      s.r2S[word] = s.rS[word];
      s.r2E[word] = s.rE[word];
    }
    s.rT[word] = t + 1;
    s.rS[word] = in.index;
    s.rE[word] = e;
  }

  /** A write of word {@code word} by launch-wide thread t in interval e ({@link #interval}). */
  private void write(CInsn in, BlockExecutor b, Allocation a, Shadow s, int word, int off, int size, boolean atomic, int t, int e) {
    if (s.wT[word] != 0 && s.wT[word] - 1 != t && !barrierOrdered(b, s.wT[word] - 1, s.wE[word], e)) {
      hazard("write-after-write", b, a, off, size, s.wT[word] - 1, s.wS[word], s.wE[word], t, in.index, e);
    }
    if (s.rT[word] != 0 && s.rT[word] - 1 != t) {
      if (!barrierOrdered(b, s.rT[word] - 1, s.rE[word], e)) {
        hazard("write-after-read", b, a, off, size, s.rT[word] - 1, s.rS[word], s.rE[word], t, in.index, e);
      }
    } else if (s.r2T[word] != 0 && s.r2T[word] - 1 != t && !barrierOrdered(b, s.r2T[word] - 1, s.r2E[word], e)) {
      hazard("write-after-read", b, a, off, size, s.r2T[word] - 1, s.r2S[word], s.r2E[word], t, in.index, e);
    }
    s.wT[word] = t + 1;
    s.wS[word] = in.index;
    s.wE[word] = e;
    if (!atomic) {
      s.rT[word] = 0;
      s.r2T[word] = 0;
    }
  }

  private void hazard(String hazard, BlockExecutor b, Allocation a, int off, int size, int tA, int sA, int eA, int tB, int sB, int eB) {
    int tpb = b.threadsPerBlock();
    boolean syncA = (eA & 3) != 0;
    boolean syncB = (eB & 3) != 0;
    boolean atomicA = (eA & 2) != 0;
    boolean atomicB = (eB & 2) != 0;
    Kind kind = Kind.RACE;
    String scope;
    if (tA / tpb != tB / tpb) {
      if (syncA && syncB) {
        return; // flags and values published with volatile or atomic accesses (and fences)
      }
      scope = "in different blocks of one launch, which nothing but the end of the kernel orders";
    } else {
      if (eA >>> 16 != eB >>> 16 || atomicA && atomicB) {
        return;
      }
      if ((tA % tpb) / 32 != (tB % tpb) / 32) {
        scope = "in different warps with no __syncthreads() between them";
      } else {
        if (((eA >>> 2) & 0x3FFF) != ((eB >>> 2) & 0x3FFF)) {
          return;
        }
        if (its) {
          scope = "in one warp with no __syncwarp() between them (from Volta on, the threads of a warp are not kept in lock step)";
        } else if ((eA & 1) != 0 && (eB & 1) != 0) {
          kind = Kind.WARP_SYNCHRONOUS;
          scope = "in one warp: safe here only because the threads of a warp run in lock step before Volta; from Volta on it needs __syncwarp()";
        } else {
          scope = "in one warp without volatile: even in lock step the compiler may keep the value in a register";
        }
      }
    }
    int index = off / Math.max(1, size);
    String where = a.element(off, size);
    Code code = b.code();
    Span first = code.insns[sA].span;
    Span second = code.insns[sB].span;
    String what = hazard.equals("write-after-read") ? "read" : "wrote";
    String then = hazard.equals("read-after-write") ? "reads" : "writes";
    String threads = b.threadAt(tA) + " and " + b.threadAt(tB);
    findings.add(new Finding(kind, hazard, first, second, a.name, String.valueOf(index), threads, b.blockAt(tA)
        + (tA / tpb != tB / tpb ? " and " + b.blockAt(tB) : ""), 1,
        hazard + " on " + Ptr.spaceName(a.space) + " " + where + ": thread " + b.threadAt(tA) + " of block "
            + b.blockAt(tA) + " " + what + " it at " + first.line() + ":" + first.col() + ", then thread " + b.threadAt(tB)
            + " of block " + b.blockAt(tB) + " " + then + " it at " + second.line() + ":" + second.col() + ", " + scope));
  }

  // ---- uninitialised values ----

  private void uninitialised(CInsn in, BlockExecutor b, Warp w, int lane, Allocation a, int index, String where) {
    findings.add(new Finding(Kind.UNINITIALISED_READ, null, in.span, null, a.name, String.valueOf(index), thread(b, w, lane),
        b.blockName(), 1, "read of " + Ptr.spaceName(a.space) + " " + where + ", which nothing has written, by thread "
            + thread(b, w, lane) + " of block " + b.blockName()));
  }

  // ---- barriers ----

  @Override
  public void divergentBarrier(Span at, String message) {
    divergentBarrier(at, null, message);
  }

  /** Threads of one block wait at two different barriers, {@code at} and {@code other}. */
  @Override
  public void divergentBarrier(Span at, Span other, String message) {
    findings.add(new Finding(Kind.DIVERGENT_BARRIER, null, at, other, null, null, null, null, 1, message));
  }

  // ---- registers ----

  /** Before an ALU, shuffle-free instruction runs: its destination's tags and origins. */
  @Override
  public void alu(CInsn in, Warp w, int mask) {
    if (dataflow != null) {
      dataflow.currentPhase = (launches << 16) | (w.phase & 0xFFFF);
    }
    int[][] tag = w.tag;
    int[][] undef = w.undef;
    int dst = in.dst;
    if (dst < 0 || tag == null && undef == null) {
      return;
    }
    int[] shadowed = w.shadowLanes;
    int from = 0;
    for (int a : in.args) {
      from |= shadowed[a];
    }
    if ((from & mask) == 0) {
      // Every operand's shadows are zero in these lanes, so the result's are too (each case below gives 0).
      int stale = shadowed[dst] & mask;
      for (int m = stale; m != 0; m &= m - 1) {
        int l = Integer.numberOfTrailingZeros(m);
        if (tag != null) {
          tag[dst][l] = 0;
        }
        if (undef != null) {
          undef[dst][l] = 0;
        }
      }
      shadowed[dst] &= ~mask;
      return;
    }
    shadowed[dst] |= mask;
    switch (in.op.form()) {
      case COPY -> {
        for (int m = mask; m != 0; m &= m - 1) {
          int l = Integer.numberOfTrailingZeros(m);
          if (tag != null) {
            tag[dst][l] = tag[in.a()][l];
          }
          if (undef != null) {
            undef[dst][l] = undef[in.a()][l];
          }
        }
      }
      case BINARY -> {
        long[] va = w.regs[in.a()];
        long[] vb = w.regs[in.b()];
        for (int m = mask; m != 0; m &= m - 1) {
          int l = Integer.numberOfTrailingZeros(m);
          if (tag != null) {
            int ta = tag[in.a()][l];
            int tb = tag[in.b()][l];
            tag[dst][l] = ta == 0 && tb == 0 || in.type == IrType.PRED ? 0 : node(in.op, in.type, ta, va[l], tb, vb[l]);
          }
          if (undef != null) {
            int ua = undef[in.a()][l];
            undef[dst][l] = ua != 0 ? ua : undef[in.b()][l];
          }
        }
      }
      case UNARY -> {
        for (int m = mask; m != 0; m &= m - 1) {
          int l = Integer.numberOfTrailingZeros(m);
          if (tag != null) {
            int ta = tag[in.a()][l];
            tag[dst][l] = ta == 0 ? 0 : dataflow.unary(symbol(in.op), ta - 1) + 1;
          }
          if (undef != null) {
            undef[dst][l] = undef[in.a()][l];
          }
        }
      }
      case OTHER -> {
        // Comparisons, addresses, special registers, votes: values not derived from the input.
        for (int m = mask; m != 0; m &= m - 1) {
          int l = Integer.numberOfTrailingZeros(m);
          if (tag != null) {
            tag[dst][l] = 0;
          }
          if (undef != null) {
            int u = 0;
            for (int a : in.args) {
              if (u == 0 && a < undef.length) {
                u = undef[a][l];
              }
            }
            undef[dst][l] = u;
          }
        }
      }
    }
  }

  /** A shuffle: each lane's destination takes the shadows of its source lane, as they were before. */
  @Override
  public void shuffle(CInsn in, Warp w, int mask, int[] source) {
    if (w.shadowLanes != null) {
      w.shadowLanes[in.dst] |= mask;
    }
    if (w.tag != null) {
      shuffle(w.tag, in, mask, source);
    }
    if (w.undef != null) {
      shuffle(w.undef, in, mask, source);
    }
  }

  private final int[] before = new int[32];

  /** One per-lane shadow through a shuffle, read as it was before the instruction (dst may be the source). */
  private void shuffle(int[][] shadow, CInsn in, int mask, int[] source) {
    System.arraycopy(shadow[in.args[1]], 0, before, 0, 32);
    for (int m = mask; m != 0; m &= m - 1) {
      int l = Integer.numberOfTrailingZeros(m);
      shadow[in.dst][l] = before[source[l]];
    }
  }

  /** The node for {@code a op b} where at least one operand is derived from the input. */
  private int node(Op op, IrType type, int ta, long va, int tb, long vb) {
    int a = ta != 0 ? ta - 1 : identity(op, type, va) ? Dataflow.IDENTITY : Dataflow.CONSTANT;
    int b = tb != 0 ? tb - 1 : identity(op, type, vb) ? Dataflow.IDENTITY : Dataflow.CONSTANT;
    return dataflow.binary(symbol(op), op.associative(), a, b) + 1;
  }

  private static char symbol(Op op) {
    return switch (op) {
      case ADD -> '+';
      case SUB -> '-';
      case MUL -> '*';
      case DIV -> '/';
      case REM -> '%';
      case AND -> '&';
      case OR -> '|';
      case XOR -> '^';
      case SHL -> '<';
      case SHR -> '>';
      case MIN -> 'm';
      case MAX -> 'M';
      case NEG -> '-';
      case NOT -> '~';
      case ABS -> 'a';
      // other ops: no symbol of a formula
      default -> '?';
    };
  }

  /** Whether register-form value v of type t is op's identity element. */
  public static boolean identity(Op op, IrType t, long v) {
    boolean f32 = t == IrType.F32;
    boolean f64 = t == IrType.F64;
    boolean unsigned = t == IrType.U32 || t == IrType.U64 || t == IrType.U8 || t == IrType.U16;
    double d = f32 ? Float.intBitsToFloat((int) v) : f64 ? Double.longBitsToDouble(v) : 0;
    return switch (op) {
      case ADD, OR, XOR -> f32 || f64 ? d == 0 : v == 0;
      case MUL -> f32 || f64 ? d == 1 : v == 1;
      case AND -> Alu.norm(t, -1L) == v;
      case MIN -> f32 || f64 ? d == Double.POSITIVE_INFINITY : unsigned ? Alu.norm(t, -1L) == v : v == maxSigned(t);
      case MAX -> f32 || f64 ? d == Double.NEGATIVE_INFINITY : unsigned ? v == 0 : v == -maxSigned(t) - 1;
      // other ops: no identity element
      default -> false;
    };
  }

  private static long maxSigned(IrType t) {
    return switch (t) {
      case I8 -> Byte.MAX_VALUE;
      case I16 -> Short.MAX_VALUE;
      case I32 -> Integer.MAX_VALUE;
      default -> Long.MAX_VALUE;
    };
  }

  private static String thread(BlockExecutor b, Warp w, int lane) {
    return String.valueOf(w.firstThread + lane);
  }
}
