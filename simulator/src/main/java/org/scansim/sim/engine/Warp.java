package org.scansim.sim.engine;

import org.scansim.sim.memory.Allocation;

/**
 * One warp of a block: its registers (a {@code long[32]} each; a uniform one, see {@link
 * Uniformity}, is computed once and written to every lane; values normalised as {@link
 * Allocation#load} produces them), a taint mask per register, and the SIMT reconvergence
 * stack (Fung et al.'s immediate post-dominator scheme, as GPGPU-Sim implements it): each entry
 * is a pc, the pc where it reconverges with its sibling, and the lanes it runs.
 */
public final class Warp {
  final int index;
  /** Linear index of lane 0 within the block. */
  public final int firstThread;
  public final long[][] regs;
  final int[] taint;
  /** blockDim.x, for threadIdx.x ({@link #setBlockX}). */
  int blockX = Integer.MAX_VALUE;
  /** threadIdx.x of lane 0 when the warp's lanes lie in one row of the block (lane l's is rowX + l), else -1. */
  int rowX;
  /**
   * Accesses of an arm whose count waits for the other arm's ({@link ArmMerging}): for each, the
   * partner's index, its lanes, and each lane's allocation and offset. Null until a warp first
   * diverges at such an if/else; an arm may hold several (a load and a store).
   */
  java.util.List<ArmWait> armWaits;

  /**
   * Per load of {@link StoreForwarding}: each lane's trip count of the loop instance it is in
   * (lanes 0..31) and the iterations it had left at its last execution of the load (32..63), by
   * which a new instance is told from the next iteration. Null until such a load first runs.
   */
  long[][] forwarding;

  /**
   * Per loop of {@link CInsn#loopSlot} loads: the lanes that have run its load since they last
   * entered the loop (a branch into it clears them, {@link #enterLoops}). Null until one runs.
   */
  int[] loopLoads;

  int loopLoaded(int slot) {
    return loopLoads == null || slot >= loopLoads.length ? 0 : loopLoads[slot];
  }

  void setLoopLoaded(int slot, int lanes) {
    if (loopLoads == null || slot >= loopLoads.length) {
      loopLoads = java.util.Arrays.copyOf(loopLoads == null ? new int[0] : loopLoads, slot + 1);
    }
    loopLoads[slot] = lanes;
  }

  /** The lanes of {@code mask} take a branch into the loops of {@code slots}: each begins them anew. */
  void enterLoops(int[] slots, int mask) {
    if (loopLoads != null) {
      for (int s : slots) {
        if (s < loopLoads.length) {
          loopLoads[s] &= ~mask;
        }
      }
    }
  }

  record ArmWait(int partner, int mask, Allocation[] lanes, int[] offsets) {}
  /** Lanes that exist and have not returned. */
  int live;
  int[] pc = new int[16];
  int[] rpc = new int[16];
  int[] mask = new int[16];
  int sp;
  /** The pc of the barrier this warp waits at, or -1. */
  int barrierPc = -1;
  /** Loop back edges taken, for the turn-taking of independent thread scheduling. */
  int backEdges;
  /** Applications of the scan operator per lane (the busiest thread's count is a step count). */
  final int[] laneWork = new int[32];
  /** Lanes waiting at a {@code __syncwarp} for lanes of their warp on another path (Volta and later). */
  int syncWaiting;
  /** Barriers this warp has passed: the barrier phase its instructions belong to. */
  public int phase;
  /**
   * The row of the per-phase counters its instructions count in: {@link #phase}, up to {@link
   * #MAX_PHASES} - 1, where every later phase is summed, so that a loop of barriers that never
   * ends holds a launch's counters to a bounded size.
   */
  int slot;

  /** Barrier phases counted apart per launch; the last row sums every later one. */
  public static final int MAX_PHASES = 4096;
  /** {@code __syncwarp}s this warp has completed (the race checker's intervals within a warp). */
  public int syncCount;
  /** With the proof: per register and lane, the ⊕-graph node plus one (0: not from the input). */
  public final int[][] tag;
  /** With the initialisation check: per register and lane, the site of the uninitialised read it came from, plus one. */
  public final int[][] undef;
  /**
   * With either shadow: per register, the lanes whose {@link #tag} or {@link #undef} may be
   * nonzero. An instruction whose operands have none in its lanes, writing a register that has
   * none there either, leaves the shadows as they are: the checkers skip it in O(1).
   */
  public final int[] shadowLanes;

  /** Sets blockDim.x, and with it {@link #rowX}. */
  void setBlockX(int x) {
    blockX = x;
    int x0 = firstThread % x;
    rowX = x0 + 31 < x ? x0 : -1;
  }

