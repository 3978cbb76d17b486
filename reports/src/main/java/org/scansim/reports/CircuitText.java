package org.scansim.reports;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.scansim.sim.check.Circuit;
import org.scansim.sim.check.Circuit.Node;

/**
 * A scan circuit for the terminal: the summary (work, depth, fan-out), then one line per level
 * listing its ⊕ nodes by column, then the outputs, then the nodes per level.
 *
 * <pre>
 * circuit: n 16 · work 49 · depth 4 · max fan-out 4 (x0) · at one level 2 (x1, level 1)
 * level 1: x0..x1 x1..x2 x2..x3 ...
 * level 2: x0..x2 x0..x3 x1..x4 ...
 * outputs: x0 x0..x1 x0..x2 ...
 * nodes per level: 15 14 12 8
 * </pre>
 *
 * A ⊕ with the identity shows as {@code 0⊕x0..x3}; one whose value is not a contiguous range as
 * {@code [x0..x3⊕x2..x5]}. Long lines stop after {@value #MAX_PER_LINE} names.
 */
public final class CircuitText {
  static final int MAX_PER_LINE = 64;

  private CircuitText() {}

  public static String render(Circuit c) {
    CircuitGraph g = new CircuitGraph(c);
    CircuitLayout lay = new CircuitLayout(g);
    StringBuilder out = new StringBuilder();
    out.append("circuit: ").append(CircuitStats.summary(g)).append('\n');
    List<List<Integer>> byLevel = new ArrayList<>();
    for (int l = 0; l <= g.levels; l++) {
      byLevel.add(new ArrayList<>());
    }
    for (int i = 0; i < g.size(); i++) {
      if (!g.node(i).isInput()) {
        byLevel.get(g.level[i]).add(i);
      }
    }
    for (int l = 1; l <= g.levels; l++) {
      List<Integer> here = byLevel.get(l);
      here.sort(Comparator.<Integer>comparingInt(i -> lay.column[i]).thenComparingInt(i -> i));
      List<String> names = new ArrayList<>();
      for (int i : here) {
        names.add(label(g, i));
      }
      out.append("level ").append(l).append(':').append(list(names)).append('\n');
    }
    List<String> outs = new ArrayList<>();
    for (int o : c.outputs()) {
      outs.add(g.name(o));
    }
    out.append("outputs:").append(list(outs)).append('\n');
    out.append("nodes per level:");
    for (int count : CircuitStats.nodesPerLevel(g)) {
      out.append(' ').append(count);
    }
    return out.append('\n').toString();
  }

  private static String label(CircuitGraph g, int i) {
    Node v = g.node(i);
    if (v.valid() && g.withIdentity(i)) {
      return v.left() == Circuit.IDENTITY ? "0⊕" + g.name(v.right()) : g.name(v.left()) + "⊕0";
    }
    return g.name(v.id());
  }

  private static String list(List<String> names) {
    StringBuilder s = new StringBuilder();
    for (int k = 0; k < names.size() && k < MAX_PER_LINE; k++) {
      s.append(' ').append(names.get(k));
    }
    if (names.size() > MAX_PER_LINE) {
      s.append(" … (").append(names.size() - MAX_PER_LINE).append(" more)");
    }
    return s.toString();
  }
}
