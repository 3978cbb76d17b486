package org.scansim.reports;

import org.scansim.sim.check.Circuit;

/**
 * The numbers the CUDA Handbook (§13.3) uses to compare scan circuits, computed from a recorded
 * {@link Circuit}: work (⊕ nodes), depth (the longest chain of ⊕ from an input to an output),
 * nodes per level, and fan-out (how many ⊕ read one value).
 *
 * <p>Levels are dataflow depths: a ⊕ sits one level below its deeper operand, as soon as its
 * operands exist, whatever barrier phase the kernel computed it in. A circuit drawn by time steps
 * (PMPP's Brent-Kung: log2(n) up-sweep and log2(n) - 1 down-sweep phases) can therefore have more
 * rows than this depth.
 */
public final class CircuitStats {
  private CircuitStats() {}

  /**
   * The value read by the most ⊕.
   *
   * @param node  the id of that value (an input or a ⊕), or {@link Circuit#NONE} when nothing is read
   * @param value its name, e.g. {@code x0..x7}
   * @param count how many distinct ⊕ read it
   * @param level the level of those readers for {@link #maxFanOutAtOneLevel}; 0 for {@link #maxFanOut}
   */
  public record FanOut(int node, String value, int count, int level) {}

  /** Applications of ⊕: every node that is not an input. */
  public static long work(Circuit c) {
    return c.nodes().stream().filter(v -> !v.isInput()).count();
  }

  /** The longest chain of ⊕ from an input to an output: the deepest node an output holds (0 if none). */
  public static int depth(Circuit c) {
    return depth(new CircuitGraph(c));
  }

  static int depth(CircuitGraph g) {
    int d = 0;
    for (int out : g.circuit.outputs()) {
      int p = g.position(out);
      if (p >= 0) {
        d = Math.max(d, g.level[p]);
      }
    }
    return d;
  }

  /** The deepest level of any node, outputs or not: the rows of the picture. */
  public static int levels(Circuit c) {
    return new CircuitGraph(c).levels;
  }

  /** {@code result[l - 1]} is the number of ⊕ at level l, for l = 1 .. {@link #levels}. */
  public static int[] nodesPerLevel(Circuit c) {
    return nodesPerLevel(new CircuitGraph(c));
  }

  static int[] nodesPerLevel(CircuitGraph g) {
    int[] out = new int[g.levels];
    for (int i = 0; i < g.size(); i++) {
      if (g.level[i] > 0) {
        out[g.level[i] - 1]++;
      }
    }
    return out;
  }

  /** For each node, in list order: how many distinct ⊕ use it as an operand. */
  public static int[] fanOut(Circuit c) {
    return new CircuitGraph(c).fanOut.clone();
  }

  /** The value read by the most ⊕ over the whole circuit (the first in list order on a tie). */
  public static FanOut maxFanOut(Circuit c) {
    return maxFanOut(new CircuitGraph(c));
  }

  static FanOut maxFanOut(CircuitGraph g) {
    int best = -1;
    for (int i = 0; i < g.size(); i++) {
      if (g.fanOut[i] > 0 && (best < 0 || g.fanOut[i] > g.fanOut[best])) {
        best = i;
      }
    }
    return best < 0 ? new FanOut(Circuit.NONE, "", 0, 0)
        : new FanOut(g.node(best).id(), g.name(g.node(best).id()), g.fanOut[best], 0);
  }

  /**
   * The value read by the most ⊕ of one level: the Handbook's fan-out, a wire that feeds several
   * nodes of the same stage (Kogge-Stone: 2; Sklansky: n/2 at the last level). The first value in
   * list order, then the lowest level, wins a tie.
   */
  public static FanOut maxFanOutAtOneLevel(Circuit c) {
    return maxFanOutAtOneLevel(new CircuitGraph(c));
  }

  static FanOut maxFanOutAtOneLevel(CircuitGraph g) {
    // Count, per (value, reader's level), the distinct readers.
    java.util.Map<Long, Integer> count = new java.util.HashMap<>();
    for (int i = 0; i < g.size(); i++) {
      var v = g.node(i);
      int l = g.position(v.left());
      int r = g.position(v.right());
      if (l >= 0) {
        count.merge(key(l, g.level[i]), 1, Integer::sum);
      }
      if (r >= 0 && r != l) {
        count.merge(key(r, g.level[i]), 1, Integer::sum);
      }
    }
    int bestCount = 0;
    int bestValue = -1;
    int bestLevel = 0;
    for (var e : count.entrySet()) {
      int value = (int) (e.getKey() >>> 32);
      int level = (int) (long) e.getKey();
      int n = e.getValue();
      if (n > bestCount || n == bestCount && (value < bestValue || value == bestValue && level < bestLevel)) {
        bestCount = n;
        bestValue = value;
        bestLevel = level;
      }
    }
    return bestValue < 0 ? new FanOut(Circuit.NONE, "", 0, 0)
        : new FanOut(g.node(bestValue).id(), g.name(g.node(bestValue).id()), bestCount, bestLevel);
  }

  private static long key(int position, int level) {
    return ((long) position << 32) | (level & 0xffffffffL);
  }

  /** Nodes whose value is not a contiguous range of inputs. */
  public static long invalid(Circuit c) {
    return c.nodes().stream().filter(v -> !v.valid()).count();
  }

  /** The summary line both renderings show: {@code work 49 · depth 4 · max fan-out 4 (x0) · at one level 2 (x1, level 1)}. */
  static String summary(CircuitGraph g) {
    FanOut all = maxFanOut(g);
    FanOut one = maxFanOutAtOneLevel(g);
    long invalid = invalid(g.circuit);
    return "n " + g.circuit.n() + " · work " + work(g.circuit) + " · depth " + depth(g)
        + " · max fan-out " + all.count() + (all.count() > 0 ? " (" + all.value() + ")" : "")
        + " · at one level " + one.count() + (one.count() > 0 ? " (" + one.value() + ", level " + one.level() + ")" : "")
        + (invalid > 0 ? " · " + invalid + " not a contiguous range" : "");
  }
}
