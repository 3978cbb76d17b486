package org.scansim.sim.engine;

import org.scansim.sim.result.Counters;
import org.scansim.sim.memory.Footprints;
import org.scansim.sim.memory.Heap;
import org.scansim.sim.memory.MemoryModel;
import java.util.ArrayList;
import org.scansim.sim.event.ExecutionObserver;
import java.util.List;

/**
 * Everything one kernel launch shares across its blocks: the compiled kernel, its arguments, the
 * grid shape, device memory, where module variables live, the memory rules, the counters (per
 * launch, per site, per barrier phase), printf output and the instruction budget.
 */
public final class LaunchContext {
  public final Code code;
  final long[] args;
  public final int[] grid;
  final int[] block;
  public final int dynamicSharedBytes;
  public final Heap global;
  /** For each entry of {@link Code#memory} that is module-level: its global allocation id (shared: -1). */
  final int[] moduleAllocation;
  final MemoryModel memoryModel;
  public final Counters counters = new Counters();
  public final Counters[] sites;
  public final List<Counters> phases = new ArrayList<>();
  /**
   * Warp and thread instructions per site and per barrier phase, kept in flat arrays while the
   * kernel runs (one increment each per instruction) and moved into {@link #sites}, {@link
   * #phases} and {@link #counters} by {@link #foldInstructionCounts} when the launch ends.
   */
  final long[] siteWarp;
  final long[] siteThread;
  /** Entries into the straight-line segment starting at each pc ({@link Code#segmentEnd}), and their active lanes. */
  final long[] segmentWarp;
  final long[] segmentThread;
  /** Entries into the trace starting at each pc ({@code engine.opt.Traces}), and their active lanes. */
  final long[] traceWarp;
  final long[] traceThread;
  long[] phaseWarp = new long[8];
  long[] phaseThread = new long[8];
  /**
   * Accesses the engine's shortcuts counted ({@link Memory}), per site and per phase at index
   * 2 × site (or phase) + 1 for a store, + 0 for a load, folded into the counters with the
   * instruction counts: conflict-free shared accesses of one wavefront, and global accesses of
   * one contiguous run with their sectors.
   */
  final long[] siteQuickShared;
  final long[] siteQuickGlobal;
  final long[] siteQuickSectors;
  long[] phaseQuickShared = new long[16];
  long[] phaseQuickGlobal = new long[16];
  long[] phaseQuickSectors = new long[16];
  public final StringBuilder printf = new StringBuilder();
  /** How much printf output {@link #printf} may hold before further calls are dropped ({@link Printf#LAUNCH_BYTES}). */
  public long printfRoom = Printf.LAUNCH_BYTES;
  /** printf calls (one per lane) kept in {@link #printf}, and dropped past its room. */
  public long printfKept;
  public long printfDropped;
  public final List<String> warnings = new ArrayList<>();
  public long budget;
  /** Stores executed and atomics that changed memory: how the resident-block scheduler tells a spinning block. */
  public long progress;
  /** Volta and later: diverged paths of a warp take turns instead of running to reconvergence. */
  public boolean independentThreadScheduling;
  /** 0: warps of a block run in index order; otherwise a seeded legal order. */
  public long seed;
  /** The run's checkers, or null. Blocks run one at a time while they are on. */
  public CheckHooks checker;
  /** Hears every warp's execution, or null ({@link ExecutionObserver}): blocks on several threads only through its workers. */
  public ExecutionObserver observer;
  /** Whether warps take the optimised {@code engine.opt.Traces} (never with checkers). */
  public boolean traces;
  /** The current block's global-memory ranges while blocks run on several threads, else null. */
  public Footprints footprints;
  /** System.nanoTime() past which the run is stopped as a runaway (Long.MAX_VALUE: no wall-clock budget). */
  public long deadline = Long.MAX_VALUE;

