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
  /** 0: warps of a block run in index order; otherwise a seeded legal order. */
  long seed;

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
