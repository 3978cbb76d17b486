package org.scansim.reports;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.scansim.sim.check.Circuit;
import org.scansim.sim.check.Circuit.Node;

/**
 * A {@link Circuit} indexed for the renderers and {@link CircuitStats}: nodes by id (ids are
 * looked up, not assumed to be list positions), how many nodes read each value, each value's
 * name ({@code x3}, {@code x0..x7}, {@code 0} for the identity) and each node's level.
 */
final class CircuitGraph {
  final Circuit circuit;
  final List<Node> nodes;
  private final Map<Integer, Integer> positionOfId = new HashMap<>();
  /** For each node (by list position): how many distinct nodes use it as an operand. */
  final int[] fanOut;
  /** For each node (by list position): its level, the row it is drawn in (0 for inputs). */
  final int[] level;
  /** The deepest level: the number of rows below the inputs. */
  final int levels;

  CircuitGraph(Circuit c) {
    this.circuit = c;
    this.nodes = c.nodes();
    for (int i = 0; i < nodes.size(); i++) {
      positionOfId.putIfAbsent(nodes.get(i).id(), i);
    }
    fanOut = new int[nodes.size()];
    level = new int[nodes.size()];
    int deepest = 0;
    for (int i = 0; i < nodes.size(); i++) {
      Node v = nodes.get(i);
      int l = position(v.left());
      int r = position(v.right());
      if (l >= 0) {
        fanOut[l]++;
      }
      if (r >= 0 && r != l) {
        fanOut[r]++; // x ⊕ x reads x once
      }
      // A ⊕ is at least one level below the inputs, whatever depth the tracker gave it.
      level[i] = v.isInput() ? 0 : Math.max(1, v.depth());
      deepest = Math.max(deepest, level[i]);
    }
    levels = deepest;
  }

  int size() {
    return nodes.size();
  }

  Node node(int position) {
    return nodes.get(position);
  }

  /** The list position of node {@code id}; -1 for {@link Circuit#IDENTITY}, {@link Circuit#NONE} or an unknown id. */
  int position(int id) {
    if (id < 0) {
      return -1;
    }
    Integer p = positionOfId.get(id);
    return p == null ? -1 : p;
  }

  /** The name of a value: {@code x3}, {@code x0..x7}, {@code 0} (identity), {@code ?} (not from the input). */
  String name(int id) {
    if (id == Circuit.IDENTITY) {
      return "0";
    }
    int p = position(id);
    if (p < 0) {
      return "?";
    }
    Node v = nodes.get(p);
    if (v.valid()) {
      return range(v.lo(), v.hi());
    }
    // Not a range: name it by its operands, one level deep, so names stay short.
    return "[" + shortName(v.left()) + "⊕" + shortName(v.right()) + "]";
  }

  private String shortName(int id) {
    int p = position(id);
    return p >= 0 && !nodes.get(p).valid() ? "[…]" : name(id);
  }

  static String range(int lo, int hi) {
    return lo == hi ? "x" + lo : "x" + lo + "..x" + hi;
  }

  /** A node's tooltip: {@code x0..x7 = x0..x3 ⊕ x4..x7 (depth 3)}; an invalid one names its operands. */
  String describe(int position) {
    Node v = nodes.get(position);
    if (v.isInput()) {
      return name(v.id()) + " (input)";
    }
    String operands = name(v.left()) + " ⊕ " + name(v.right());
    if (!v.valid()) {
      return operands + " = not a contiguous range of inputs (depth " + v.depth() + ")";
    }
    return name(v.id()) + " = " + operands + " (depth " + v.depth() + ")";
  }

  /** Whether node {@code position} has the identity as an operand (a copy, drawn hollow). */
  boolean withIdentity(int position) {
    Node v = nodes.get(position);
    return v.left() == Circuit.IDENTITY || v.right() == Circuit.IDENTITY;
  }
}
