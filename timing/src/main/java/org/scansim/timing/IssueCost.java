package org.scansim.timing;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.scansim.frontend.ir.Block;
import org.scansim.frontend.ir.Imm;
import org.scansim.frontend.ir.Insn;
import org.scansim.frontend.ir.IrFunction;
import org.scansim.frontend.ir.IrModule;
import org.scansim.frontend.ir.IrType;
import org.scansim.frontend.ir.MemSpace;
import org.scansim.frontend.ir.Op;
import org.scansim.frontend.ir.Operand;
import org.scansim.frontend.ir.Reg;

/**
 * How many SASS instructions nvcc issues for each IR instruction, from reading the SASS of every
 * catalog build against the IR (hardware/measurements/timing-2026-11-26-h100/sass/), so that the
 * model's issued instructions track {@code smsp__inst_executed}:
 * <ul>
 *   <li>moves, address-of, jumps and conversions that change no representation: none; a pointer
 *       offset: one (LEA, IMAD.WIDE); an integer add of a product used once: none (one IMAD);
 *       integer division or remainder by a register: 18 (20 for the remainder, 4 more signed; a
 *       remainder after the division of the same operands: 2), by a power of two: 1 (3 signed);
 *   <li>a computation the function already made in the same region (value numbering: a second
 *       {@code threadIdx.x} read, a repeated comparison or address): none;
 *   <li>an if without a barrier, loop, call, shuffle or vote whose body issues at most {@link
 *       #PREDICATE_LIMIT} instructions is predicated: its branch costs nothing, and every warp that
 *       reaches it issues the body ({@link #predicatedBody}), whether or not a lane runs it; its
 *       loads and stores issue again where a warp runs them (one slot too many for such a warp). An if before the return is an
 *       {@code @P EXIT}, neither. Any other if is branched: BSSY and BSYNC, two more instructions
 *       each time a warp reaches it, and one more when the warp splits ({@link #branched});
 *   <li>each warp's prologue: the stack pointer, the memory descriptor for global memory, the
 *       shared window (three), and each kernel parameter it reads ({@link #entry}).
 * </ul>
 * Address arithmetic affine in the induction variable of a loop nvcc unrolls is costed as the
 * loop's control ({@link LoopControl}), and a loop that halves a constant to a constant is unrolled
 * completely. Not modelled: loop-carried register copies, paired accesses (LDS.64) nvcc forms
 * beyond the engine's, and the instruction scheduling nvcc does within a block.
 */
final class IssueCost {
  /** The most instructions a body nvcc predicates issues (fitted on Harris's Listings 2 and 3: 7 predicated, 9 and 12 branched). */
  static final int PREDICATE_LIMIT = 8;

  /** How a loop's control and its affine addresses issue, by instruction: as {@link LoopControl.Mode}, else normal. */
  private final Map<Insn, LoopControl.Mode> modes = new IdentityHashMap<>();
  private final Map<Insn, Integer> slots = new IdentityHashMap<>();
  private final Map<Insn, Integer> predicatedBody = new IdentityHashMap<>();
  private final Set<Insn> predicated = Collections.newSetFromMap(new IdentityHashMap<>());
  private final Map<Insn, Reg> predicate = new IdentityHashMap<>();
  private final Set<Insn> branched = Collections.newSetFromMap(new IdentityHashMap<>());
  private final Map<Insn, Integer> entry = new IdentityHashMap<>();
  /** Address arithmetic costed as a loop's control (Function.unrolledAffine): the loop's exit branch. */
  private final Map<Insn, Insn> affineLoop = new IdentityHashMap<>();

  IssueCost(IrModule module, LoopControl loops) {
    for (IrFunction f : DeviceCode.of(module)) {
      new Function(f, loops).analyse();
    }
  }

  /** Issue slots of one execution of {@code in} (0: folded away); the loop rules come on top ({@link #mode}). */
  int slots(Insn in) {
    return slots.getOrDefault(in, 1);
  }

  /** How often {@code in} issues in its loop: never ({@code FULL}), once in its loop's copies (4 or 16), or always (null). */
  LoopControl.Mode mode(Insn in) {
    return modes.get(in);
  }

  /** For address arithmetic costed as a loop's control: that loop's exit branch (its header's), else null. */
  Insn affineLoop(Insn in) {
    return affineLoop.get(in);
  }

