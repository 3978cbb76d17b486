package org.scansim.sim.engine;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.scansim.frontend.ir.Enums.Cmp;
import org.scansim.frontend.ir.Op;
import org.scansim.sim.engine.AccessMerging.Affine;

/**
 * Models nvcc keeping the value a loop iteration stores in a register for the next iteration's
 * load of the same address, as it compiles a counted loop whose trip count is known only at run
 * time: it unrolls the loop {@value #UNROLL} times and runs the remaining {@code T mod 4}
 * iterations in a loop of their own. Which loads the card still issues depends on where that
 * remainder loop goes, which nvcc decides by the loop's start:
 *
 * <ul>
 *   <li><b>a start that is not a constant</b> ({@code for (j = start + 1; ...)}): the remainder
 *       runs first. Each of the two loops loads the value once on entry and then takes it from
 *       the previous iteration's store: a load at the first iteration and one at iteration
 *       {@code T mod 4} when the unrolled loop follows the remainder;
 *   <li><b>a constant start</b> ({@code for (j = 1; ...)}): the unrolled loop runs first and
 *       forwards the value from its first iteration on; the remainder after it loads every
 *       iteration.
 * </ul>
 *
 * When a store to the first iteration's address comes just before the loop (in the same basic
 * block, no store that may alias after it), that store's value is used instead of the entry load
 * of the loop that runs first. Evidence: the three-phase kernel's phase 1, {@code XY[j] +=
 * XY[j - 1]} (hardware/measurements/sass/three_phase.sass: one {@code LDS} of {@code XY[start]},
 * then only {@code XY[j]} loads, and one reload where the unrolled part begins: 9 loads a warp for
 * 7 iterations where the source reads 14; the H100's counters agree), Harris's sequential scan
 * {@code output[j] = input[j-1] + output[j-1]} after {@code output[0] = 0} (n + 2 global loads on
 * the card, where the source reads 2n - 2), and the PTX of the loop shapes in
 * hardware/measurements/forwarding/.
 *
 * <p>The rule applies to a loop whose body is straight-line code after its one exit test (a
 * {@code for} without {@code break}, {@code continue} or {@code return}), with no barrier,
 * atomic, fence or call, whose exit test compares an induction variable (a register the loop
 * steps by a constant) with a loop-invariant bound, and where the load's address in iteration
 * i + 1 is the store's in iteration i, of the same type, and no other store of the loop may
 * write the same array. Only the counting changes: the load still reads memory (the value a
 * thread stored, unless another thread raced on it, which the race checker reports). The trip
 * count is each lane's own ({@code T} from the exit test's operands at the load).
 */
final class StoreForwarding {
  private StoreForwarding() {}

  /** nvcc's unroll factor for these short loop bodies. */
  static final int UNROLL = 4;

  /**
   * What a forwarded load needs at run time: its slot in {@link Warp#forwarding}, where the
   * remainder loop goes, whether a store before the loop supplies the first value, and the exit
   * test {@code x cmp bound} (x the induction variable plus a constant, stepped by {@code step})
   * whose operands the load reads as its second and third arguments.
   */
  record Loop(int slot, boolean epilog, boolean fromStore, Cmp cmp, long step) {
    /** Iterations left, this one included, from a lane's x and bound at the load; 0 when unknown. */
    long remaining(long x, long bound) {
      long d = step > 0 ? bound - x : x - bound;
      long s = Math.abs(step);
      return switch (cmp) {
        case LT, GT -> d > 0 ? (d + s - 1) / s : 0;
        case LE, GE -> d >= 0 ? d / s + 1 : 0;
        case NE -> d > 0 && d % s == 0 ? d / s : 0;
        case EQ -> 0;
      };
    }

    /**
     * Whether a lane's load issues on the card, given the loop's trip count T for the lane and
     * this iteration k (from 0).
     */
    boolean issues(long trips, long k) {
      long rest = trips % UNROLL;
      if (!epilog) {
        return !fromStore && (k == 0 || (k == rest && trips >= UNROLL));
      }
      boolean unrolled = trips >= UNROLL && k < trips - rest;
      return !unrolled || (k == 0 && !fromStore);
    }
  }

  /** Marks forwarded loads: each gets {@link CInsn#forward} and reads the exit test's operands. */
  static void apply(Code code, boolean[] leader) {
    CInsn[] insns = code.insns;
    int slot = 0;
    for (CInsn back : insns) {
      if (back.op != Op.BR || back.target > back.index || !entersOnlyAtHeader(insns, back.target, back.index)) {
        continue;
      }
      slot = loop(code, leader, back.target, back.index, slot);
    }
  }

  /** No branch from outside [h, b] jumps into (h, b]. */
  private static boolean entersOnlyAtHeader(CInsn[] insns, int h, int b) {
    for (CInsn in : insns) {
      if ((in.index < h || in.index > b) && (in.op == Op.BR || in.op == Op.CBR)) {
        if ((in.target > h && in.target <= b) || (in.elseTarget > h && in.elseTarget <= b)) {
          return false;
        }
      }
    }
    return true;
  }

