package org.scansim.sim.engine;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.scansim.frontend.ir.Op;
import org.scansim.sim.engine.AccessMerging.Affine;

/**
 * Models nvcc issuing the shared access common to both arms of an if/else once: a load of the
 * same address at the head of both arms is hoisted above the branch, a store to the same address
 * at the end of both is sunk below the join. Measured on Hopper with {@code nvcc -O3}: Harris's
 * corrected naive scan, {@code temp[pout*n+thid] = temp[pin*n+thid] + temp[pin*n+thid-offset]}
 * in one arm and {@code temp[pout*n+thid] = temp[pin*n+thid]} in the other, is
 * {@code LDS R2, [R0]}, {@code @P0 LDS R3, [R3]}, {@code STS [R7], R2}: one unpredicated load and
 * one unpredicated store for both arms (hardware/measurements/sass/naive_scan.sass).
 *
 * <p>The rule applies to an if/else whose arms are one basic block each, ending in a branch to the
 * join. A load pairs when no store, atomic, fence or call comes before it in its arm; a store
 * when no memory access comes after it, and only where a load was paired too: the printed naive
 * scan ({@code temp[pout*n+thid] += ...} in one arm, so the arms begin with different loads) keeps
 * a store in each arm on the card (19 stores at n = 64, where the corrected scan has 14). Addresses must be the same form over the values at the
 * branch (a product of two registers counts as one value when both arms compute it alike).
 *
 * <p>Only the counting changes: each arm's access still reads or writes its own lanes (the
 * checkers see both). When a warp diverges and runs both arms, the first arm's access is not
 * counted; the second counts one access for the lanes of both ({@link Memory}). When only one
 * arm runs, its access is counted alone, as on the card.
 */
final class ArmMerging {
  private ArmMerging() {}

  private record Access(CInsn in, Affine address, boolean load, boolean movable) {}

  /** Not half of a 64-bit pair ({@link AccessMerging}). */
  private static boolean plain(CInsn in) {
    return in.countedWith < 0 && in.widthBytes == in.type.size();
  }

  static void apply(Code code, boolean[] leader) {
    CInsn[] insns = code.insns;
    for (CInsn c : insns) {
      if (c.op != Op.CBR || c.target == c.elseTarget || c.target < 0 || c.elseTarget < 0 || c.reconverge < 0) {
        continue;
      }
      Map<Object, Integer> intern = new HashMap<>();
      List<Access> then = arm(code, leader, c.target, c.reconverge, intern);
      List<Access> els = arm(code, leader, c.elseTarget, c.reconverge, intern);
      if (then == null || els == null) {
        continue;
      }
      // Loads first: nvcc sank the common store only where it had hoisted a common load (the
      // as-printed naive scan, whose arms begin differently, keeps a store in each arm).
      boolean hoisted = false;
      for (boolean loads : new boolean[] {true, false}) {
        for (Access t : then) {
          for (Access e : els) {
            if (t.load() == loads && e.load() == loads && (loads || hoisted) && t.movable() && e.movable() && t.in().type == e.in().type
                && t.address().equals(e.address()) && t.in().armPartner < 0 && e.in().armPartner < 0) {
              t.in().armPartner = e.in().index;
              t.in().armOther = c.elseTarget;
              e.in().armPartner = t.in().index;
              e.in().armOther = c.target;
              hoisted |= loads;
            }
          }
        }
      }
    }
  }

  /**
   * The shared accesses of the arm starting at {@code start}, in order, each marked movable as
   * the rule says; null when the arm is not one basic block ending in a branch to {@code join}.
   */
  private static List<Access> arm(Code code, boolean[] leader, int start, int join, Map<Object, Integer> intern) {
    CInsn[] insns = code.insns;
    Map<Integer, Affine> forms = new HashMap<>();
    List<Access> out = new ArrayList<>();
    boolean storeBefore = false;
    for (int i = start; i < insns.length; i++) {
      CInsn in = insns[i];
      if (i > start && leader[i]) {
        return null;
      }
      switch (in.op) {
        case BR -> {
          if (in.target != join) {
            return null;
          }
          // A store is movable when no memory access follows it in the arm.
          if (!out.isEmpty()) {
            Access last = out.get(out.size() - 1);
            if (last.in().op == Op.ST && last.address() != null && plain(last.in())) {
              out.set(out.size() - 1, new Access(last.in(), last.address(), false, true));
            }
          }
          return out;
        }
        case CBR, RET, BAR, BAR_WARP -> {
          return null;
        }
        case LD, ST -> {
          boolean shared = AccessMerging.isShared(code, in, forms);
          boolean load = in.op == Op.LD;
          if (shared) {
            out.add(new Access(in, AccessMerging.form(forms, in.a(), code), load, load && !storeBefore && plain(in)));
          } else {
            out.add(new Access(in, null, load, false)); // another space: keeps order, never moves
          }
          storeBefore |= !load;
        }
        case SHFL, VOTE, ACTIVEMASK, LAUNCH, CUDA, PRINTF, ASSERT -> {}
        // other ops: arithmetic passes (Op.computes); an atomic, a fence, a call (or any op not
        // named) is an access that keeps its order and never moves
        default -> {
          if (!in.op.computes()) {
            out.add(new Access(in, null, false, false));
            storeBefore = true;
          }
        }
      }
      if (in.dst >= 0) {
        forms.put(in.dst, AccessMerging.define(code, in, forms, intern));
      }
    }
    return null;
  }
}
