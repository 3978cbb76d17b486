package org.scansim.sim.exec;

import java.util.ArrayList;
import java.util.List;

/**
 * Everything one kernel launch shares across its blocks: the compiled kernel, its arguments, the
 * grid shape, device memory, where module variables live, the memory rules, the counters (per
 * launch, per site, per barrier phase), printf output and the instruction budget.
 */
final class LaunchContext {
  final Code code;
  final long[] args;
  final int[] grid;
  final int[] block;
  final int dynamicSharedBytes;
  final Heap global;
  /** For each entry of {@link Code#memory} that is module-level: its global allocation id (shared: -1). */
  final int[] moduleAllocation;
  final MemoryModel memoryModel;
  final Counters counters = new Counters();
  final Counters[] sites;
  final List<Counters> phases = new ArrayList<>();
  final StringBuilder printf = new StringBuilder();
  final List<String> warnings = new ArrayList<>();
  long budget;
  /** Stores executed and atomics that changed memory: how the resident-block scheduler tells a spinning block. */
  long progress;
  /** Volta and later: diverged paths of a warp take turns instead of running to reconvergence. */
  boolean independentThreadScheduling;
  /** 0: warps of a block run in index order; otherwise a seeded legal order. */
  long seed;
  /** The run's checkers, or null. Blocks run one at a time while they are on. */
  Checker checker;
  /** System.nanoTime() past which the run is stopped as a runaway (Long.MAX_VALUE: no wall-clock budget). */
  long deadline = Long.MAX_VALUE;

  LaunchContext(Code code, long[] args, int[] grid, int[] block, int dynamicSharedBytes, Heap global,
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
    this.budget = budget;
    this.startBudget = budget;
  }

  private final long startBudget;

  /**
   * A context for one block with its own counters, output and model, sharing the launch's
   * read-only state: blocks on different cores never write the same counter, and their results
   * are merged in block order afterwards ({@link #merge}).
   */
  LaunchContext forBlock() {
    LaunchContext b = new LaunchContext(code, args, grid, block, dynamicSharedBytes, global, moduleAllocation,
        memoryModel.copy(), budget);
    b.seed = seed;
    b.checker = checker;
    b.deadline = deadline;
    b.independentThreadScheduling = independentThreadScheduling;
    return b;
  }

  /** Adds a block's results; called in block order so totals and output are deterministic. */
  void merge(LaunchContext b) {
    counters.add(b.counters);
    for (int i = 0; i < sites.length; i++) {
      if (b.sites[i] != null) {
        site(i).add(b.sites[i]);
      }
    }
    for (int p = 0; p < b.phases.size(); p++) {
      phase(p).add(b.phases.get(p));
    }
    printf.append(b.printf);
    for (String w : b.warnings) {
      if (!warnings.contains(w)) {
        warnings.add(w);
      }
    }
    budget -= b.used();
  }

  /** Instructions this (block) context has executed from its starting budget. */
  long used() {
    return startBudget - budget;
  }

  Counters site(int index) {
    Counters c = sites[index];
    if (c == null) {
      c = new Counters();
      sites[index] = c;
    }
    return c;
  }

  Counters phase(int p) {
    while (phases.size() <= p) {
      phases.add(new Counters());
    }
    return phases.get(p);
  }

  int threadsPerBlock() {
    return block[0] * block[1] * block[2];
  }
}
