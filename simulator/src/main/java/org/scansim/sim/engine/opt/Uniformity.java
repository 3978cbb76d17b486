package org.scansim.sim.engine.opt;

import org.scansim.sim.engine.CInsn;
import org.scansim.sim.engine.Code;
import java.util.ArrayDeque;
import java.util.BitSet;
import org.scansim.frontend.ir.MemSpace;
import org.scansim.frontend.ir.Op;

/**
 * Which registers hold the same value in every lane of a warp that reads them (a divergence
 * analysis in the manner of Karrenberg and Hack's, "Whole-function vectorization", CGO 2011, on
 * the flat instruction array). Such a register is held once per warp and the instructions that
 * write it run once, not once per lane: loop counters, strides, sizes, block indices and the
 * addresses of shared arrays, the scalar part of a scan kernel.
 *
 * <p>A register is <em>varying</em> when
 * <ul>
 *   <li>an instruction writing it reads a varying register, or is varying by nature: a load,
 *       atomic, shuffle, vote, active mask, a thread or lane special register, the address of a
 *       local (per-thread) variable; or
 *   <li>it is written inside the region of a branch on a varying condition: the instructions
 *       either path runs before the two reconverge, or, for paths that never reconverge (no
 *       post-dominator before the exit), everything both paths reach unless one of them does
 *       nothing but return. Lanes on the two paths run those writes at different times (and
 *       under independent thread scheduling the paths interleave), so one copy would not do.
 * </ul>
 * Everything else is uniform: every write of it runs with all the warp's live lanes and
 * uniform operands. The analysis is a fixed point over both rules (a branch becomes varying
 * when its condition does). Kernels too large for it run with every register varying.
 */
public final class Uniformity {
  private Uniformity() {}

  /** Beyond this many (branch × instruction) steps the regions are not computed. */
  private static final long MAX_STEPS = 64L << 20;

  /** Finds {@code code}'s uniform registers; the instructions writing them will run once per warp. */
  public static void apply(Code code) {
    code.setUniform(analyse(code.insns, code.regTypes.length));
  }

  /** Per register: whether it is uniform. Constants and parameters are uniform. */
  public static boolean[] analyse(CInsn[] insns, int regCount) {
    boolean[] uniform = new boolean[regCount];
    long branches = java.util.Arrays.stream(insns).filter(i -> i.op == Op.CBR).count();
    if (branches * insns.length > MAX_STEPS) {
      return uniform;
    }
    java.util.Arrays.fill(uniform, true);
    BitSet[] regions = new BitSet[insns.length];
    boolean changed = true;
    while (changed) {
      changed = false;
      for (CInsn in : insns) { // data dependence
        if (in.dst >= 0 && uniform[in.dst] && (!uniformOp(in) || !argsUniform(in, uniform))) {
          uniform[in.dst] = false;
          changed = true;
        }
      }
      for (CInsn b : insns) { // sync dependence
        if (b.op != Op.CBR || uniform[b.a()]) {
          continue;
        }
        if (regions[b.index] == null) {
          regions[b.index] = region(insns, b);
        }
        BitSet r = regions[b.index];
        for (int pc = r.nextSetBit(0); pc >= 0; pc = r.nextSetBit(pc + 1)) {
          int d = insns[pc].dst;
          if (d >= 0 && uniform[d]) {
            uniform[d] = false;
            changed = true;
          }
        }
      }
    }
    return uniform;
  }

  private static boolean argsUniform(CInsn in, boolean[] uniform) {
    for (int a : in.args) {
      if (!uniform[a]) {
        return false;
      }
    }
    return true;
  }

  /** Whether the instruction gives every lane the same result when its operands are uniform. */
  private static boolean uniformOp(CInsn in) {
    if (in.op == Op.ADDR) {
      return in.ir.space() != MemSpace.LOCAL; // a local array is each thread's own
    }
    if (in.op == Op.SREG) {
      return switch (in.ir.sreg()) {
        case NTID_X, NTID_Y, NTID_Z, CTAID_X, CTAID_Y, CTAID_Z, NCTAID_X, NCTAID_Y, NCTAID_Z, WARPSIZE -> true;
        default -> false;
      };
    }
    return in.op.computes();
  }

  static int[] successors(CInsn[] insns, int pc) {
    CInsn in = insns[pc];
    return switch (in.op.control()) {
      case JUMP -> new int[] {in.target};
      case BRANCH -> new int[] {in.target, in.elseTarget};
      case RETURN -> new int[0];
      case NONE, BARRIER, WARP_BARRIER -> pc + 1 < insns.length ? new int[] {pc + 1} : new int[0];
    };
  }

  /** The instructions a varying branch's two paths run apart. */
  private static BitSet region(CInsn[] insns, CInsn b) {
    BitSet taken = reach(insns, b.target, b.reconverge);
    BitSet other = reach(insns, b.elseTarget, b.reconverge);
    if (onlyExits(insns, taken) || onlyExits(insns, other)) {
      // One side just returns (or waits at an exit that reads nothing): the other runs alone.
      if (b.reconverge < 0 || onlyExits(insns, reach(insns, b.reconverge, -1))) {
        return new BitSet();
      }
    }
    taken.or(other);
    return taken;
  }

  private static boolean onlyExits(CInsn[] insns, BitSet pcs) {
    for (int pc = pcs.nextSetBit(0); pc >= 0; pc = pcs.nextSetBit(pc + 1)) {
      if (insns[pc].op != Op.BR && insns[pc].op != Op.RET) {
        return false;
      }
    }
    return true;
  }

  /** Instructions reachable from {@code from} without passing {@code stop}. */
  private static BitSet reach(CInsn[] insns, int from, int stop) {
    BitSet seen = new BitSet(insns.length);
    if (from == stop) {
      return seen;
    }
    ArrayDeque<Integer> work = new ArrayDeque<>();
    seen.set(from);
    work.add(from);
    while (!work.isEmpty()) {
      for (int s : successors(insns, work.poll())) {
        if (s != stop && !seen.get(s)) {
          seen.set(s);
          work.add(s);
        }
      }
    }
    return seen;
  }
}
