package org.scansim.sim.sched;

import org.scansim.sim.engine.BlockExecutor;
import org.scansim.sim.result.Fault;
import org.scansim.sim.result.Kind;
import org.scansim.sim.engine.LaunchContext;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs a launch of blocks that may communicate on one thread, under a residency limit, in index
 * order or an order the seed chooses; reports a deadlock instead of hanging.
 */
final class ResidentBlocks {
  /** Warp instructions a resident block runs before the next resident block gets a turn. */
  static final long SLICE = 100_000;
  /**
   * The most warp instructions the resident blocks run in one round of longer turns before a
   * round in which none of them stored anything or finished counts as a deadlock.
   */
  static final long PATIENCE = 4_000_000;

  private int smCount = Integer.MAX_VALUE;
  private int blocksPerSm = 1;
  private int threadsPerSm = Integer.MAX_VALUE;
  private int sharedPerSm = Integer.MAX_VALUE;
  private int residentOverride;

  /** The occupancy limits that bound how many blocks of a launch are resident at once. */
  void setResidency(int smCount, int blocksPerSm, int threadsPerSm, int sharedPerSm) {
    this.smCount = smCount;
    this.blocksPerSm = blocksPerSm;
    this.threadsPerSm = threadsPerSm;
    this.sharedPerSm = sharedPerSm;
  }

  /** Resident blocks per launch regardless of occupancy (0: from the occupancy limits). */
  void setResidentBlocks(int blocks) {
    this.residentOverride = blocks;
  }

  /** How many blocks of this launch the device holds at once (CUDA C Guide, occupancy). */
  long residentBlocks(LaunchContext lx) {
    if (residentOverride > 0) {
      return residentOverride;
    }
    int threads = (lx.threadsPerBlock() + 31) / 32 * 32;
    long perSm = Math.min(blocksPerSm, threadsPerSm / Math.max(1, threads));
    long shared = BlockExecutor.sharedBytes(lx.code, lx.dynamicSharedBytes);
    if (shared > 0) {
      perSm = Math.min(perSm, sharedPerSm / shared);
    }
    return (long) smCount * Math.max(1, perSm); // at least one block per SM: a launch that fits one block runs
  }

  /**
   * Blocks that may communicate (atomics, fences, volatile global accesses) run on one thread
   * under a residency limit: blocks are dispatched in index order, or in an order chosen by
   * the seed (the hardware promises no order, CUDA C Guide §2.2.1), up to the number the device
   * holds at once; resident blocks take turns of {@link #SLICE} warp instructions, and a block
   * leaves when it finishes. A round of turns in which no resident block stored anything or
   * finished may be a block computing for long without a store (one thread's loop of volatile
   * loads): the next round's turns are 4 times longer, until a round would run more than {@link
   * #PATIENCE} warp instructions. Past that, every resident block is waiting for one that is not
   * resident: a deadlock, reported with where each block waits, instead of hanging as the
   * hardware would.
   */
  void run(LaunchContext lx, long total, LaunchProgress listener) {
    int[] g = lx.grid;
    int[] order = new int[(int) total];
    for (int i = 0; i < order.length; i++) {
      order[i] = i;
    }
    if (lx.seed != 0) {
      java.util.SplittableRandom rnd = new java.util.SplittableRandom(lx.seed * 0x2545F4914F6CDD1DL);
      for (int i = order.length - 1; i > 0; i--) {
        int j = rnd.nextInt(i + 1);
        int t = order[i];
        order[i] = order[j];
        order[j] = t;
      }
    }
    long limit = residentBlocks(lx);
    List<BlockExecutor> resident = new ArrayList<>();
    // The state of finished blocks, reset for the next ones (BlockExecutor.reset): at most
    // as many executors as blocks are resident at once, instead of a new one for each block.
    java.util.ArrayDeque<BlockExecutor> finished = new java.util.ArrayDeque<>();
    int next = 0;
    long slice = SLICE;
    while (next < order.length || !resident.isEmpty()) {
      while (resident.size() < limit && next < order.length) {
        if (System.nanoTime() > lx.deadline) {
          throw Grids.blockPastWallClock(lx.code, Grids.blockIndex(order[next], g), total);
        }
        int[] idx = Grids.blockIndex(order[next++], g);
        if (listener != null) {
          listener.blocksDone(next - 1);
        }
        BlockExecutor reuse = finished.poll();
        if (lx.observer != null) {
          lx.observer.blockBegin(order[next - 1]);
        }
        resident.add(reuse == null ? new BlockExecutor(lx, idx) : reuse.reset(idx));
      }
      boolean progress = false;
      for (java.util.Iterator<BlockExecutor> it = resident.iterator(); it.hasNext(); ) {
        BlockExecutor b = it.next();
        long before = lx.progress;
        if (b.step(slice)) {
          if (lx.observer != null) {
            lx.observer.blockEnd(b.linear());
          }
          it.remove();
          finished.push(b);
          progress = true;
        } else if (lx.progress != before) {
          progress = true;
        }
      }
      if (progress) {
        slice = SLICE;
      } else if (slice * 4 * resident.size() <= PATIENCE) {
        slice *= 4; // perhaps computing, not waiting: longer turns first
      } else {
        StringBuilder who = new StringBuilder();
        for (BlockExecutor b : resident) {
          who.append("\n  block ").append(b.blockName()).append(": ").append(b.whereWaiting());
        }
        throw new Fault(Kind.DEADLOCK, null, "deadlock: all " + resident.size() + " resident blocks wait and none can finish; "
            + (order.length - next) + " blocks were never dispatched (at most " + limit + " blocks resident"
            + (residentOverride > 0 ? ", --resident-blocks" : "") + "; dispatch order " + (lx.seed == 0 ? "by block index" : "seeded by --seed " + lx.seed)
            + ")" + who);
      }
    }
  }

}