  /** For the branch of a predicated if: the instructions its body issues, charged to every warp that reaches it; else -1. */
  int predicatedBody(Insn cbr) {
    return predicatedBody.getOrDefault(cbr, -1);
  }

  /**
   * The condition of the predicated if whose body holds {@code in}, or null: its SASS reads the
   * predicate (a SEL, an @P instruction), so it waits for the comparison though its IR reads none
   * of the comparison's operands (v != v ? 9 : 8 is a select on a loaded value).
   */
  Reg predicate(Insn in) {
    return predicate.get(in);
  }

  /** Whether {@code in} lies in a predicated if's body (its arithmetic was charged at the branch). */
  boolean predicated(Insn in) {
    return predicated.contains(in);
  }

  /** Whether {@code cbr} is a branched if's: BSSY and BSYNC each time a warp reaches it. */
  boolean branched(Insn cbr) {
    return branched.contains(cbr);
  }

  /** The prologue's instructions when {@code in} is the first instruction of a kernel, else 0. */
  int entry(Insn in) {
    return entry.getOrDefault(in, 0);
  }

  /** One function's analysis. */
  private final class Function {
    private final IrFunction f;
    private final LoopControl loops;
    private final Map<Block, Integer> at = new IdentityHashMap<>();
    private final Map<Integer, Integer> defs = new HashMap<>();
    /** A register's definition (the last one met; meaningful where {@link #single}). */
    private final Map<Integer, Insn> defOf = new HashMap<>();
    private final Map<Integer, Insn> def = new HashMap<>();
    private final Map<Integer, List<Insn>> uses = new HashMap<>();
    /** Loops as [header, latch] indexes, and each header's latch. */
    private final List<int[]> loopSpans = new ArrayList<>();
    /** Ifs that pick their comparison's smaller or larger operand ({@link #minMax}): the comparison is the IMNMX, the rest free. */
    private final Set<Insn> picks = Collections.newSetFromMap(new IdentityHashMap<>());
    /** Ifs nvcc unswitches out of their loop ({@link #unswitched(Insn)}): no branch, no predication. */
    private final Set<Insn> unswitched = Collections.newSetFromMap(new IdentityHashMap<>());
    private final Map<Block, Block> latchOf = new IdentityHashMap<>();
    /** The exit branches of loop headers, and the block each terminator ends. */
    private final Set<Insn> headerBranches = Collections.newSetFromMap(new IdentityHashMap<>());
    private final Map<Insn, Block> ending = new IdentityHashMap<>();
    private final Map<Insn, Block> blockOf = new IdentityHashMap<>();
    private boolean usesShared;
    private boolean usesGlobal;
    /**
     * In loops nvcc unrolls completely: the induction variables and what is computed from them and
     * immediates alone (each a constant once unrolled), and the instructions of such loops.
     */
    private final Set<Integer> unrolledConstant = new HashSet<>();
    private final Set<Insn> inUnrolled = Collections.newSetFromMap(new IdentityHashMap<>());

    Function(IrFunction f, LoopControl loops) {
      this.f = f;
      this.loops = loops;
      List<Block> bs = f.blocks();
      for (int i = 0; i < bs.size(); i++) {
        at.put(bs.get(i), i);
      }
      for (Block b : bs) {
        if (b.terminator() != null) {
          ending.put(b.terminator(), b);
        }
        for (Insn in : b.insns()) {
          blockOf.put(in, b);
          if (in.dst() != null && in.op() != Op.ST) {
            defs.merge(in.dst().id(), 1, Integer::sum);
            defOf.put(in.dst().id(), in);
            def.put(in.dst().id(), in);
          }
          for (Operand a : in.args()) {
            if (a instanceof Reg r) {
              uses.computeIfAbsent(r.id(), k -> new ArrayList<>()).add(in);
            }
          }
          if (in.op() == Op.LD || in.op() == Op.ST || in.op() == Op.ATOM) {
            usesShared |= in.space() == MemSpace.SHARED;
            usesGlobal |= in.space() != MemSpace.SHARED;
          }
          usesShared |= in.op() == Op.ADDR;
        }
      }
      for (int i = 0; i < bs.size(); i++) {
        Insn t = bs.get(i).terminator();
        if (t != null && t.op() == Op.BR && t.target() != null && at.get(t.target()) <= i) {
          loopSpans.add(new int[] {at.get(t.target()), i});
          latchOf.put(t.target(), bs.get(i));
          headerBranches.add(t.target().terminator());
        }
      }
    }

