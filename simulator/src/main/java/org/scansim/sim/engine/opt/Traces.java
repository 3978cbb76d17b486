package org.scansim.sim.engine.opt;

import org.scansim.sim.engine.CInsn;
import org.scansim.sim.engine.Code;
import org.scansim.sim.engine.Lanes;
import org.scansim.sim.engine.Trace;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.scansim.frontend.ir.IrType;
import org.scansim.frontend.ir.MemSpace;
import org.scansim.frontend.ir.Op;

/**
 * Straight-line traces for runs without checkers: from the start of a segment, the instructions a
 * warp runs with one mask, following unconditional branches (the {@code br} that closes an
 * {@code if} or a loop body) until a conditional branch (which ends the trace and is decided by
 * it), a barrier, a return or a reconvergence point. A trace is counted as every instruction it
 * covers, branches included, but runs a
 * shorter program that leaves every register the code still reads, every memory word, every
 * counter and every fault as the instructions one by one would:
 *
 * <ul>
 *   <li>unconditional branches are not run (the trace continues at their target);
 *   <li>{@code t = op ...; x = mov t} becomes {@code x = op ...} when t is read nowhere after;
 *   <li>copies ({@code mov}, and conversions that only re-normalise) are propagated into the
 *       instructions that read them;
 *   <li>a pure computation already held in a register is not repeated;
 *   <li>a pure computation nothing reads is dropped.
 * </ul>
 *
 * "Read nowhere after" is a liveness analysis of the whole function: a lane's registers follow
 * its own path through the control-flow graph, so a register no path reads again is dead in every
 * lane. Computations that may apply the scan operator (arithmetic on values that may come from
 * the input: counted as work) are never dropped or shared. A warp never enters a trace in the
 * middle; the instruction-by-instruction path, which the checkers and a nearly spent budget use,
 * runs the original instructions, and the two mix freely since both keep every live register.
 */
public final class Traces {
  private Traces() {}

  /**
   * Longest straight-line body the passes rewrite (they are quadratic or worse in its length):
   * longer ones, such as a fully unrolled loop in an untrusted submission, only follow branches.
   */
  public static final int MAX_OPTIMISED = 400;

  /** Longest trace: building them stays linear in the code for any shape of branches. */
  public static final int MAX_LENGTH = 1024;

  /** Makes {@code code} build its traces with {@link #build} on first use ({@link Code#traces}). */
  public static void install(Code code) {
    code.buildTracesWith(Traces::build);
    code.planChainsWith(BlockInvariance::plans);
  }

  /** The trace starting at each pc, or null where none starts (mid-segment, control flow that does not fold). */
  public static Trace[] build(Code code) {
    CInsn[] insns = code.insns;
    int n = insns.length;
    boolean[] reconvergence = new boolean[n + 1];
    for (CInsn in : insns) {
      if (in.op == Op.CBR && in.reconverge >= 0) {
        reconvergence[in.reconverge] = true;
      }
    }
    BitSet[] liveIn = liveness(code);
    boolean[] mayTaint = mayBeTainted(code);
    boolean[] tid = threadIndexX(code);
    Trace[] traces = new Trace[n];
    for (int pc = 0; pc < n; pc++) {
      if (!code.boundary[pc] || Code.isControl(insns[pc]) && (insns[pc].op != Op.BR || insns[pc].entersLoop != null)) {
        continue;
      }
      List<Integer> pcs = new ArrayList<>();
      List<CInsn> body = new ArrayList<>();
      BitSet visited = new BitSet(n);
      int cur = pc;
      int back = 0;
      while (cur < n && !visited.get(cur) && (cur == pc || !reconvergence[cur]) && pcs.size() < MAX_LENGTH) {
        CInsn in = insns[cur];
        if (in.op == Op.BR && in.entersLoop == null) { // a branch into a loop of before-loop loads runs alone
          visited.set(cur);
          pcs.add(cur);
          if (in.target <= cur) {
            back++;
          }
          cur = in.target;
          continue;
        }
        if (Code.isControl(in)) {
          break;
        }
        visited.set(cur);
        pcs.add(cur);
        body.add(in);
        cur++;
      }
      if (pcs.isEmpty() || cur >= n) {
        continue;
      }
      if (body.size() <= MAX_OPTIMISED) {
        optimise(body, liveIn[cur], code.uniform, mayTaint);
      }
      // A conditional branch where the walk stopped ends the trace: it is counted with it and
      // decided at its end. Its condition, when the last operation computes it from registers
      // and nothing after the branch reads it, is not written at all.
      CInsn branch = null;
      CInsn compare = null;
      CInsn stop = insns[cur];
      if (stop.op == Op.CBR && stop.entersLoop == null && !visited.get(cur) && (cur == pc || !reconvergence[cur])) {
        branch = stop;
        pcs.add(cur);
        int cond = stop.a();
        CInsn last = body.isEmpty() ? null : body.get(body.size() - 1);
        if (last != null && last.op == Op.SETP && last.dst == cond && Lanes.isCompare(last.lane) && !contains(last.args, cond)
            && !liveIn[stop.target].get(cond) && !liveIn[stop.elseTarget].get(cond)) {
          compare = last;
          body.remove(body.size() - 1);
        }
      }
      int threadX = 0;
      if (compare != null && !compare.once) {
        threadX = tid[compare.a()] && code.uniform[compare.b()] ? Trace.TID_FIRST
            : tid[compare.b()] && code.uniform[compare.a()] ? Trace.TID_SECOND : 0;
      }
      int[] covered = pcs.stream().mapToInt(Integer::intValue).toArray();
      org.scansim.frontend.ir.Insn[] issued = new org.scansim.frontend.ir.Insn[covered.length];
      for (int k = 0; k < covered.length; k++) {
        issued[k] = insns[covered[k]].ir;
      }
      traces[pc] = new Trace(body.toArray(new CInsn[0]), covered, issued, cur, back, branch, compare, threadX);
    }
    return traces;
  }

