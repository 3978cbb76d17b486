package org.scansim.sim.sched;

import org.scansim.sim.engine.BlockExecutor;
import org.scansim.sim.engine.Code;
import org.scansim.sim.result.Fault;

/** A grid's blocks by linear index, and the wall-clock fault of a block about to start. */
final class Grids {
  private Grids() {}

  static long blocksOf(int[] grid) {
    return (long) grid[0] * grid[1] * grid[2];
  }

  static int[] blockIndex(long linear, int[] g) {
    return new int[] {(int) (linear % g[0]), (int) (linear / g[0] % g[1]), (int) (linear / ((long) g[0] * g[1]))};
  }

  /** The wall-clock fault of a block about to be dispatched: a grid of empty blocks never reaches the interpreter's check. */
  static Fault blockPastWallClock(Code code, int[] idx, long total) {
    return Fault.pastWallClock(code.function.span(), "; block " + BlockExecutor.blockName(idx) + " of " + code.function.name()
        + " (of " + total + " blocks) was about to start");
  }

}