    private boolean single(Reg r) {
      return defs.getOrDefault(r.id(), 0) == 1;
    }

    private boolean loopHeader(Block b) {
      return latchOf.containsKey(b);
    }

    private boolean headerBranch(Insn in) {
      return headerBranches.contains(in);
    }

    private LoopControl.Mode loopMode(Insn in) {
      LoopControl.Mode m = modes.get(in);
      if (m != null) {
        return m;
      }
      int id = loops.id(in);
      return id < 0 ? null : loops.mode(id);
    }

    void analyse() {
      unrolledConstants();
      List<Insn> ifs = new ArrayList<>();
      for (Block b : f.blocks()) {
        Insn t = b.terminator();
        // Not a do-while's conditional back edge (its target comes before it): that is a loop.
        if (t != null && t.op() == Op.CBR && !headerBranch(t) && t.reconverge() != null && at.get(t.target()) > at.get(b)) {
          ifs.add(t);
        }
      }
      // An if on a condition computed before its loop: nvcc unswitches the loop, and the branch is gone.
      // An if that picks the smaller or larger of its comparison's operands: one IMNMX, the comparison's.
      ifs.removeIf(cb -> {
        if (loops.unswitched(cb)) {
          unswitched.add(cb);
          return true;
        }
        if (minMax(cb)) {
          picks.add(cb);
          return true;
        }
        return false;
      });
      Set<Insn> merged = Collections.newSetFromMap(new IdentityHashMap<>());
      for (Insn cb : ifs) {
        if (predicable(cb)) {
          merged.add(cb);
        }
      }
      Map<Insn, Double> cost = new IdentityHashMap<>();
      Map<Insn, Double> regions = new IdentityHashMap<>();
      pass(merged, cost, regions);
      merged.removeIf(cb -> regions.getOrDefault(cb, 0.0) > PREDICATE_LIMIT);
      cost.clear();
      regions.clear();
      pass(merged, cost, regions);
      for (Map.Entry<Insn, Double> e : cost.entrySet()) {
        slots.put(e.getKey(), (int) Math.round(e.getValue()));
      }
      Map<Insn, Insn> owner = new IdentityHashMap<>();
      for (Insn cb : ifs) {
        if (merged.contains(cb)) {
          for (Block b : region(cb)) {
            for (Insn in : b.insns()) {
              owner.putIfAbsent(in, cb);
            }
          }
        } else if (!tail(cb)) {
          branched.add(cb);
        }
      }
      // A predicated if inside another: the outermost's warps pay for both.
      for (Insn cb : ifs) {
        if (merged.contains(cb) && !owner.containsKey(cb)) {
          predicatedBody.put(cb, (int) Math.round(regions.getOrDefault(cb, 0.0)));
        }
      }
      for (Map.Entry<Insn, Insn> e : owner.entrySet()) {
        Insn in = e.getKey();
        if (!(in.op() == Op.LD || in.op() == Op.ST || in.op() == Op.ATOM)) {
          predicated.add(in);
        }
        if (in != e.getValue() && e.getValue().args().size() > 0 && e.getValue().arg(0) instanceof Reg p) {
          predicate.put(in, p);
        }
      }
      if (f.isKernel() && !f.blocks().isEmpty() && !f.blocks().get(0).insns().isEmpty()) {
        Set<Integer> params = new HashSet<>();
        for (Reg p : f.params()) {
          params.add(p.id());
        }
        Set<Integer> read = new HashSet<>();
        for (Block b : f.blocks()) {
          for (Insn in : b.insns()) {
            for (Operand a : in.args()) {
              if (a instanceof Reg r && params.contains(r.id())) {
                read.add(r.id());
              }
            }
          }
        }
        entry.put(f.blocks().get(0).insns().get(0), 1 + (usesShared ? 3 : 0) + (usesGlobal ? 1 : 0) + read.size());
      }
    }