  /**
   * The registers that hold threadIdx.x in every lane wherever they are read: each is written by
   * one instruction only, in the function's first segment (which every lane runs before any other
   * instruction), and that instruction reads threadIdx.x or copies such a register to an integer
   * type that keeps its value (threadIdx.x is below 2^31). {@code int thid = threadIdx.x;}
   * makes one.
   */
  static boolean[] threadIndexX(Code code) {
    CInsn[] insns = code.insns;
    int[] writers = new int[code.regTypes.length];
    for (CInsn in : insns) {
      if (in.dst >= 0) {
        writers[in.dst]++;
      }
    }
    boolean[] tid = new boolean[code.regTypes.length];
    int end = insns.length == 0 ? 0 : code.segmentEnd[0];
    for (int pc = 0; pc < end; pc++) {
      CInsn in = insns[pc];
      if (in.dst < 0 || writers[in.dst] != 1 || in.once) {
        continue;
      }
      IrType t = code.regTypes[in.dst];
      boolean integer = t == IrType.I32 || t == IrType.U32 || t == IrType.I64 || t == IrType.U64;
      boolean copy = (in.lane == Lanes.MOV || in.lane == Lanes.TO_I32 || in.lane == Lanes.TO_U32) && tid[in.ra];
      tid[in.dst] = integer && (in.lane == Lanes.TID_X || copy);
    }
    return tid;
  }

  /** Registers live on entry to each instruction (read on some path before being written). */
  static BitSet[] liveness(Code code) {
    CInsn[] insns = code.insns;
    int n = insns.length;
    BitSet[] in = new BitSet[n + 1];
    for (int i = 0; i <= n; i++) {
      in[i] = new BitSet();
    }
    boolean changed = true;
    while (changed) {
      changed = false;
      for (int pc = n - 1; pc >= 0; pc--) {
        CInsn i = insns[pc];
        BitSet live = new BitSet();
        liveOut(i, in, live);
        if (i.dst >= 0) {
          live.clear(i.dst);
        }
        for (int a : i.args) {
          live.set(a);
        }
        if (!live.equals(in[pc])) {
          in[pc] = live;
          changed = true;
        }
      }
    }
    return in;
  }

  /** Adds to {@code out} the registers live after instruction i: live on entry to a successor. */
  static void liveOut(CInsn i, BitSet[] liveIn, BitSet out) {
    switch (i.op.control()) {
      case JUMP -> out.or(liveIn[i.target]);
      case BRANCH -> {
        out.or(liveIn[i.target]);
        out.or(liveIn[i.elseTarget]);
      }
      case RETURN -> {}
      case NONE, BARRIER, WARP_BARRIER -> out.or(liveIn[i.index + 1]);
    }
  }

