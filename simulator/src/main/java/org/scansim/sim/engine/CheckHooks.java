package org.scansim.sim.engine;

import org.scansim.sim.memory.Allocation;
import org.scansim.frontend.diag.Span;

/**
 * What the engine tells the checkers while they are on: every access, operation and barrier
 * fault of every lane. The engine knows the checkers only through this class, so that it does
 * not depend on them; the run's checkers implement it. What the checkers need of the engine
 * beyond these calls ({@link Need}) are final fields, read on the engine's hot paths without a
 * call; the engine never asks which checks are on.
 */
public abstract class CheckHooks {
  /** What a checker may need of the engine beyond the calls below. */
  public enum Need {
    /** Blocks that read global memory another block of a chunk wrote, or wrote what it read, run apart (every read's order counts). */
    READ_ORDER,
    /** An access outside its array is reported ({@link #outOfBounds}) and the lane skipped, instead of a fault. */
    BOUNDS_EVENTS,
    /** A barrier some threads of a block miss is reported ({@link #divergentBarrier}) before its fault. */
    BARRIER_EVENTS,
    /** Each register lane carries a tag the checkers give it (the scan proof's ⊕ node). */
    VALUE_TAGS,
    /** Each register lane carries where an uninitialised value in it came from. */
    VALUE_ORIGINS
  }

  public final boolean readOrder;
  public final boolean boundsEvents;
  public final boolean barrierEvents;
  public final boolean valueTags;
  public final boolean valueOrigins;

  protected CheckHooks(java.util.Set<Need> needs) {
    this.readOrder = needs.contains(Need.READ_ORDER);
    this.boundsEvents = needs.contains(Need.BOUNDS_EVENTS);
    this.barrierEvents = needs.contains(Need.BARRIER_EVENTS);
    this.valueTags = needs.contains(Need.VALUE_TAGS);
    this.valueOrigins = needs.contains(Need.VALUE_ORIGINS);
  }

  /** Whether registers need per-lane shadows (tags, uninitialised origins). */
  public final boolean tracksValues() {
    return valueTags || valueOrigins;
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