    /** The issue slots of each execution, before the loop rules. */
    private double base(Insn in) {
      switch (in.op()) {
        case MOV, ADDR, BR, CALL -> {
          return 0;
        }
        case CVT -> {
          IrType from = in.arg(0) instanceof Reg r ? r.type() : in.type();
          return from.isFloat() != in.type().isFloat() || from.isFloat() && from != in.type() ? 1 : 0;
        }
        case ADD, SUB -> {
          if (!in.type().isFloat()) {
            for (Operand o : in.args()) {
              if (o instanceof Reg r && single(r) && def.get(r.id()) != null && def.get(r.id()).op() == Op.MUL
                  && uses.getOrDefault(r.id(), List.of()).size() == 1 && !foldsIntoItsUses(def.get(r.id()))) {
                return 0; // one IMAD (unless the product folded into this instruction: then this one issues)
              }
            }
          }
          return 1;
        }
        case DIV, REM -> {
          if (in.type().isFloat()) {
            return 8;
          }
          if (in.arg(1) instanceof Imm im) {
            long v = im.bits();
            return (v & (v - 1)) == 0 ? (in.type().isSigned() ? 3 : 1) : 3;
          }
          return (in.op() == Op.DIV ? 18 : 20) + (in.type().isSigned() ? 4 : 0);
        }
        case RET -> {
          return f.isKernel() ? 1 : 0;
        }
        default -> {
          return 1;
        }
      }
    }

    // Value numbering: a register defined once is its own value; one defined more often is
    // versioned at each definition and at each loop header it is defined in.
    private final Map<Integer, Integer> version = new HashMap<>();
    private final Map<String, String> alias = new HashMap<>();
    private final Deque<Map<String, Insn>> scopes = new ArrayDeque<>();
    /** The registers defined more than once that each open if assigns. */
    private final Deque<Set<Integer>> assignedIn = new ArrayDeque<>();

    private String value(Operand o) {
      if (o instanceof Imm i) {
        return "#" + i.bits();
      }
      Reg r = (Reg) o;
      String k = "r" + r.id() + (single(r) ? "" : "v" + version.getOrDefault(r.id(), 0));
      return alias.getOrDefault(k, k);
    }

    private Insn lookup(String key) {
      for (Map<String, Insn> s : scopes) {
        Insn x = s.get(key);
        if (x != null) {
          return x;
        }
      }
      return null;
    }

    /** An index whose add or subtract of a constant feeds only addresses drops the constant (it goes into the offset). */
    private String foldedIndex(Operand o) {
      if (o instanceof Reg r && single(r)) {
        Insn d = def.get(r.id());
        if (d != null && (d.op() == Op.CVT || d.op() == Op.MOV) && d.arg(0) instanceof Reg) {
          return foldedIndex(d.arg(0));
        }
        if (d != null && (d.op() == Op.ADD || d.op() == Op.SUB) && d.args().size() == 2 && d.arg(1) instanceof Imm && onlyAddress(d.dst())) {
          return foldedIndex(d.arg(0));
        }
        if (d != null && d.op() == Op.ADD && d.args().size() == 2 && d.arg(0) instanceof Imm && onlyAddress(d.dst())) {
          return foldedIndex(d.arg(1));
        }
      }
      return value(o);
    }

    private boolean onlyAddress(Reg r) {
      if (!single(r)) {
        return false;
      }
      List<Insn> us = uses.getOrDefault(r.id(), List.of());
      for (Insn u : us) {
        boolean index = u.op() == Op.PTR_ADD && u.args().size() > 1 && u.arg(1) instanceof Reg x && x.id() == r.id();
        boolean passed = (u.op() == Op.CVT || u.op() == Op.MOV) && u.dst() != null && onlyAddress(u.dst());
        if (!index && !passed) {
          return false;
        }
      }
      return !us.isEmpty();
    }

    private String key(Insn in) {
      StringBuilder k = new StringBuilder(in.op().name()).append('.').append(in.type()).append('.').append(in.cmp()).append('.')
          .append(in.sreg()).append('.').append(in.symbol()).append('.').append(in.space());
      if (in.op() == Op.PTR_ADD) {
        k.append(':').append(value(in.arg(0))).append(',').append(foldedIndex(in.arg(1)));
        for (int i = 2; i < in.args().size(); i++) {
          k.append(',').append(value(in.arg(i)));
        }
        return k.toString();
      }
      List<String> as = new ArrayList<>();
      for (Operand a : in.args()) {
        as.add(value(a));
      }
      switch (in.op()) {
        case ADD, MUL, AND, OR, XOR, MIN, MAX -> Collections.sort(as);
        default -> {}
      }
      return k.append(':').append(as).toString();
    }