  Warp(int index, int firstThread, int lanes, Code code, CheckHooks checker) {
    this.index = index;
    this.firstThread = firstThread;
    this.rowX = firstThread; // one row of blockDim.x = Integer.MAX_VALUE until setBlockX
    int n = code.registerCount();
    this.regs = new long[n][];
    for (int r = 0; r < n; r++) {
      regs[r] = new long[32];
    }
    this.taint = new int[n];
    this.tag = checker != null && checker.valueTags ? new int[n][32] : null;
    this.undef = checker != null && checker.valueOrigins ? new int[n][32] : null;
    this.shadowLanes = tag != null || undef != null ? new int[n] : null;
    for (int c = 0; c < code.constants.length; c++) {
      java.util.Arrays.fill(regs[code.firstConstant + c], code.constants[c]);
    }
    this.laneCount = lanes;
    this.live = lanes == 32 ? -1 : (1 << lanes) - 1;
    push(0, -1, live);
  }

  private final int laneCount;

  /**
   * Back to the state of a new warp, for the next block: the registers that {@link
   * Code#readBeforeWrite} names are zero again (the others are written before any read), and the
   * taint, stack and counts are cleared. Parameters are refilled by the block.
   */
  void reset(Code code) {
    for (int r : code.readBeforeWrite()) {
      java.util.Arrays.fill(regs[r], 0);
    }
    java.util.Arrays.fill(taint, 0);
    java.util.Arrays.fill(laneWork, 0);
    if (shadowLanes != null) {
      // The checkers' shadows: zero again wherever one may be nonzero, as a new warp's.
      for (int r = 0; r < shadowLanes.length; r++) {
        if (shadowLanes[r] != 0) {
          for (int[][] shadows : new int[][][] {tag, undef}) {
            if (shadows != null) {
              java.util.Arrays.fill(shadows[r], 0);
            }
          }
        }
      }
      java.util.Arrays.fill(shadowLanes, 0);
    }
    live = laneCount == 32 ? -1 : (1 << laneCount) - 1;
    armWaits = null;
    if (loopLoads != null) {
      java.util.Arrays.fill(loopLoads, 0);
    }
    sp = 0;
    barrierPc = -1;
    backEdges = 0;
    syncWaiting = 0;
    phase = 0;
    slot = 0;
    syncCount = 0;
    push(0, -1, live);
    pathLength = step;
    step = 0;
    samePath = pathLength > 0;
  }

  /**
   * The warp's path in its executor's block before ({@link #note}): the pc and lanes of each
   * step the interpreter dispatched, two ints a step, {@link #pathLength} steps; null until a
   * step is noted.
   */
  private int[] path;
  private int pathLength;
  /** The steps dispatched in this block so far, up to {@link #MAX_STEPS}. */
  private int step;
  /**
   * Whether every step of this block so far went as in the block before: then each register
   * that {@code engine.opt.BlockInvariance} finds block-invariant holds what it held there.
   */
  boolean samePath;

  /** Steps of one block a warp's path is kept for (past them, the rest of the block is not the same). */
  static final int MAX_STEPS = 1 << 14;

  /**
   * Notes that the warp dispatches the instruction at {@code pc} for the lanes of {@code mask}:
   * compared with the block before while the path is the same, kept for the next block after.
   */
  void note(int pc, int mask) {
    if (step == MAX_STEPS) {
      samePath = false; // past the steps kept: the rest of the block is not compared (nor counted)
      return;
    }
    int i = step++;
    if (samePath) {
      if (i < pathLength && path[2 * i] == pc && path[2 * i + 1] == mask) {
        return;
      }
      samePath = false;
    }
    if (path == null || 2 * i + 1 >= path.length) {
      path = path == null ? new int[64] : java.util.Arrays.copyOf(path, 2 * path.length);
    }
    path[2 * i] = pc;
    path[2 * i + 1] = mask;
  }

  /** Lane {@code l}'s value of register {@code r}. */
  long value(int r, int l) {
    return regs[r][l];
  }

  boolean done() {
    return sp == 0;
  }

  void push(int p, int r, int m) {
    if (sp == pc.length) {
      pc = java.util.Arrays.copyOf(pc, sp * 2);
      rpc = java.util.Arrays.copyOf(rpc, sp * 2);
      mask = java.util.Arrays.copyOf(mask, sp * 2);
    }
    pc[sp] = p;
    rpc[sp] = r;
    mask[sp] = m;
    sp++;
  }

  /** Lanes in {@code exiting} return: they leave every stack entry; empty entries are dropped. */
  void exit(int exiting) {
    live &= ~exiting;
    for (int i = 0; i < sp; i++) {
      mask[i] &= ~exiting;
    }
    while (sp > 0 && mask[sp - 1] == 0) {
      sp--;
    }
  }
}