  private static int loop(Code code, boolean[] leader, int h, int b, int slot) {
    CInsn[] insns = code.insns;
    int exit = -1;
    for (int i = h; i < b; i++) {
      CInsn in = insns[i];
      switch (in.op) {
        case CBR -> {
          if (exit >= 0 || in.target != i + 1 || in.elseTarget <= b) {
            return slot;
          }
          exit = i;
        }
        case BR -> {
          if (in.target != i + 1) {
            return slot;
          }
        }
        case LD, ST, SHFL, VOTE, ACTIVEMASK, PRINTF, ASSERT -> {}
        // other ops: arithmetic passes (Op.computes); a return, a barrier, an atomic, a fence, a
        // call, a launch, a CUDA call (or any op not named) leaves the loop as it is
        default -> {
          if (!in.op.computes()) {
            return slot;
          }
        }
      }
    }
    if (exit < 0) {
      return slot;
    }
    // The exit test: the comparison that computes the exit branch's condition.
    CInsn test = null;
    for (int i = exit - 1; i >= h && test == null; i--) {
      if (insns[i].dst == insns[exit].a()) {
        test = insns[i];
      }
    }
    if (test == null || test.op != Op.SETP || test.args.length != 2 || !code.regTypes[test.a()].isInteger()) {
      return slot;
    }
    // The loop's values as affine forms over those at the header; what each iteration steps.
    Affine left = null;
    Affine right = null;
    Map<Integer, Affine> forms = new HashMap<>();
    Map<Integer, Affine> addresses = new HashMap<>();
    Set<Integer> defined = new HashSet<>();
    Set<Integer> carried = new HashSet<>(); // read before the loop writes them: carried from the last iteration
    for (int i = h; i < b; i++) {
      CInsn in = insns[i];
      for (int r : in.args) {
        if (!defined.contains(r) && r < code.firstConstant) {
          carried.add(r);
        }
      }
      if (in.op == Op.LD || in.op == Op.ST) {
        addresses.put(i, AccessMerging.form(forms, in.a(), code));
      }
      if (in == test) {
        left = AccessMerging.form(forms, test.a(), code);
        right = AccessMerging.form(forms, test.b(), code);
      }
      if (in.dst >= 0) {
        forms.put(in.dst, AccessMerging.define(code, in, forms, null));
        defined.add(in.dst);
      }
    }
    Map<Integer, Long> steps = new HashMap<>();
    for (int r : defined) {
      Affine end = forms.get(r);
      if (end.terms().equals(Map.of(r, 1L)) && end.constant() != 0) {
        steps.put(r, end.constant());
      }
    }
    // x cmp bound: x an induction variable plus a constant, bound invariant.
    boolean xLeft = induction(left, steps) != null && invariant(right, defined);
    boolean xRight = induction(right, steps) != null && invariant(left, defined);
    if (xLeft == xRight) {
      return slot;
    }
    long step = steps.get(induction(xLeft ? left : right, steps));
    Cmp cmp = xLeft ? test.ir.cmp() : mirror(test.ir.cmp());
    boolean counts = switch (cmp) {
      case LT, LE -> step > 0;
      case GT, GE -> step < 0;
      case NE -> Math.abs(step) == 1;
      case EQ -> false;
    };
    int x = xLeft ? test.a() : test.b();
    int bound = xLeft ? test.b() : test.a();
    Preheader pre = preheader(code, leader, h);
    if (!counts || pre == null) {
      return slot;
    }
    boolean epilog = false;
    for (int r : carried) {
      if (defined.contains(r) && code.regTypes[r].isInteger() && AccessMerging.form(pre.forms, r, code).isConstant()) {
        epilog = true; // nvcc puts the remainder after the unrolled loop when a loop variable starts at a constant
      }
    }
    // Pairs: the load in iteration i + 1 reads the address the store wrote in iteration i.
    for (int l = exit + 1; l < b; l++) {
      CInsn load = insns[l];
      Affine la = addresses.get(l);
      if (load.op != Op.LD || !plain(load) || !trackable(la, defined, steps)) {
        continue;
      }
      long delta = step(la, steps);
      if (delta == 0 || written(insns, x, test.index + 1, l) || written(insns, bound, test.index + 1, l)) {
        continue;
      }
      Affine next = la.plus(Affine.constant(delta));
      CInsn store = null;
      for (int s = exit + 1; s < b; s++) {
        CInsn st = insns[s];
        if (st.op == Op.ST && st.type == load.type && plain(st) && next.equals(addresses.get(s))) {
          store = st;
        }
      }
      if (store == null || !onlyStoreTo(insns, addresses, exit + 1, b, store)) {
        continue;
      }
      boolean fromStore = pre.stores(substitute(la, pre.forms, code), load);
      CInsn marked = new CInsn(load, load.dst, new int[] {load.a(), x, bound});
      marked.forward = new Loop(slot++, epilog, fromStore, cmp, step);
      insns[l] = marked;
    }
    return slot;
  }

