package org.scansim.timing;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import org.scansim.sim.arch.Architecture;

/**
 * Blocks of one launch that communicate through global memory (PMPP's chained scan: a block spins
 * until its predecessor sets its flag), timed as the resident scheduler runs them: a block's
 * atomic or volatile read of an address another block of the launch wrote (an atomic that changed
 * it, a volatile store) may not issue before that write first issued, and the block waits the
 * difference. The first write counts: a flag written once is exact; a location written more than
 * once (a decoupled look-back's status, aggregate then prefix) releases its readers at its first
 * value, whatever value the engine's read returned. Blocks start in dispatch order on the slot that
 * frees first ({@link LaunchModel}); a block waits only for writers that ended before it did in
 * the engine, as its turns order them (the engine gives a block turns of 100,000 warp instructions,
 * so a writer ends before a reader that needed it). Everything the reader does after the read is
 * taken to wait with it (the spin-wait pattern: the block's other warps wait at a barrier).
 */
final class BlockSync {
  /** The first write of each address in this launch: the writer's block, warp, and mark in that warp's trace. */
  private final Map<Long, int[]> firstWrite = new HashMap<>();
  /** The launch as the model times it, and the same launch without bank conflicts ({@link SmModel.BlockTime#conflictFree}). */
  private final Timeline real = new Timeline();
  private final Timeline ideal = new Timeline();
  private int perSm = 1;
  private boolean any;

  /** A new launch of {@code blocks} blocks. */
  void launch(long blocks, int threadsPerBlock, Architecture a) {
    firstWrite.clear();
    any = false;
    perSm = LaunchModel.perSm(blocks, threadsPerBlock, a);
    real.launch(Math.min((long) a.smCount() * perSm, blocks));
    ideal.launch(Math.min((long) a.smCount() * perSm, blocks));
  }

  /** Block {@code block}'s write of {@code address}, the {@code mark}-th marked instruction of its warp {@code warp}. */
  void write(int block, int warp, int mark, long address) {
    if (!firstWrite.containsKey(address)) { // no record made for every write of a spin that never ends
      firstWrite.put(address, new int[] {block, warp, mark});
    }
    any = true;
  }

  /**
   * Block {@code block}'s read of {@code address} (its warp's {@code mark}-th marked instruction):
   * the acquire {warp, mark, writer block, writer warp, writer mark} when another block wrote it
   * first, else null.
   */
  int[] read(int block, int warp, int mark, long address) {
    int[] w = firstWrite.get(address);
    return w == null || w[0] == block ? null : new int[] {warp, mark, w[0], w[1], w[2]};
  }

  /**
   * Block {@code block}'s time {@code t} (alone, from its traces {@code warps}) under its {@code
   * acquires} ({@link #read}): the same object when it waits for nothing. Its time without bank
   * conflicts waits on the launch without them.
   */
  SmModel.BlockTime settle(int block, SmModel.BlockTime t, List<int[]> acquires, WarpTrace[] warps, TimingParameters p) {
    SmModel.BlockTime out = real.settle(block, t, acquires, warps, p);
    SmModel.BlockTime free = ideal.settle(block, t.ideal(), acquires, warps, p);
    if (out == t && free == t.ideal()) {
      return t;
    }
    return out.withConflictFree(free == out ? null : free);
  }

  /** Where each block of a launch starts, and when each timed block's marked instructions issued, on the launch's clock. */
  private final class Timeline {
    /** Each timed block's marks' issue cycles (per warp, per mark). */
    private final Map<Integer, long[][]> released = new HashMap<>();
    private final PriorityQueue<Long> slots = new PriorityQueue<>();

    void launch(long resident) {
      released.clear();
      slots.clear();
      for (long i = 0; i < resident; i++) {
        slots.add(0L);
      }
    }

    SmModel.BlockTime settle(int block, SmModel.BlockTime t, List<int[]> acquires, WarpTrace[] warps, TimingParameters p) {
      Long free = slots.poll();
      long start = free == null ? 0 : free;
      SmModel.BlockTime out = t;
      if (!acquires.isEmpty() && t.markTimes() != null) {
        // In the order the reads issued: each waits for its writer, and what comes after it with it.
        List<int[]> ordered = new ArrayList<>(acquires);
        ordered.removeIf(q -> t.markTimes()[q[0]] == null || released.get(q[2]) == null || released.get(q[2])[q[3]] == null);
        ordered.sort(Comparator.comparingLong((int[] q) -> t.markTimes()[q[0]][q[1]]).thenComparingInt(q -> q[0]));
        for (int[] q : ordered) {
          long issued = out.markTimes()[q[0]][q[1]];
          long wait = released.get(q[2])[q[3]][q[4]] - start - issued;
          if (wait > 0) {
            out = shifted(out, wait, issued, q[0], warps[q[0]].site(warps[q[0]].marks[q[1]]), warps);
          }
        }
      }
      if (any && out.markTimes() != null) {
        long[][] abs = new long[out.markTimes().length][];
        for (int w = 0; w < abs.length; w++) {
          long[] m = out.markTimes()[w];
          if (m != null) {
            abs[w] = new long[m.length];
            for (int k = 0; k < m.length; k++) {
              abs[w][k] = start + m[k];
            }
          }
        }
        released.put(block, abs);
      }
      slots.add(start + LaunchModel.occupied(out, perSm, p));
      return out;
    }
  }

  /**
   * {@code t} with everything from cycle {@code at} on {@code wait} cycles later: the waiting warp
   * stalls on its read (long scoreboard, at the read's {@code site}), the others at a barrier.
   */
  private static SmModel.BlockTime shifted(SmModel.BlockTime t, long wait, long at, int waiter, int site, WarpTrace[] warps) {
    int others = 0;
    for (int w = 0; w < warps.length; w++) {
      others += w != waiter && warps[w] != null && warps[w].length > 0 ? 1 : 0;
    }
    int longScoreboard = Stall.LONG_SCOREBOARD.ordinal();
    int barrier = Stall.BARRIER.ordinal();
    long[] stalls = t.stalls().clone();
    stalls[longScoreboard] += wait;
    stalls[barrier] += wait * others;
    long[] siteStalls = t.siteStalls().clone();
    if (site >= 0 && site * SmModel.STALLS + longScoreboard < siteStalls.length) {
      siteStalls[site * SmModel.STALLS + longScoreboard] += wait;
    }
    long[] barriers = t.barriers().clone();
    int phase = 0;
    for (int i = 0; i < barriers.length; i++) {
      if (barriers[i] > at) {
        barriers[i] += wait;
      } else {
        phase = i + 1;
      }
    }
    long[] phaseStalls = t.phaseStalls().clone();
    if (phase * SmModel.STALLS + barrier < phaseStalls.length) {
      phaseStalls[phase * SmModel.STALLS + longScoreboard] += wait;
      phaseStalls[phase * SmModel.STALLS + barrier] += wait * others;
    }
    long[][] marks = new long[t.markTimes().length][];
    for (int w = 0; w < marks.length; w++) {
      if (t.markTimes()[w] != null) {
        marks[w] = t.markTimes()[w].clone();
        for (int k = 0; k < marks[w].length; k++) {
          if (marks[w][k] > at || marks[w][k] == at && w == waiter) {
            marks[w][k] += wait;
          }
        }
      }
    }
    return new SmModel.BlockTime(t.cycles() + wait, t.issued(), t.wavefronts(), t.sectors(), stalls, siteStalls, barriers, phaseStalls,
        marks, t.together() == 0 ? 0 : t.together() + wait, null);
  }
}
