package org.scansim.sim.device;

/**
 * Byte sizes computed from a program's declarations and calls, saturating at {@code
 * Long.MAX_VALUE} instead of wrapping: a size past what a long holds is simply too large for any
 * limit, never a small or negative number that slips under one.
 */
public final class Sizes {
  private Sizes() {}

  /** {@code a + b} for sizes of at least 0, or {@code Long.MAX_VALUE} past it. */
  public static long add(long a, long b) {
    long r = a + b;
    return r < 0 ? Long.MAX_VALUE : r;
  }

  /** {@code a} rounded up to a multiple of 16. */
  public static long align16(long a) {
    return a > Long.MAX_VALUE - 15 ? Long.MAX_VALUE : (a + 15) & ~15L;
  }
}