  /**
   * Registers that may ever hold a value derived from the input (flow-insensitive): written by a
   * load, an atomic, a shuffle or a vote, or by arithmetic on such a register. Only these can make
   * an instruction count as work.
   */
  static boolean[] mayBeTainted(Code code) {
    // Sources: what memory or another lane gave (a load, an atomic, a shuffle, a vote); a result
    // the table says is never derived from the input (Op.Taint.CLEAR) never carries it on.
    return code.reach(in -> in.op.reads() || in.op == Op.SHFL || in.op == Op.VOTE, in -> in.op.taint() != Op.Taint.CLEAR);
  }

  private static void optimise(List<CInsn> body, BitSet liveOut, boolean[] uniform, boolean[] mayTaint) {
    boolean changed = true;
    while (changed) {
      changed = coalesce(body, liveOut);
      changed |= propagateCopies(body, liveOut, uniform);
      changed |= shareComputations(body, liveOut, mayTaint);
      changed |= dropDead(body, liveOut, mayTaint);
    }
  }

  /** Whether register r is read after position k (exclusive) before being written, or live at the end. */
  private static boolean readAfter(List<CInsn> body, int k, int r, BitSet liveOut) {
    for (int i = k + 1; i < body.size(); i++) {
      CInsn in = body.get(i);
      for (int a : in.args) {
        if (a == r) {
          return true;
        }
      }
      if (in.dst == r) {
        return false;
      }
    }
    return liveOut.get(r);
  }

  /** Instructions whose result may be written to another register: pure, one result, lanes independent. */
  private static boolean retargetable(CInsn in) {
    return in.op.computes() || in.op.access() == Op.Access.READ;
  }

  /** {@code t = op ...; x = mov t} with t dead after: {@code x = op ...}. */
  private static boolean coalesce(List<CInsn> body, BitSet liveOut) {
    boolean changed = false;
    for (int i = 0; i + 1 < body.size(); i++) {
      CInsn def = body.get(i);
      CInsn mov = body.get(i + 1);
      if (mov.op != Op.MOV || mov.a() != def.dst || def.dst < 0 || mov.dst == def.dst || !retargetable(def)
          || def.once != mov.once || def.type != mov.type || readAfter(body, i + 1, def.dst, liveOut)) {
        continue;
      }
      boolean readsTarget = false;
      for (int a : def.args) {
        readsTarget |= a == mov.dst;
      }
      if (readsTarget && (def.op == Op.LD || def.lane == Lanes.GENERIC)) {
        continue; // a load may start over lane by lane: it must still see its own operands
      }
      body.set(i, new CInsn(def, mov.dst, def.args));
      body.remove(i + 1);
      changed = true;
    }
    return changed;
  }

  /**
   * {@code t = mov s} (or a conversion that only re-normalises) with t dead at the end: the
   * instructions reading t read s instead, while neither is written again.
   */
  private static boolean propagateCopies(List<CInsn> body, BitSet liveOut, boolean[] uniform) {
    boolean changed = false;
    for (int i = 0; i < body.size(); i++) {
      CInsn copy = body.get(i);
      if (copy.lane != Lanes.MOV || (copy.op != Op.MOV && copy.op != Op.CVT) || copy.dst < 0) {
        continue;
      }
      int t = copy.dst;
      int s = copy.a();
      if (t == s || uniform[t] && !uniform[s]) {
        continue;
      }
      if (!replaceable(body, i, t, s, liveOut)) {
        continue;
      }
      rename(body, i, t, s);
      body.remove(i);
      i--;
      changed = true;
    }
    return changed;
  }

  /**
   * Pure computations whose value does not depend on anything but their operands ({@link Op#pure}),
   * but copies (the coalescing rule's), the address of a local array (one per thread) and an
   * application of the scan operator to what may derive from the input (it counts as work).
   */
  private static boolean pure(CInsn in, boolean[] mayTaint) {
    if (!in.op.pure() || in.op == Op.MOV) {
      return false;
    }
    if (in.op == Op.ADDR) {
      return in.ir.space() != MemSpace.LOCAL;
    }
    if (in.op.mayApplyScanOperator() && in.type != IrType.PRED) {
      for (int a : in.args) {
        if (mayTaint[a]) {
          return false; // may count as an application of the scan operator
        }
      }
    }
    return true;
  }

