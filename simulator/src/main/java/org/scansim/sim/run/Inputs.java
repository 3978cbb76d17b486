package org.scansim.sim.run;

/**
 * The input of a run: small non-negative integers from a fixed pseudo-random sequence, bounded so
 * that every partial sum stays at or below 2^24 and is therefore exact in float whatever the
 * order of additions (docs/engine.md, "What a report counts"): values 0..7 for small n, only 0s and 1s as n nears 2^24.
 */
public final class Inputs {
  private Inputs() {}

  public static double[] values(int n) {
    double[] x = new double[n];
    // Element i is a function of i alone (the sequence's state before it is 0x9E37... * (i + 2)),
    // so the elements are filled in parallel with the same values as a sequential loop.
    long k = bound(n);
    java.util.Arrays.parallelSetAll(x, i -> element(i, k));
    return x;
  }

  /**
   * The bound of an input of n elements: its values are 0 .. bound - 1. Loops over many elements
   * take it once and call {@link #element} (it costs a 64-bit division).
   */
  public static long bound(int n) {
    return Math.max(2, Math.min(8, 1 + (1L << 24) / Math.max(1, n)));
  }

  /**
   * Element i of an input whose values are below {@code k} ({@link #bound}): element i of
   * {@link #values}, computed on its own.
   */
  public static double element(int i, long k) {
    long z = 0x9E3779B97F4A7C15L * (i + 2L);
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    z ^= z >>> 31;
    return (k & (k - 1)) == 0 ? z & (k - 1) : Long.remainderUnsigned(z, k);
  }
}