  public LaunchContext(Code code, long[] args, int[] grid, int[] block, int dynamicSharedBytes, Heap global,
      int[] moduleAllocation, MemoryModel memoryModel, long budget) {
    this.code = code;
    this.args = args;
    this.grid = grid;
    this.block = block;
    this.dynamicSharedBytes = dynamicSharedBytes;
    this.global = global;
    this.moduleAllocation = moduleAllocation;
    this.memoryModel = memoryModel;
    this.sites = new Counters[code.insns.length];
    this.siteWarp = new long[code.insns.length];
    this.siteQuickShared = new long[2 * code.insns.length];
    this.siteQuickGlobal = new long[2 * code.insns.length];
    this.siteQuickSectors = new long[2 * code.insns.length];
    this.siteThread = new long[code.insns.length];
    this.segmentWarp = new long[code.insns.length];
    this.segmentThread = new long[code.insns.length];
    this.traceWarp = new long[code.insns.length];
    this.traceThread = new long[code.insns.length];
    this.budget = budget;
  }

  /**
   * A context for one thread's blocks with its own counters, output and model, sharing the
   * launch's read-only state: blocks on different cores never write the same counter, and their
   * counters are merged afterwards ({@link #mergeCounters}).
   */
  public LaunchContext forThread() {
    LaunchContext b = new LaunchContext(code, args, grid, block, dynamicSharedBytes, global, moduleAllocation,
        memoryModel.copy(), budget);
    b.seed = seed;
    b.checker = checker;
    b.deadline = deadline;
    b.independentThreadScheduling = independentThreadScheduling;
    b.traces = traces;
    b.observer = observer;
    return b;
  }

  /** Adds another context's counters (sums and maxima: the order of merging does not matter). */
  public void mergeCounters(LaunchContext b) {
    mergeCounters(b, 1);
  }

  /** Adds {@code times} copies of another context's counters (a replayed block's: {@code engine.BlockReplay}). */
  public void mergeCounters(LaunchContext b, long times) {
    counters.add(b.counters, times);
    for (int i = 0; i < siteWarp.length; i++) {
      siteWarp[i] += b.siteWarp[i] * times;
      siteThread[i] += b.siteThread[i] * times;
      segmentWarp[i] += b.segmentWarp[i] * times;
      segmentThread[i] += b.segmentThread[i] * times;
      traceWarp[i] += b.traceWarp[i] * times;
      traceThread[i] += b.traceThread[i] * times;
    }
    for (int i = 0; i < siteQuickShared.length; i++) {
      siteQuickShared[i] += b.siteQuickShared[i] * times;
      siteQuickGlobal[i] += b.siteQuickGlobal[i] * times;
      siteQuickSectors[i] += b.siteQuickSectors[i] * times;
    }
    ensurePhase(b.phaseWarp.length - 1);
    for (int p = 0; p < b.phaseWarp.length; p++) {
      phaseWarp[p] += b.phaseWarp[p] * times;
      phaseThread[p] += b.phaseThread[p] * times;
    }
    for (int i = 0; i < b.phaseQuickShared.length; i++) {
      phaseQuickShared[i] += b.phaseQuickShared[i] * times;
      phaseQuickGlobal[i] += b.phaseQuickGlobal[i] * times;
      phaseQuickSectors[i] += b.phaseQuickSectors[i] * times;
    }
    for (int i = 0; i < sites.length; i++) {
      if (b.sites[i] != null) {
        site(i).add(b.sites[i], times);
      }
    }
    for (int p = 0; p < b.phases.size(); p++) {
      phase(p).add(b.phases.get(p), times);
    }
  }

  Counters site(int index) {
    Counters c = sites[index];
    if (c == null) {
      c = new Counters();
      sites[index] = c;
    }
    return c;
  }

  /** Makes room for barrier phase {@code p} in the flat instruction counts. */
  void ensurePhase(int p) {
    if (p >= phaseWarp.length) {
      int n = Math.max(p + 1, phaseWarp.length * 2);
      phaseWarp = java.util.Arrays.copyOf(phaseWarp, n);
      phaseThread = java.util.Arrays.copyOf(phaseThread, n);
      phaseQuickShared = java.util.Arrays.copyOf(phaseQuickShared, 2 * n);
      phaseQuickGlobal = java.util.Arrays.copyOf(phaseQuickGlobal, 2 * n);
      phaseQuickSectors = java.util.Arrays.copyOf(phaseQuickSectors, 2 * n);
    }
  }

  /** A conflict-free shared access of one wavefront (the shortcut), at site {@code index} in barrier phase {@code phase}. */
  void quickShared(int index, int phase, boolean store) {
    int s = store ? 1 : 0;
    siteQuickShared[2 * index + s]++;
    phaseQuickShared[2 * phase + s]++;
  }