    private boolean numbered(Insn in) {
      return in.dst() != null && switch (in.op()) {
        case ADD, SUB, MUL, AND, OR, XOR, SHL, SHR, NEG, NOT, SETP, CVT, MIN, MAX, ABS, POPC, CLZ, FFS, ADDR, PTR_ADD, PTR_DIFF, SREG,
            DIV, REM -> true;
        default -> false;
      };
    }

    /**
     * One pass in layout order: each instruction's slots into {@code out}, and each if's body's
     * slots into {@code regions}; the bodies of the ifs of {@code merged} (predicated) share the
     * values of the code around them, and an if/else's second side reuses the first's loads and stores.
     */
    private void pass(Set<Insn> merged, Map<Insn, Double> out, Map<Insn, Double> regions) {
      version.clear();
      alias.clear();
      scopes.clear();
      scopes.push(new HashMap<>());
      Deque<Block> closeAt = new ArrayDeque<>();
      Deque<Insn> open = new ArrayDeque<>();
      Deque<double[]> sums = new ArrayDeque<>();
      assignedIn.clear();
      List<Block> bs = f.blocks();
      for (int bi = 0; bi < bs.size(); bi++) {
        Block b = bs.get(bi);
        // Every scope whose join is here or before (a break leaves an inner if's join after its outer one's).
        while (!closeAt.isEmpty() && at.get(closeAt.peek()) <= bi) {
          closeAt.pop();
          Map<String, Insn> s = scopes.pop();
          Insn cb = open.pop();
          double[] a = sums.pop();
          Set<Integer> assigned = assignedIn.pop();
          if (merged.contains(cb)) {
            scopes.peek().putAll(s);
          }
          // After the join a register assigned on one path holds either value: a fresh version, no alias.
          for (int r : assigned) {
            version.merge(r, 1000, Integer::sum);
            alias.remove("r" + r + "v" + version.get(r));
            if (!assignedIn.isEmpty()) {
              assignedIn.peek().add(r);
            }
          }
          if (!headerBranch(cb)) {
            regions.put(cb, a[0]);
          }
          if (!sums.isEmpty()) {
            sums.peek()[0] += a[0];
          }
        }
        if (loopHeader(b)) {
          int end = at.get(latchOf.get(b));
          for (int j = bi; j <= end; j++) {
            for (Insn in : bs.get(j).insns()) {
              if (in.dst() != null && in.op() != Op.ST && !single(in.dst())) {
                version.merge(in.dst().id(), 1000, Integer::sum);
              }
            }
          }
        }
        boolean elseSide = false;
        for (Insn cb : open) {
          if (!headerBranch(cb) && cb.elseTarget() != null && cb.reconverge() != cb.elseTarget() && at.get(b) >= at.get(cb.elseTarget())) {
            elseSide = true;
          }
        }
        for (Insn in : b.insns()) {
          double c = base(in);
          String same = null;
          LoopControl.Mode m = loopMode(in);
          if (m == null) {
            m = unrolledAffine(in, b);
            if (m != null) {
              modes.put(in, m);
            }
          }
          if (numbered(in)) {
            String k = key(in);
            Insn prev = lookup(k);
            if (prev != null) {
              c = 0;
              same = prev.dst() == null ? null : value(prev.dst());
            } else {
              if ((in.op() == Op.REM || in.op() == Op.DIV) && !(in.arg(1) instanceof Imm)
                  && lookup(k.replaceFirst("^(DIV|REM)", in.op() == Op.DIV ? "REM" : "DIV")) != null) {
                c = 2; // the other half of a division already made
              }
              scopes.peek().put(k, in);
            }
          } else if ((in.op() == Op.LD || in.op() == Op.ST) && !open.isEmpty() && merged.contains(open.peek())
              && open.peek().elseTarget() != open.peek().reconverge()) {
            String k = "MEM" + in.op() + ":" + value(in.args().get(0));
            if (!elseSide) {
              scopes.peek().put(k, in);
            } else if (lookup(k) != null) {
              c = 0; // both sides' access: one predicated instruction
            }
          }
          if (in.op() == Op.CBR && (merged.contains(in) || unswitched.contains(in) || picks.contains(in)) || c > 0 && foldsIntoItsUses(in)
              || !open.isEmpty() && picks.contains(open.peek())) {
            c = 0;
          }
          if (in.dst() != null && in.op() != Op.ST && !single(in.dst())) {
            if (!assignedIn.isEmpty()) {
              assignedIn.peek().add(in.dst().id());
            }
            String before = in.op() == Op.MOV ? value(in.arg(0)) : same;
            version.merge(in.dst().id(), 1, Integer::sum);
            String k = "r" + in.dst().id() + "v" + version.get(in.dst().id());
            if (before != null) {
              alias.put(k, before);
            } else if (numbered(in)) {
              alias.put(k, "val:" + key(in) + "@" + k);
            }
          } else if (same != null && in.dst() != null) {
            alias.put("r" + in.dst().id(), same);
          } else if (in.dst() != null && in.op() == Op.MOV && in.arg(0) instanceof Reg src && single(in.dst())) {
            alias.put("r" + in.dst().id(), value(src));
          }
          out.put(in, c);
          // A predicated body's loads and stores are in its sum (every warp that reaches it issues them,
          // lanes or none) and issue again where a warp runs them: one slot too many for those warps.
          if (!sums.isEmpty()) {
            sums.peek()[0] += m == LoopControl.Mode.FULL ? 0 : m != null ? c / m.copies() : c;
          }
          if (in.op() == Op.CBR && in.reconverge() != null) {
            closeAt.push(in.reconverge());
            open.push(in); // a loop's exit branch opens a scope too, but is no if
            sums.push(new double[1]);
            scopes.push(new HashMap<>());
            assignedIn.push(new HashSet<>());
          }
        }
      }
    }

