package org.scansim.timing;


/**
 * One block alone on one SM, cycle by cycle: the SM's warp schedulers (warp w on scheduler
 * w mod S; each issues one instruction at most every {@code issueCycles} cycles, taking its warps
 * in loose round-robin order from the one after the last it issued), a scoreboard (an instruction issues when the
 * registers it reads are ready; its result is ready after its kind's latency), the shared-memory
 * pipe (one request at a time, {@code sharedCyclesPerWavefront} cycles a wavefront: a bank conflict
 * costs the pipe exactly its extra wavefronts, and its warp {@code sharedConflictCycles} for each), global
 * memory (a load's data after the latency of where it is served and its sectors through the SM's
 * share; a warp's loads go to L1 one in {@code globalIssueCycles}; a store drains after the store
 * latency; an atomic's result after {@code atomicLatency}), fences of the device's scope (the warp
 * waits for its stores and atomics, then {@code fenceCycles}), and barriers (a warp waits until every
 * warp of the block that has not finished has arrived, then the block waits the barrier's cost).
 * Every cycle of every warp that has not finished is counted as a {@link Stall}, at the warp's
 * next instruction's site.
 *
 * <p>Not modelled: register-bank conflicts, the instruction cache, dual issue, caches beyond the
 * three latencies of a global load (L1, L2, device memory: {@link BlockCaches} chooses), and other
 * blocks on the same SM (see {@link LaunchModel}). {@link SmRun} runs the cycle loop.
 */
final class SmModel {
  private SmModel() {}

  /**
   * A block's time alone: {@code cycles} from its first issue to its last result or drained
   * store; {@code issued} instructions that took an issue slot; {@code wavefronts} the shared
   * pipe served; {@code sectors} of global memory moved; {@code stalls} the warp-cycles by {@link
   * Stall} (ordinal), and {@code siteStalls} the same per site ({@code site * STALLS + reason});
   * {@code barriers} the cycles at which the block's barriers opened, in order: barrier phase k
   * runs from the (k-1)-th to the k-th (from 0, and to {@code cycles} for the last); {@code
   * phaseStalls} the warp-cycles by {@link Stall} in each phase ({@code phase * STALLS + reason});
   * {@code markTimes} per warp the cycle each of its trace's marked instructions issued ({@link
   * WarpTrace#marks}; null when no trace has any); {@code together} the cycles the SM takes when the
   * launch's blocks per SM run this block's traces at once ({@link #together}; 0 when it holds one);
   * {@code conflictFree} the same block's time with every shared request in its ideal wavefronts
   * ({@link #conflictFree}; null when it has no bank conflicts).
   */
  record BlockTime(long cycles, long issued, long wavefronts, long sectors, long[] stalls, long[] siteStalls, long[] barriers,
      long[] phaseStalls, long[][] markTimes, long together, BlockTime conflictFree) {
    BlockTime(long cycles, long issued, long wavefronts, long sectors, long[] stalls, long[] siteStalls, long[] barriers, long[] phaseStalls) {
      this(cycles, issued, wavefronts, sectors, stalls, siteStalls, barriers, phaseStalls, null, 0, null);
    }

    BlockTime withTogether(long cycles) {
      return new BlockTime(this.cycles, issued, wavefronts, sectors, stalls, siteStalls, barriers, phaseStalls, markTimes, cycles, conflictFree);
    }

    BlockTime withConflictFree(BlockTime free) {
      return new BlockTime(cycles, issued, wavefronts, sectors, stalls, siteStalls, barriers, phaseStalls, markTimes, together, free);
    }

    /** This block as it would run without bank conflicts (itself when it has none). */
    BlockTime ideal() {
      return conflictFree == null ? this : conflictFree;
    }

    /** The cycles of each barrier phase, in order (the engine's phases: barriers passed). */
    long[] phaseCycles() {
      long[] out = new long[barriers.length + 1];
      long from = 0;
      for (int i = 0; i < barriers.length; i++) {
        out[i] = barriers[i] - from;
        from = barriers[i];
      }
      out[barriers.length] = Math.max(0, cycles - from);
      return out;
    }

    long barrierWait() {
      return stalls[Stall.BARRIER.ordinal()];
    }
  }

  static final int STALLS = Stall.values().length;

  /** Which kind of instruction produced a register's value, for the stall it causes. */
  static final byte BY_ALU = 0;
  static final byte BY_SHARED = 1;
  static final byte BY_GLOBAL = 2;

  static BlockTime run(WarpTrace[] warps, int registers, TimingParameters p) {
    return run(warps, registers, 0, p);
  }

  static BlockTime run(WarpTrace[] warps, int registers, int sites, TimingParameters p) {
    return run(warps, registers, sites, warps.length, false, p);
  }

  /** The same block with each shared request served in its ideal wavefronts: what it takes without its bank conflicts. */
  static BlockTime conflictFree(WarpTrace[] warps, int registers, TimingParameters p) {
    return run(warps, registers, 0, warps.length, true, p);
  }

  /**
   * {@code copies} blocks of the same traces resident on one SM together, started at once: how long
   * the SM takes to finish them all, its schedulers and shared pipe shared by all their warps.
   */
  static long together(WarpTrace[] warps, int registers, int copies, boolean conflictFree, TimingParameters p) {
    WarpTrace[] all = new WarpTrace[warps.length * copies];
    for (int c = 0; c < copies; c++) {
      System.arraycopy(warps, 0, all, c * warps.length, warps.length);
    }
    return run(all, registers, 0, warps.length, conflictFree, p).cycles();
  }

  /**
   * The warps of {@code warps}, each {@code group} of them (from the first) a block: a block's
   * barrier waits for its own warps; with {@code ideal}, each shared request in its ideal wavefronts.
   */
  private static BlockTime run(WarpTrace[] warps, int registers, int sites, int group, boolean ideal, TimingParameters p) {
    return new SmRun(warps, registers, sites, group, ideal, p).run();
  }

  /**
   * Whether an instruction of this kind is a global load, from wherever it is served (stores are
   * not held back: {@code globalIssueCycles} was measured on loads, and the sequential scans' store
   * a trip would then cost more than the card takes).
   */
  static boolean globalLoad(int kind) {
    return switch (kind) {
      case WarpTrace.GLOBAL_LD, WarpTrace.GLOBAL_LD_L1, WarpTrace.GLOBAL_LD_L2, WarpTrace.GLOBAL_LD_PAGE, WarpTrace.GLOBAL_LD_DRAM -> true;
      default -> false;
    };
  }

  /** The source register of instruction {@code i} of {@code tr} whose value is ready last, or -1 for none. */
  static int latest(long[] ready, int base, WarpTrace tr, int i) {
    int best = -1;
    long when = Long.MIN_VALUE;
    for (int k = 0; k < 3; k++) {
      int r = tr.src(i, k);
      if (r >= 0 && ready[base + r] > when) {
        when = ready[base + r];
        best = r;
      }
    }
    return best;
  }
}