  /** A global access of one contiguous run touching {@code sectors} sectors (the shortcut). */
  void quickGlobal(int index, int phase, boolean store, int sectors) {
    int s = store ? 1 : 0;
    siteQuickGlobal[2 * index + s]++;
    siteQuickSectors[2 * index + s] += sectors;
    phaseQuickGlobal[2 * phase + s]++;
    phaseQuickSectors[2 * phase + s] += sectors;
  }

  /** Adds accesses counted by the shortcuts (loads or stores) to {@code k}. */
  private static void addQuick(Counters k, boolean store, long shared, long global, long sectors) {
    if (shared != 0) {
      k.addConflictFree(store, shared);
    }
    if (global != 0) {
      k.addGlobal(store, global, sectors);
    }
  }

  /** Moves the shortcuts' access counts into the per-site, per-phase and launch counters. */
  private void foldQuickCounts() {
    for (int i = 0; i < siteQuickShared.length; i++) {
      if (siteQuickShared[i] != 0 || siteQuickGlobal[i] != 0) {
        boolean store = (i & 1) != 0;
        addQuick(site(i >> 1), store, siteQuickShared[i], siteQuickGlobal[i], siteQuickSectors[i]);
        addQuick(counters, store, siteQuickShared[i], siteQuickGlobal[i], siteQuickSectors[i]);
        siteQuickShared[i] = 0;
        siteQuickGlobal[i] = 0;
        siteQuickSectors[i] = 0;
      }
    }
    for (int i = 0; i < phaseQuickShared.length; i++) {
      if (phaseQuickShared[i] != 0 || phaseQuickGlobal[i] != 0) {
        addQuick(phase(i >> 1), (i & 1) != 0, phaseQuickShared[i], phaseQuickGlobal[i], phaseQuickSectors[i]);
        phaseQuickShared[i] = 0;
        phaseQuickGlobal[i] = 0;
        phaseQuickSectors[i] = 0;
      }
    }
  }

  /** Moves the flat instruction counts into the per-site, per-phase and launch counters (once, at the end). */
  public void foldInstructionCounts() {
    foldQuickCounts();
    // A trace entered at p counts once for every instruction it covers.
    Trace[] traces = null;
    for (int p = 0; p < traceWarp.length; p++) {
      if (traceWarp[p] != 0) {
        traces = traces == null ? code.traces() : traces;
        for (int i : traces[p].pcs) {
          siteWarp[i] += traceWarp[p];
          siteThread[i] += traceThread[p];
        }
        traceWarp[p] = 0;
        traceThread[p] = 0;
      }
    }
    // A segment entered at p counts once for every instruction from p to its end.
    long runWarp = 0;
    long runThread = 0;
    for (int i = 0; i < siteWarp.length; i++) {
      if (code.boundary[i]) {
        runWarp = 0;
        runThread = 0;
      }
      runWarp += segmentWarp[i];
      runThread += segmentThread[i];
      segmentWarp[i] = 0;
      segmentThread[i] = 0;
      if (!Code.isControl(code.insns[i])) {
        siteWarp[i] += runWarp;
        siteThread[i] += runThread;
      }
    }
    for (int i = 0; i < siteWarp.length; i++) {
      if (siteWarp[i] != 0) {
        Counters s = site(i);
        s.warpInstructions += siteWarp[i];
        s.threadInstructions += siteThread[i];
        counters.warpInstructions += siteWarp[i];
        counters.threadInstructions += siteThread[i];
        siteWarp[i] = 0;
        siteThread[i] = 0;
      }
    }
    for (int p = 0; p < phaseWarp.length; p++) {
      if (phaseWarp[p] != 0) {
        Counters c = phase(p);
        c.warpInstructions += phaseWarp[p];
        c.threadInstructions += phaseThread[p];
        phaseWarp[p] = 0;
        phaseThread[p] = 0;
      }
    }
  }

  Counters phase(int p) {
    while (phases.size() <= p) {
      phases.add(new Counters());
    }
    return phases.get(p);
  }

  public int threadsPerBlock() {
    return block[0] * block[1] * block[2];
  }
}
