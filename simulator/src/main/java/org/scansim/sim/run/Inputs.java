package org.scansim.sim.run;

/**
 * The input of a run: small non-negative integers from a fixed pseudo-random sequence, bounded so
 * that every partial sum stays at or below 2^24 and is therefore exact in float whatever the
 * order of additions (DESIGN §4): values 0..7 for small n, only 0s and 1s as n nears 2^24.
 */
public final class Inputs {
  private Inputs() {}

  public static double[] values(int n) {
    long k = Math.max(2, Math.min(8, 1 + (1L << 24) / Math.max(1, n)));
    double[] x = new double[n];
    long state = 0x9E3779B97F4A7C15L;
    for (int i = 0; i < n; i++) {
      state += 0x9E3779B97F4A7C15L;
      long z = state;
      z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
      z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
      z ^= z >>> 31;
      x[i] = Long.remainderUnsigned(z, k);
    }
    return x;
  }
}
