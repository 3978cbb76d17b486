package org.scansim.sim.check;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.scansim.frontend.diag.Span;
import org.scansim.sim.engine.BlockExecutor;
import org.scansim.sim.engine.CInsn;
import org.scansim.sim.engine.CheckHooks;
import org.scansim.sim.engine.Code;
import org.scansim.sim.engine.Warp;
import org.scansim.sim.memory.Allocation;
import org.scansim.sim.memory.Footprints;
import org.scansim.sim.memory.Heap;
import org.scansim.sim.memory.Ptr;
import org.scansim.sim.memory.Shadow;

/**
 * The checkers of one run (docs/engine.md, "The checkers"), fed by the interpreter with every
 * access and operation of every lane while they are on: the units that are on ({@link RaceCheck},
 * {@link BoundsCheck}, {@link InitCheck}, {@link BarrierCheck}, {@link ProofCheck}), each called
 * lane by lane in lane order, so that findings keep the order of the lanes whichever units are on.
 * What they share lives here: the {@link Findings}, per word of memory a {@link Shadow} (race
 * history, initialisation, ⊕ tag: what the units on need), and which registers' lanes carry
 * shadows. They record findings instead of stopping the run where the run can go on.
 *
 * <p>Findings come in the order of running the blocks one at a time. When blocks run on several
 * threads, each thread has a {@linkplain #worker worker} of its own that keeps each block's
 * findings and ⊕ nodes apart; after each chunk of blocks they are {@linkplain #merge merged} in
 * block order. Blocks of one chunk touch no global word another of them touches (the race
 * history changes with every read), or the run is repeated on one thread ({@link Footprints}).
 */
public final class Checker extends CheckHooks {
  public Findings findings = new Findings();
  private final RaceCheck races;
  private final BoundsCheck bounds;
  private final InitCheck init;
  private final BarrierCheck barriers;
  private final ProofCheck proof;
  /** The units that are on, in the order of {@link Check}. */
  private final List<CheckUnit> units;
  private final List<Allocation> global;

  /** Independent thread scheduling (Volta and later): lanes of a warp are ordered only by __syncwarp. */
  public boolean its = true;

  /** Kernel launches so far (the ⊕ graph's phases are numbered within each). */
  int launches;

  /**
   * The checkers of {@code checks}; with {@link Check#PROOF}, the ⊕ graph starts from {@code
   * inputs} input elements and has room for {@code maxProofNodes} nodes.
   */
  public Checker(Set<Check> checks, int inputs, int maxProofNodes) {
    super(Check.needs(checks));
    this.global = new ArrayList<>();
    this.races = checks.contains(Check.RACES) ? new RaceCheck(this) : null;
    this.bounds = checks.contains(Check.BOUNDS) ? new BoundsCheck(this) : null;
    this.init = checks.contains(Check.INIT) ? new InitCheck(this) : null;
    this.barriers = checks.contains(Check.BARRIERS) ? new BarrierCheck(this) : null;
    this.proof = checks.contains(Check.PROOF) ? new ProofCheck(this, new Dataflow(inputs, maxProofNodes)) : null;
    this.units = on(races, bounds, init, barriers, proof);
  }

  /** A worker of this checker for one thread's blocks of the current launch. */
  private Checker(Checker main) {
    super(Check.needs(main.checks()));
    this.its = main.its;
    this.launches = main.launches;
    this.global = main.global;
    this.races = main.races == null ? null : new RaceCheck(this);
    this.bounds = main.bounds == null ? null : new BoundsCheck(this);
    this.init = main.init == null ? null : new InitCheck(this, main.init);
    this.barriers = main.barriers == null ? null : new BarrierCheck(this);
    this.proof = main.proof == null ? null : main.proof.worker(this);
    this.units = on(races, bounds, init, barriers, proof);
  }

  /** The units of {@code all} that are on (not null), in order. */
  private static List<CheckUnit> on(CheckUnit... all) {
    return java.util.Arrays.stream(all).filter(java.util.Objects::nonNull).toList();
  }

  /** The checks that are on. */
  public Set<Check> checks() {
    Set<Check> on = java.util.EnumSet.noneOf(Check.class);
    for (CheckUnit u : units) {
      on.add(u.check());
    }
    return on;
  }

  /** The ⊕ graph of the scan proof, or null without it. */
  public Dataflow dataflow() {
    return proof == null ? null : proof.dataflow;
  }

  /** The reads an uninitialised value may come from, by origin id - 1; null without the init check. */
  public List<Span> origins() {
    return init == null ? null : init.origins;
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
    if (proof != null) {
      proof.dataflow.beginChunk();
    }
  }

  /** A worker starts a block. */
  public void beginBlock() {
    if (!findings.isEmpty() || findings.dropped() > 0) {
      findings = new Findings();
    }
    if (proof != null) {
      proof.dataflow.beginBlock();
    }
  }

  /** What a worker's block found and made, to merge in block order. */
  public record BlockPart(Findings findings, Dataflow.Part nodes) {}