  /** Whether an instruction in [from, to) writes reg: the load reads the test's operands as they were. */
  private static boolean written(CInsn[] insns, int reg, int from, int to) {
    for (int i = from; i < to; i++) {
      if (insns[i].dst == reg) {
        return true;
      }
    }
    return false;
  }

  private static Cmp mirror(Cmp c) {
    return switch (c) {
      case LT -> Cmp.GT;
      case LE -> Cmp.GE;
      case GT -> Cmp.LT;
      case GE -> Cmp.LE;
      case EQ, NE -> c;
    };
  }

  /** The induction variable of a form {@code v + c}, or null. */
  private static Integer induction(Affine f, Map<Integer, Long> steps) {
    if (f.terms().size() == 1) {
      var t = f.terms().entrySet().iterator().next();
      if (t.getValue() == 1 && steps.containsKey(t.getKey())) {
        return t.getKey();
      }
    }
    return null;
  }

  /** A form of registers the loop does not write (or constants). */
  private static boolean invariant(Affine f, Set<Integer> defined) {
    for (int a : f.terms().keySet()) {
      if (defined.contains(a) || a >= 1_000_000) {
        return false;
      }
    }
    return true;
  }

  /** A form of invariant registers, array bases and induction variables: its next iteration's value is known. */
  private static boolean trackable(Affine f, Set<Integer> defined, Map<Integer, Long> steps) {
    for (int a : f.terms().keySet()) {
      if (a >= 1_000_000 || (defined.contains(a) && !steps.containsKey(a))) {
        return false;
      }
    }
    return true;
  }

  /** How much the form grows from one iteration to the next (0: it does not move). */
  private static long step(Affine f, Map<Integer, Long> steps) {
    long delta = 0;
    for (var t : f.terms().entrySet()) {
      delta += t.getValue() * steps.getOrDefault(t.getKey(), 0L);
    }
    return delta;
  }

  /** Not half of a 64-bit pair nor an if/else access counted once. */
  private static boolean plain(CInsn in) {
    return in.countedWith < 0 && in.widthBytes == in.type.size() && in.armPartner < 0 && in.forward == null;
  }

  /** No store in [from, to) other than {@code store} may write its array: each writes another shared array. */
  private static boolean onlyStoreTo(CInsn[] insns, Map<Integer, Affine> addresses, int from, int to, CInsn store) {
    Integer object = addresses.get(store.index).memoryBase();
    for (int i = from; i < to; i++) {
      if (insns[i].op == Op.ST && i != store.index) {
        Integer other = addresses.get(i).memoryBase();
        if (object == null || other == null || other.equals(object)) {
          return false;
        }
      }
    }
    return true;
  }

  /** The header's value of each register in form, in terms of the values before the preheader block. */
  private static Affine substitute(Affine f, Map<Integer, Affine> pre, Code code) {
    Affine out = Affine.constant(f.constant());
    for (var t : f.terms().entrySet()) {
      Affine v = t.getKey() >= 0 && t.getKey() < 1_000_000 ? AccessMerging.form(pre, t.getKey(), code) : Affine.atom(t.getKey());
      out = out.plus(v.times(t.getValue()));
    }
    return out;
  }

  /** The basic block that enters the loop: its forms and its stores, in order. */
  private record Preheader(Map<Integer, Affine> forms, CInsn[] insns, Map<Integer, Affine> addresses, int from, int to) {
    /** Whether the block's last store that may write {@code address} writes exactly it, with load's type. */
    boolean stores(Affine address, CInsn load) {
      CInsn found = null;
      Integer object = address.memoryBase();
      for (int i = from; i < to; i++) {
        CInsn in = insns[i];
        if (in.op == Op.ST) {
          Affine a = addresses.get(i);
          if (a.equals(address) && in.type == load.type && in.widthBytes == in.type.size()) {
            found = in;
          } else if (object == null || a.memoryBase() == null || object.equals(a.memoryBase())) {
            found = null;
          }
        } else if (in.op == Op.ATOM || in.op == Op.CALL || in.op == Op.FENCE) {
          found = null;
        }
      }
      return found != null;
    }
  }

  /** The block ending just before the header, when the loop is entered from it alone; else null. */
  private static Preheader preheader(Code code, boolean[] leader, int h) {
    CInsn[] insns = code.insns;
    if (h == 0) {
      return null;
    }
    CInsn last = insns[h - 1];
    if ((last.op == Op.BR && last.target != h) || last.op == Op.CBR || last.op == Op.RET) {
      return null;
    }
    int from = h - 1;
    while (from > 0 && !leader[from]) {
      from--;
    }
    Map<Integer, Affine> forms = new HashMap<>();
    Map<Integer, Affine> addresses = new HashMap<>();
    for (int i = from; i < h; i++) {
      CInsn in = insns[i];
      if (in.op == Op.ST) {
        addresses.put(i, AccessMerging.form(forms, in.a(), code));
      }
      if (in.dst >= 0) {
        forms.put(in.dst, AccessMerging.define(code, in, forms, null));
      }
    }
    return new Preheader(forms, insns, addresses, from, h);
  }
}