  private record Key(Op op, IrType type, IrType srcType, List<Integer> args, Object cmp, long imm, int memory) {
    // equals and hashCode written out (not the record's, bootstrapped through method handles at first use)
    @Override
    public boolean equals(Object o) {
      return o instanceof Key k && k.op == op && k.type == type && k.srcType == srcType && java.util.Objects.equals(k.args, args)
          && java.util.Objects.equals(k.cmp, cmp) && k.imm == imm && k.memory == memory;
    }

    @Override
    public int hashCode() {
      int h = java.util.Objects.hashCode(op);
      h = 31 * h + java.util.Objects.hashCode(type);
      h = 31 * h + java.util.Objects.hashCode(srcType);
      h = 31 * h + java.util.Objects.hashCode(args);
      h = 31 * h + java.util.Objects.hashCode(cmp);
      h = 31 * h + Long.hashCode(imm);
      return 31 * h + memory;
    }
  }

  private static Key key(CInsn in) {
    List<Integer> args = new ArrayList<>();
    for (int a : in.args) {
      args.add(a);
    }
    long imm = in.op == Op.PTR_ADD || in.op == Op.PTR_DIFF ? in.ir.imm() : 0;
    return new Key(in.op, in.type, in.srcType, args, in.ir.cmp(), imm, in.memory);
  }

  /**
   * A pure computation repeated with the same operands, none written in between, while the
   * register holding the first result still holds it: the reads of the second read the first.
   */
  private static boolean shareComputations(List<CInsn> body, BitSet liveOut, boolean[] mayTaint) {
    Map<Key, Integer> seen = new HashMap<>(); // key -> position of the computation
    for (int i = 0; i < body.size(); i++) {
      CInsn in = body.get(i);
      if (in.dst >= 0) {
        // A write kills every remembered computation that reads or writes this register.
        int d = in.dst;
        seen.values().removeIf(p -> body.get(p).dst == d || contains(body.get(p).args, d));
      }
      if (!pure(in, mayTaint) || in.dst < 0 || contains(in.args, in.dst)) {
        continue;
      }
      Key k = key(in);
      Integer prev = seen.get(k);
      if (prev == null) {
        seen.put(k, i);
        continue;
      }
      CInsn first = body.get(prev);
      int r = first.dst;
      int t = in.dst;
      if (in.once && !first.once) {
        continue;
      }
      if (!replaceable(body, i, t, r, liveOut)) {
        continue;
      }
      rename(body, i, t, r);
      body.remove(i);
      return true; // positions moved: start over
    }
    return false;
  }

  /**
   * Whether the reads of t after position i (up to t's next write) may read r instead: r is not
   * written before any of them, and t is not read after the trace unless written again in it.
   */
  private static boolean replaceable(List<CInsn> body, int i, int t, int r, BitSet liveOut) {
    boolean rWritten = false;
    for (int j = i + 1; j < body.size(); j++) {
      CInsn x = body.get(j);
      if (rWritten && contains(x.args, t)) {
        return false;
      }
      if (x.dst == t) {
        return true;
      }
      rWritten |= x.dst == r;
    }
    return !liveOut.get(t);
  }

  /** The reads of t after position i, up to t's next write, read r instead. */
  private static void rename(List<CInsn> body, int i, int t, int r) {
    for (int j = i + 1; j < body.size(); j++) {
      CInsn x = body.get(j);
      if (contains(x.args, t)) {
        int[] args = x.args.clone();
        for (int q = 0; q < args.length; q++) {
          if (args[q] == t) {
            args[q] = r;
          }
        }
        body.set(j, new CInsn(x, x.dst, args));
      }
      if (x.dst == t) {
        return;
      }
    }
  }

  private static boolean contains(int[] a, int r) {
    for (int x : a) {
      if (x == r) {
        return true;
      }
    }
    return false;
  }

  /** Pure computations (and copies) whose result nothing reads. */
  private static boolean dropDead(List<CInsn> body, BitSet liveOut, boolean[] mayTaint) {
    boolean changed = false;
    for (int i = body.size() - 1; i >= 0; i--) {
      CInsn in = body.get(i);
      boolean removable = in.op == Op.MOV || in.op == Op.SREG || pure(in, mayTaint);
      if (removable && in.dst >= 0 && !readAfter(body, i, in.dst, liveOut)) {
        body.remove(i);
        changed = true;
      }
    }
    return changed;
  }
}