  public BlockPart endBlock() {
    return new BlockPart(findings.isEmpty() && findings.dropped() == 0 ? null : findings,
        proof == null ? null : proof.dataflow.endBlock());
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
    return proof == null || proof.merge(p.nodes(), footprint, heap);
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
        s = new Shadow(a.words(), init != null, proof != null, races != null, a.definedAtStart);
        a.shadow = s;
        if (a.space == Ptr.GLOBAL || a.space == Ptr.CONSTANT) {
          global.add(a);
        }
      }
      return s;
    }
  }

  /** A new kernel launch: everything before it is ordered before everything in it. */
  public void newLaunch(Code code) {
    launches++;
    for (Allocation a : global) {
      a.shadow.newLaunch();
    }
    for (CheckUnit u : units) {
      u.newLaunch(code);
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
      InitCheck.written(s, w);
    }
    if (s.tag != null) { // made with the proof's tags only
      proof.input(s, w, index);
    }
  }

  /** cudaMemset: written, with a value not derived from the input. */
  public void memset(Allocation a, int off, int n) {
    Shadow s = shadow(a);
    for (int w = off >>> 2; w < (off + n + 3) >>> 2 && w < a.words(); w++) {
      if (s.init != null) {
        InitCheck.written(s, w);
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
        InitCheck.copy(ds, dw, ss, sw, src.space == Ptr.HOST);
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
    bounds.outOfBounds(in, b, w, lane, a, off, size);
  }

  /**
   * A load by the lanes of {@code mask}, lane l at offset {@code offs[l]} of {@code a}, checked
   * lane by lane in lane order (the race history, then the initialisation, then the ⊕ tag of each
   * lane), with what every lane shares (the shadow, the interval, the block's first thread) taken once.
   */
  @Override
  public void load(CInsn in, BlockExecutor b, Warp w, int mask, Allocation a, int[] offs, int size) {
    Shadow s = shadow(a);
    int e = RaceCheck.interval(w, false, in.ir.isVolatile());
    int t0 = b.globalThread(w, 0);
    int[] tags = s.tag;
    int[] tagDst = proof != null ? w.tag[in.dst] : null;
    int[] undefDst = init != null ? w.undef[in.dst] : null;
    for (int m = mask; m != 0; m &= m - 1) {
      int lane = Integer.numberOfTrailingZeros(m);
      int off = offs[lane];
      int word = off >>> 2;
      if (races != null) {
        races.read(in, b, a, s, word, off, size, t0 + lane, e);
      }
      if (init != null) {
        undefDst[lane] = init.load(in, b, w, lane, a, s, off, size);
      }
      if (proof != null) {
        tagDst[lane] = tags[word];
      }
    }
    if (w.shadowLanes != null) {
      w.shadowLanes[in.dst] |= mask;
    }
  }

  /** A store by the lanes of {@code mask}, lane l at offset {@code offs[l]} of {@code a}, checked lane by lane in lane order. */
  @Override
  public void store(CInsn in, BlockExecutor b, Warp w, int mask, Allocation a, int[] offs, int size) {
    Shadow s = shadow(a);
    int e = RaceCheck.interval(w, false, in.ir.isVolatile());
    int t0 = b.globalThread(w, 0);
    int[] undefSrc = init != null ? w.undef[in.b()] : null;
    int[] tagSrc = proof != null ? w.tag[in.b()] : null;
    for (int m = mask; m != 0; m &= m - 1) {
      int lane = Integer.numberOfTrailingZeros(m);
      int off = offs[lane];
      int word = off >>> 2;
      if (races != null) {
        races.write(in, b, a, s, word, off, size, false, t0 + lane, e);
      }
      int last = (off + size - 1) >>> 2;
      if (init != null) {
        InitCheck.store(s, word, last, undefSrc[lane]);
      }
      if (proof != null) {
        ProofCheck.store(s, word, last, tagSrc[lane]);
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
    if (races != null) {
      int t = b.globalThread(w, lane);
      int e = RaceCheck.interval(w, true, in.ir.isVolatile());
      races.read(in, b, a, s, word, off, size, t, e);
      races.write(in, b, a, s, word, off, size, true, t, e);
    }
    if (init != null) {
      init.atomic(in, b, w, lane, a, s, off, size);
    }
    if (proof != null) {
      proof.atomic(in, w, lane, s, word, old, value, swapped);
    }
  }

  // ---- barriers ----

  @Override
  public void divergentBarrier(Span at, String message) {
    divergentBarrier(at, null, message);
  }

  /** Threads of one block wait at two different barriers, {@code at} and {@code other}. */
  @Override
  public void divergentBarrier(Span at, Span other, String message) {
    barriers.divergent(at, other, message);
  }

  // ---- registers ----

  /** Before an ALU, shuffle-free instruction runs: its destination's tags and origins. */
  @Override
  public void alu(CInsn in, Warp w, int mask) {
    if (proof != null) {
      proof.phase(w);
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
      // Every operand's shadows are zero in these lanes, so the result's are too (each unit would give 0).
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
    if (tag != null) {
      proof.alu(in, w, mask);
    }
    if (undef != null) {
      InitCheck.alu(in, w, mask);
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

  static String thread(Warp w, int lane) {
    return String.valueOf(w.firstThread + lane);
  }
}