    /** Fills {@link #unrolledConstant} and {@link #inUnrolled}. */
    private void unrolledConstants() {
      for (int[] l : loopSpans) {
        Block h = f.blocks().get(l[0]);
        if (loopMode(h.terminator()) != LoopControl.Mode.FULL) {
          continue;
        }
        for (Insn x : h.insns()) {
          if (x.op() == Op.SETP) {
            for (Operand o : x.args()) {
              if (o instanceof Reg r && !single(r)) {
                unrolledConstant.add(r.id());
              }
            }
          }
        }
        List<Block> body = f.blocks().subList(l[0], l[1] + 1);
        boolean changed = true;
        while (changed) {
          changed = false;
          for (Block b : body) {
            for (Insn in : b.insns()) {
              inUnrolled.add(in);
              if (in.dst() == null || !single(in.dst()) || unrolledConstant.contains(in.dst().id())
                  || in.op().unit() != Op.Unit.ALU || !in.op().pure() || in.op() == Op.ADDR || in.op() == Op.PTR_ADD) {
                continue;
              }
              boolean constant = true;
              for (Operand a : in.args()) {
                constant &= !(a instanceof Reg r) || unrolledConstant.contains(r.id());
              }
              if (constant) {
                unrolledConstant.add(in.dst().id());
                changed = true;
              }
            }
          }
        }
      }
    }

    private boolean unrolledConstant(Operand o) {
      return o instanceof Imm || o instanceof Reg r && unrolledConstant.contains(r.id());
    }

    /**
     * An integer add, subtract, multiply or shift in a completely unrolled loop of one register
     * and a constant (an immediate or one made from the induction variable): x * c1 + c2 is one
     * IMAD or LEA however many steps the source takes, so a step whose result only feeds further
     * such steps issues nothing (Brent-Kung's {@code (threadIdx.x + 1) * stride * 2 - 1}: one LEA).
     */
    private boolean affineStep(Insn in) {
      switch (in.op()) {
        case ADD, SUB, MUL, SHL -> {}
        default -> {
          return false;
        }
      }
      if (!inUnrolled.contains(in) || in.type().isFloat() || in.args().size() != 2 || in.dst() == null || !single(in.dst())) {
        return false;
      }
      return unrolledConstant(in.arg(0)) != unrolledConstant(in.arg(1)) && (in.op() != Op.SHL || unrolledConstant(in.arg(1)));
    }

    private boolean foldsIntoItsUses(Insn in) {
      if (!affineStep(in)) {
        return false;
      }
      List<Insn> us = uses.getOrDefault(in.dst().id(), List.of());
      for (Insn u : us) {
        boolean passed = (u.op() == Op.MOV || u.op() == Op.CVT && u.type() != null && !u.type().isFloat()) && u.dst() != null && single(u.dst())
            && !uses.getOrDefault(u.dst().id(), List.of()).isEmpty()
            && uses.get(u.dst().id()).stream().allMatch(this::takesTheStep);
        if (!takesTheStep(u) && !passed) {
          return false;
        }
      }
      return !us.isEmpty();
    }

