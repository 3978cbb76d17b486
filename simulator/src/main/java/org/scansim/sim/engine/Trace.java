package org.scansim.sim.engine;

import org.scansim.frontend.ir.Insn;

/**
 * One trace of straight-line uniform code (built by {@code engine.opt.Traces}): the program to
 * run, the instructions it counts as, and where the warp goes next.
 */
public final class Trace {
  public final CInsn[] ops;
  /** The original instructions covered, in order (for the instruction counts). */
  public final int[] pcs;
  /** The IR instruction at each of {@link #pcs}: what an execution observer hears issued, in runs ({@code issueRun}). */
  public final Insn[] issued;
  /**
   * The pc after the trace: the control-flow instruction or reconvergence point it stops at, or
   * the conditional branch that ends it ({@link #branch}).
   */
  public final int end;
  /** Backward unconditional branches followed (independent thread scheduling counts them). */
  public final int backEdges;
  /** The conditional branch the trace ends with (the last of {@link #pcs}), or null. */
  public final CInsn branch;
  /**
   * The comparison that computes {@link #branch}'s condition when nothing else reads it: the
   * trace computes which lanes take the branch from its operands and writes no predicate.
   * Null when the trace runs the comparison as one of its {@link #ops}.
   */
  public final CInsn compare;
  /**
   * How {@link #compare} compares threadIdx.x with a uniform value, decided from a warp's first
   * thread without a lane loop ({@link Lanes#threadXMask}): {@link #TID_FIRST} when its first
   * operand holds threadIdx.x ({@code Traces.threadIndexX}) and its second is uniform,
   * {@link #TID_SECOND} the other way round, else 0.
   */
  public final int threadX;

  public static final int TID_FIRST = 1;
  public static final int TID_SECOND = 2;

  /**
   * For an execution observer: the place in {@link #pcs} of each of {@link #ops}' instructions
   * (the ops keep the order of the instructions they come from), so that the instructions are
   * reported issued in order, each before what its op does in memory; null where an op's
   * instruction is not found in that order (then an observed run does not take the trace).
   */
  public final int[] opAt;
  /**
   * For an execution observer: whether each of {@link #ops} may be heard (a memory request, any
   * other event) or fault, so that the instructions up to its own are reported issued before it
   * runs. The arithmetic unit's instructions are not (they neither touch memory nor fault): the
   * instructions up to one of them are reported with the next op that may be heard, or at the
   * trace's end, which an observer cannot tell apart (it hears the same events in the same order).
   */
  public final boolean[] heard;

  public Trace(CInsn[] ops, int[] pcs, Insn[] issued, int end, int backEdges, CInsn branch, CInsn compare, int threadX) {
    this.ops = ops;
    this.pcs = pcs;
    this.issued = issued;
    int[] at = new int[ops.length];
    int p = 0;
    for (int i = 0; i < ops.length && at != null; i++) {
      while (p < pcs.length && pcs[p] != ops[i].index) {
        p++;
      }
      if (p == pcs.length) {
        at = null;
      } else {
        at[i] = p++;
      }
    }
    this.opAt = at;
    this.heard = new boolean[ops.length];
    for (int i = 0; i < ops.length; i++) {
      heard[i] = ops[i].op.unit() != org.scansim.frontend.ir.Op.Unit.ALU;
    }
    this.end = end;
    this.backEdges = backEdges;
    this.branch = branch;
    this.compare = compare;
    this.threadX = threadX;
  }
}
