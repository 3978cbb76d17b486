package org.scansim.reports;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.scansim.sim.check.Circuit.Node;

/**
 * Where each node of a circuit goes, in columns (one wire per element index) and levels (one row
 * per dependency depth), as in the CUDA Handbook's figures 13.6 to 13.11.
 *
 * <p>The column rule: an input xi sits on wire i; a ⊕ whose value is the range x_lo..x_hi sits on
 * wire hi, where an inclusive scan would leave it. This holds for exclusive scans too: the
 * Handbook draws an exclusive scan as its inclusive circuit with the outputs wired one column to
 * the right and 0 wired into out[0] (Figure 13.7), and placing by range end keeps the work-efficient
 * exclusive scan's up-sweep on the array slots it is computed in (Harris, Figure 39.3) while its
 * down-sweep values land one column left of the output they become. (Placing by the output a value
 * ends up in instead puts two depth-1 nodes of Harris's Listing 2 on one wire: 0 ⊕ x0, bound for
 * out[1], and the up-sweep's x0..x1 in slot 1.) A node whose value is not a contiguous range sits
 * on the rightmost wire of its operands. Nodes that still share a column and a level are set side
 * by side within the column.
 */
final class CircuitLayout {
  final CircuitGraph g;
  /** Wires: the number of columns (n, or more outputs than n). */
  final int columns;
  /** For each node (by list position): its column. */
  final int[] column;
  /** For each node: its offset within a shared (column, level) cell, in units of a slot, centred on the wire. */
  final double[] offset;
  /** For each column: the levels of the ⊕ on it, ascending. */
  private final List<List<Integer>> levelsOn;

  CircuitLayout(CircuitGraph g) {
    this.g = g;
    this.columns = Math.max(Math.max(g.circuit.n(), g.circuit.outputs().length), 1);
    column = new int[g.size()];
    for (int i = 0; i < g.size(); i++) {
      column[i] = columnOf(i);
    }
    offset = new double[g.size()];
    Map<Long, List<Integer>> cells = new HashMap<>();
    List<Long> order = new ArrayList<>();
    for (int i = 0; i < g.size(); i++) {
      long cell = ((long) column[i] << 32) | g.level[i];
      cells.computeIfAbsent(cell, k -> {
        order.add(k);
        return new ArrayList<>();
      }).add(i);
    }
    for (long cell : order) {
      List<Integer> here = cells.get(cell);
      for (int k = 0; k < here.size(); k++) {
        offset[here.get(k)] = k - (here.size() - 1) / 2.0;
      }
    }
    levelsOn = new ArrayList<>();
    for (int c = 0; c < columns; c++) {
      levelsOn.add(new ArrayList<>());
    }
    for (int i = 0; i < g.size(); i++) {
      if (g.level[i] > 0) {
        levelsOn.get(column[i]).add(g.level[i]);
      }
    }
    levelsOn.forEach(l -> l.sort(null));
  }

  private int columnOf(int i) {
    Node v = g.node(i);
    if (v.isInput() || v.valid()) {
      return clamp(v.isInput() ? v.lo() : v.hi());
    }
    int best = -1;
    for (int operand : new int[] {v.left(), v.right()}) {
      int p = g.position(operand);
      if (p >= 0 && p < i) { // operands come before their readers; guards against cycles in bad input
        best = Math.max(best, column[p]);
      }
    }
    return best >= 0 ? best : clamp(Math.max(v.lo(), v.hi()));
  }

  private int clamp(int c) {
    return Math.max(0, Math.min(columns - 1, c));
  }

  /**
   * Whether the wire of {@code column} still carries the value made at level {@code from} at
   * level {@code until}: no other ⊕ on that wire at a level in (from, until].
   */
  boolean wireHolds(int column, int from, int until) {
    for (int l : levelsOn.get(column)) {
      if (l > from && l <= until) {
        return false;
      }
    }
    return true;
  }
}
