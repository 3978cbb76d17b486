package org.scansim.catalog;

import java.util.Map;

/**
 * Which growth rate a measured series follows: for each model f, the ratio measured(n) / f(n)
 * over the sweep; the model whose ratio varies least (largest over smallest) fits best. On exact
 * counts such as n·log2(n) − (n − 1) the right model's ratio tends to a constant while the others
 * drift by a factor of log n or more across the sweep.
 */
public final class Fit {
  private Fit() {}

  public enum Model {
    CONSTANT("1"),
    LOG_N("log n"),
    N("n"),
    N_LOG_N("n log n");

    private final String label;

    Model(String label) {
      this.label = label;
    }

    public String label() {
      return label;
    }

    double at(int n) {
      double log = Math.log(n) / Math.log(2);
      return switch (this) {
        case CONSTANT -> 1;
        case LOG_N -> log;
        case N -> n;
        case N_LOG_N -> n * log;
      };
    }
  }

  /** The model whose ratio to the series varies least over the sizes (at least two, all ≥ 2). */
  public static Model best(Map<Integer, Long> series) {
    Model best = null;
    double bestSpread = Double.POSITIVE_INFINITY;
    for (Model m : Model.values()) {
      double lo = Double.POSITIVE_INFINITY;
      double hi = 0;
      for (Map.Entry<Integer, Long> e : series.entrySet()) {
        double r = e.getValue() / m.at(e.getKey());
        lo = Math.min(lo, r);
        hi = Math.max(hi, r);
      }
      double spread = lo <= 0 ? Double.POSITIVE_INFINITY : hi / lo;
      if (spread < bestSpread) {
        bestSpread = spread;
        best = m;
      }
    }
    return best;
  }
}