    /**
     * Whether {@code u}, a use of a step, is a step that issues the chain's one instruction or folds
     * it further into one that does: not one the loop rules drop (address arithmetic affine in the
     * induction variable, {@link #unrolledAffine}), else the chain would issue nothing.
     */
    private boolean takesTheStep(Insn u) {
      return affineStep(u) && (foldsIntoItsUses(u) || unrolledAffine(u, blockOf.get(u)) == null && loopMode(u) == null);
    }

    /** The mode of the innermost unrolled loop holding {@code b} when {@code in} is address arithmetic affine in its induction variable. */
    private LoopControl.Mode unrolledAffine(Insn in, Block b) {
      boolean address = in.op() == Op.PTR_ADD || (in.op() == Op.ADD || in.op() == Op.SUB || in.op() == Op.MUL || in.op() == Op.SHL
          || in.op() == Op.CVT) && in.dst() != null && onlyAddress(in.dst());
      if (!address) {
        return null;
      }
      int bi = at.get(b);
      LoopControl.Mode best = null;
      Insn bestHeader = null;
      int span = Integer.MAX_VALUE;
      for (int[] l : loopSpans) {
        if (l[0] > bi || bi > l[1] || l[1] - l[0] >= span) {
          continue;
        }
        Block h = f.blocks().get(l[0]);
        LoopControl.Mode hm = loopMode(h.terminator());
        if (hm == null) {
          continue;
        }
        Set<Integer> iv = new HashSet<>();
        for (Insn x : h.insns()) {
          if (x.op() == Op.SETP) {
            for (Operand o : x.args()) {
              if (o instanceof Reg r && !single(r)) {
                iv.add(r.id());
              }
            }
          }
        }
        if (loops.induction(h) != null) { // b < blockIdx.x compares an unsigned copy of b: b steps
          iv.add(loops.induction(h).id());
        }
        if (in.op() == Op.PTR_ADD ? affine(in.arg(1), iv, 0) : affine(in, iv, 0)) {
          best = hm;
          bestHeader = h.terminator();
          span = l[1] - l[0];
        }
      }
      if (bestHeader != null) {
        affineLoop.put(in, bestHeader);
      }
      return best;
    }

    private boolean affine(Operand o, Set<Integer> iv, int depth) {
      if (!(o instanceof Reg r) || depth > 8) {
        return false;
      }
      if (iv.contains(r.id())) {
        return true;
      }
      return single(r) && def.get(r.id()) != null && affine(def.get(r.id()), iv, depth + 1);
    }

    private boolean affine(Insn d, Set<Integer> iv, int depth) {
      switch (d.op()) {
        case CVT, MOV -> {
          return affine(d.arg(0), iv, depth);
        }
        case ADD, SUB, MUL, SHL -> {
          boolean any = false;
          for (Operand o : d.args()) {
            any |= !(o instanceof Imm) && affine(o, iv, depth);
          }
          return any;
        }
        default -> {
          return false;
        }
      }
    }

    /** The blocks strictly between an if's branch and its reconvergence point. */
    private List<Block> region(Insn cb) {
      List<Block> r = new ArrayList<>();
      for (int i = at.get(ending.get(cb)) + 1; i < at.get(cb.reconverge()); i++) {
        r.add(f.blocks().get(i));
      }
      return r;
    }

    /** An if just before the function returns: nvcc makes it an {@code @P EXIT}. */
    private boolean tail(Insn cb) {
      Block r = cb.reconverge();
      for (Insn in : r.insns()) {
        if (in.op() != Op.RET && in.op() != Op.BR) {
          return false;
        }
      }
      return r.terminator() != null && r.terminator().op() == Op.RET;
    }

