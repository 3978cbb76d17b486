package org.scansim.sim.engine;

import org.scansim.sim.memory.Allocation;
import org.scansim.frontend.diag.Span;

/**
 * What the engine tells the checkers while they are on: every access, operation and barrier
 * fault of every lane. The engine knows the checkers only through this class, so that it does
 * not depend on them; the run's checker implements it. Which checks are on are final fields,
 * read on the engine's hot paths without a call.
 */
public abstract class CheckHooks {
  public final boolean races;
  public final boolean bounds;
  public final boolean init;
  public final boolean barriers;
  public final boolean proof;

  protected CheckHooks(boolean races, boolean bounds, boolean init, boolean barriers, boolean proof) {
    this.races = races;
    this.bounds = bounds;
    this.init = init;
    this.barriers = barriers;
    this.proof = proof;
  }

  /** Whether registers need per-lane shadows (node tags, uninitialised origins). */
  public final boolean tracksValues() {
    return init || proof;
  }

  /** An access outside its array, with bounds checking on: recorded; the engine skips the lane. */
  public abstract void outOfBounds(CInsn in, BlockExecutor b, Warp w, int lane, Allocation a, long off, int size);

  /** The lanes of {@code mask} read {@code size} bytes at {@code offs[lane]} of {@code a}. */
  public abstract void load(CInsn in, BlockExecutor b, Warp w, int mask, Allocation a, int[] offs, int size);

  /** The lanes of {@code mask} wrote {@code size} bytes at {@code offs[lane]} of {@code a}. */
  public abstract void store(CInsn in, BlockExecutor b, Warp w, int mask, Allocation a, int[] offs, int size);

  /** One lane's atomic read-modify-write: the old value, the value written, whether it swapped. */
  public abstract void atomic(CInsn in, BlockExecutor b, Warp w, int lane, Allocation a, int off, int size, long old, long value,
      boolean swapped);

  /** A {@code __syncthreads} not every thread reaches, with barrier checking on. */
  public abstract void divergentBarrier(Span at, String message);

  /** As {@link #divergentBarrier(Span, String)}, where other threads wait at {@code other}. */
  public abstract void divergentBarrier(Span at, Span other, String message);

  /** An operation of the lanes of {@code mask} other than a memory access or shuffle, after it ran. */
  public abstract void alu(CInsn in, Warp w, int mask);

  /** A shuffle: lane l took its value from lane {@code source[l]}. */
  public abstract void shuffle(CInsn in, Warp w, int mask, int[] source);
}
