package org.scansim.sim.check;

import java.util.List;

/**
 * The ⊕ dataflow graph of one run, as the scan proof recorded it: the inputs x0..x(n-1) are
 * nodes 0..n-1 (depth 0); every application of the operator to a value derived from the input
 * is a node with its two operands, the range of inputs its result combines, and its depth (one
 * more than its deeper operand). {@code outputs[i]} is the node out[i] holds at the end, or
 * {@link #IDENTITY} for the operator's identity (an exclusive scan's out[0]), or {@link #NONE}
 * for a value not derived from the input.
 */
public record Circuit(int n, List<Node> nodes, int[] outputs) {
  public static final int IDENTITY = -1;
  public static final int NONE = -2;

  /**
   * One node. Inputs have {@code left == right == NONE}; an operand that was the identity
   * element is {@link #IDENTITY}.
   *
   * @param lo    first input index the value combines (inclusive)
   * @param hi    last input index the value combines (inclusive); hi &lt; lo for a value that is
   *              not a contiguous range (then {@code valid} is false)
   * @param valid whether the value is exactly x_lo ⊕ ... ⊕ x_hi
   */
  public record Node(int id, int lo, int hi, boolean valid, int depth, int left, int right) {
    public boolean isInput() {
      return left == NONE && right == NONE;
    }
  }
}