    /**
     * Whether {@code cb} is {@code r = a > b ? a : b} (or <, <=, >=, either way round): its condition
     * an ordering of a and b, each side one block that moves a or b into the same register, the side
     * that reads b from memory again allowed to (a load the engine forwards), joining at once.
     */
    private boolean minMax(Insn cb) {
      if (cb.args().isEmpty() || !(cb.arg(0) instanceof Reg c) || cb.reconverge() == null) {
        return false;
      }
      Insn test = null;
      for (Insn in : blockOf.get(cb).insns()) {
        if (in.dst() != null && in.dst().id() == c.id() && in.op() != Op.ST) {
          test = in;
        }
      }
      if (test == null || test.op() != Op.SETP || test.args().size() != 2 || test.cmp() == null) {
        return false;
      }
      switch (test.cmp()) {
        case LT, LE, GT, GE -> {}
        default -> {
          return false;
        }
      }
      int target = -1;
      Set<Integer> picked = new HashSet<>();
      for (Block side : new Block[] {cb.target(), cb.elseTarget()}) {
        if (side == null || !side.isTerminated() || side.terminator().op() != Op.BR || side.terminator().target() != cb.reconverge()
            || side.insns().size() < 2) {
          return false;
        }
        Insn move = side.insns().get(side.insns().size() - 2);
        if (move.op() != Op.MOV || move.dst() == null || target >= 0 && move.dst().id() != target) {
          return false;
        }
        target = move.dst().id();
        Set<Integer> loaded = new HashSet<>();
        for (Insn in : side.insns().subList(0, side.insns().size() - 2)) {
          switch (in.op()) {
            case CVT, PTR_ADD -> {}
            case LD -> loaded.add(in.dst().id());
            default -> {
              return false;
            }
          }
        }
        Operand v = move.arg(0);
        if (!(v instanceof Reg r)) {
          return false;
        }
        int operand = test.arg(0) instanceof Reg a && a.id() == r.id() ? 0 : test.arg(1) instanceof Reg b && b.id() == r.id() ? 1 : -1;
        if (operand < 0 && loaded.contains(r.id())) { // the side reads a compared operand from memory again
          for (int k = 0; k < 2 && operand < 0; k++) {
            if (test.arg(k) instanceof Reg o && single(o) && defOf.get(o.id()).op() == Op.LD && single(r)
                && sameValue(defOf.get(o.id()).arg(0), defOf.get(r.id()).arg(0), 0)) {
              operand = k;
            }
          }
        }
        if (operand < 0) {
          return false;
        }
        picked.add(operand);
      }
      return picked.size() == 2;
    }

    /**
     * Whether two operands compute the same value: the same register or constant, or registers each
     * defined once by the same operation (no load) on operands that compute the same values.
     */
    private boolean sameValue(Operand x, Operand y, int depth) {
      if (x instanceof Imm a && y instanceof Imm b) {
        return a.bits() == b.bits();
      }
      if (!(x instanceof Reg a) || !(y instanceof Reg b) || depth > 6) {
        return false;
      }
      if (a.id() == b.id()) {
        return true;
      }
      if (!single(a) || !single(b)) {
        return false;
      }
      Insn da = defOf.get(a.id());
      Insn db = defOf.get(b.id());
      if (da.op() != db.op() || da.op() == Op.LD || da.op() == Op.ATOM || da.op() == Op.SREG && da.sreg() != db.sreg()
          || da.type() != db.type() || da.args().size() != db.args().size() || da.cmp() != db.cmp()
          || !java.util.Objects.equals(da.symbol(), db.symbol()) || da.args().isEmpty() && da.op() != Op.SREG && da.op() != Op.ADDR) {
        return false;
      }
      for (int k = 0; k < da.args().size(); k++) {
        if (!sameValue(da.arg(k), db.arg(k), depth + 1)) {
          return false;
        }
      }
      return true;
    }

    private boolean predicable(Insn cb) {
      if (tail(cb)) {
        return false;
      }
      for (Block b : region(cb)) {
        if (loopHeader(b)) {
          return false;
        }
        for (Insn in : b.insns()) {
          switch (in.op()) {
            case BAR, RET, CALL, BAR_WARP, SHFL, VOTE -> {
              return false;
            }
            default -> {}
          }
        }
        Insn t = b.terminator();
        if (t != null && t.op() == Op.BR && at.get(t.target()) <= at.get(b)) {
          return false;
        }
        // A break or continue: a branch out of the region other than to its join.
        if (t != null && (t.op() == Op.BR || t.op() == Op.CBR)) {
          for (Block to : t.op() == Op.BR ? List.of(t.target()) : List.of(t.target(), t.elseTarget())) {
            int i = at.get(to);
            if (to != cb.reconverge() && (i <= at.get(ending.get(cb)) || i > at.get(cb.reconverge()))) {
              return false;
            }
          }
        }
      }
      return true;
    }
  }
}
