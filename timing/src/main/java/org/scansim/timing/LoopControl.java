package org.scansim.timing;

import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.scansim.frontend.ir.Block;
import org.scansim.frontend.ir.Imm;
import org.scansim.frontend.ir.Insn;
import org.scansim.frontend.ir.IrFunction;
import org.scansim.frontend.ir.IrModule;
import org.scansim.frontend.ir.Op;
import org.scansim.frontend.ir.Operand;
import org.scansim.frontend.ir.Reg;

/**
 * The instructions that run a loop rather than its body, and how often the card issues them:
 * nvcc unrolls a loop completely when its trip count is a constant (its start and bound are
 * constants), and 4 times when its induction variable steps by a constant to a bound known only at
 * run time (hardware/measurements/forwarding/, and every catalog kernel's SASS under
 * hardware/measurements/timing-2026-11-26-h100/sass/). A loop's control is its header's arithmetic,
 * comparison and branch and its step block's arithmetic. Fully unrolled: none of it issues;
 * unrolled 4 times: one execution in 4. ptxas unrolls NVVM's 4 copies 4 times more (16 copies, then
 * 8, 4 and 1 for the rest: 29 accesses a source line in the SASS) when the loop is one straight
 * block of at most {@link #SMALL_BODY} memory and arithmetic instructions and none of its addresses
 * is computed from the induction variable by a right shift, mask, division or the like (which nvcc cannot fold into
 * each copy's constant offset): the runtime loops of addSums, addTotals, the sequential scans and
 * the calibration chains hold 29, those of shared_conflicts.cu and reduce_then_scan's scan_tiles 5
 * (hardware/measurements/2026-11-29-sass-memory-lines). Then one execution in 16 issues. Other loops (a multiplicative step to a bound known only
 * at run time) keep every instruction. Arithmetic the loop does not change is hoisted out of it and
 * never issues; nvcc runs it once before the loop, so an inner loop's invariant costs one issue
 * per outer iteration that the model leaves out.
 */
final class LoopControl {
  /** How often a control instruction issues: never, or once in {@link #copies()} executions. */
  enum Mode {
    FULL(1),
    RUNTIME(4),
    /** A small straight loop: NVVM's 4 copies unrolled 4 times more by ptxas. */
    RUNTIME_SMALL(16);

    private final int copies;

    Mode(int copies) {
      this.copies = copies;
    }

    /** The loop's copies: its control issues once in this many executions (FULL: 1, but its control never issues). */
    int copies() {
      return copies;
    }

    /** Unrolled at run time, 4 or 16 times. */
    boolean runtime() {
      return this != FULL;
    }
  }

  /** The most memory and arithmetic instructions (its control aside) a loop body ptxas unrolls 16 times holds. */
  static final int SMALL_BODY = 8;

  private final Map<Insn, Integer> ids = new IdentityHashMap<>();
  /** By control instruction of a loop unrolled at run time: the loop's number. */
  private final Map<Insn, Integer> loopOf = new IdentityHashMap<>();
  /** By the branch that enters a loop unrolled at run time from before it: the loop's number. */
  private final Map<Insn, Integer> entries = new IdentityHashMap<>();
  private int runtimeLoops;
  /** Arithmetic nvcc hoists out of a loop ({@link #hoist}): the headers of the loops it is hoisted out of. */
  private final Map<Insn, List<Block>> hoistedFrom = new IdentityHashMap<>();
  /** Each loop's header and last latch, as block indexes of its function. */
  private final Map<Block, int[]> spans = new IdentityHashMap<>();
  /** By header of a loop with an induction variable: that variable (b of b < blockIdx.x, not its unsigned copy). */
  private final Map<Block, Reg> inductions = new IdentityHashMap<>();
  /** Ifs in loops unrolled at run time whose condition the loop does not change: nvcc unswitches the loop on them. */
  private final java.util.Set<Insn> unswitched = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
  private final Map<Integer, Mode> modes = new HashMap<>();

  LoopControl(IrModule module) {
    for (IrFunction f : DeviceCode.of(module)) {
      function(f);
    }
  }

  /** The instruction's control id (for per-warp counts), or -1 when it is not a loop's control. */
  int id(Insn in) {
    Integer id = ids.get(in);
    return id == null ? -1 : id;
  }

  Mode mode(int id) {
    return modes.get(id);
  }

  /** The number of the loop unrolled at run time whose control {@code in} is, or -1. */
  int loopOf(Insn in) {
    return loopOf.getOrDefault(in, -1);
  }

  /**
   * The number of the loop unrolled at run time that branch {@code in} enters from before it, or
   * -1: each entry runs the unrolled copies from the first, whatever the trips before.
   */
  int entered(Insn in) {
    return entries.getOrDefault(in, -1);
  }

  /** The induction variable of the loop headed by {@code header}, or null where it has none this class knows. */
  Reg induction(Block header) {
    return inductions.get(header);
  }

  /**
   * Whether nvcc unswitches a loop unrolled at run time on branch {@code cbr}: its condition is
   * computed before that loop (hoisted, or not written in it), so each side becomes a loop of its own
   * and the branch is gone.
   */
  boolean unswitched(Insn cbr) {
    return unswitched.contains(cbr);
  }

  /**
   * Whether nvcc computes {@code in} before the loop headed by {@code header} runs: it is hoisted out
   * of that loop or out of one around it (its operands are the same on every trip of either).
   */
  boolean invariantIn(Insn in, Block header) {
    int[] inner = spans.get(header);
    for (Block h : hoistedFrom.getOrDefault(in, List.of())) {
      int[] outer = spans.get(h);
      if (inner != null && outer != null && outer[0] <= inner[0] && inner[1] <= outer[1]) {
        return true;
      }
    }
    return false;
  }

  private void function(IrFunction f) {
    List<Block> blocks = f.blocks();
    Map<Block, Integer> at = new IdentityHashMap<>();
    for (int i = 0; i < blocks.size(); i++) {
      at.put(blocks.get(i), i);
    }
    // A loop with several back edges (a while with continue) is one loop, to its last latch.
    Map<Block, Integer> lastLatch = new IdentityHashMap<>();
    for (int i = 0; i < blocks.size(); i++) {
      Insn back = blocks.get(i).isTerminated() ? blocks.get(i).terminator() : null;
      if (back != null && back.op() == Op.BR && back.target() != null && at.getOrDefault(back.target(), i + 1) <= i) {
        lastLatch.put(back.target(), i);
      }
    }
    for (Map.Entry<Block, Integer> e : lastLatch.entrySet()) {
      spans.put(e.getKey(), new int[] {at.get(e.getKey()), e.getValue()});
    }
    for (int i = 0; i < blocks.size(); i++) {
      Block latch = blocks.get(i);
      Insn back = latch.isTerminated() ? latch.terminator() : null;
      if (back == null || back.op() != Op.BR || back.target() == null || lastLatch.get(back.target()) == null
          || lastLatch.get(back.target()) != i) {
        continue;
      }
      Block header = back.target();
      Insn exit = header.terminator();
      if (exit == null || exit.op() != Op.CBR) {
        continue;
      }
      hoist(header, blocks.subList(at.get(header), i + 1));
      Induction iv = Induction.of(header, exit, latch);
      Mode mode = iv == null ? null : iv.mode(at.get(header) == 0 ? null : blocks.get(at.get(header) - 1));
      if (mode == null) {
        continue;
      }
      inductions.put(header, iv.v());
      List<Block> loopBlocks = blocks.subList(at.get(header), i + 1);
      Map<Integer, List<Insn>> defs = definitions(loopBlocks);
      if (mode.runtime()) {
        for (Block b : loopBlocks) {
          Insn t = b.terminator();
          if (t != null && t.op() == Op.CBR && t != exit && unswitched(t, defs, header)) {
            unswitched.add(t);
          }
        }
      }
      if (mode == Mode.RUNTIME && small(loopBlocks, defs, header, iv)) {
        mode = Mode.RUNTIME_SMALL;
      }
      int loop = mode.runtime() ? runtimeLoops++ : -1;
      for (Insn in : header.insns()) {
        control(in, mode, loop);
      }
      // In the latch, only the induction variable's step and its move: a while loop's latch is its body.
      control(iv.set(), mode, loop);
      control(iv.step(), mode, loop);
      Block pre = at.get(header) == 0 ? null : blocks.get(at.get(header) - 1);
      if (loop >= 0 && pre != null && pre.isTerminated() && pre.terminator().op() == Op.BR && pre.terminator().target() == header) {
        entries.put(pre.terminator(), loop);
      }
    }
  }

  /**
   * Loop-invariant code motion, as nvcc does it: arithmetic in the loop whose operands the loop
   * does not change (found to a fixpoint) runs once before it, so it never issues in the loop.
   */
  private void hoist(Block header, List<Block> loop) {
    Map<Integer, Integer> defs = new HashMap<>();
    for (Block b : loop) {
      for (Insn in : b.insns()) {
        if (in.dst() != null && in.op() != Op.ST) {
          defs.merge(in.dst().id(), 1, Integer::sum);
        }
      }
    }
    java.util.Set<Integer> variant = new java.util.HashSet<>(defs.keySet());
    java.util.Set<Insn> invariant = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
    boolean changed = true;
    while (changed) {
      changed = false;
      for (Block b : loop) {
        for (Insn in : b.insns()) {
          // A division by a constant other than zero cannot fault: nvcc hoists it as it hoists arithmetic.
          boolean byConstant = (in.op() == Op.DIV || in.op() == Op.REM) && in.args().size() == 2 && in.arg(1) instanceof Imm c && c.bits() != 0;
          // A special register (thread and block indexes, sizes) is the same on every trip.
          boolean pure = in.op().unit() == Op.Unit.ALU && in.op().pure() || in.op() == Op.SREG;
          if (invariant.contains(in) || !(pure || byConstant) || in.dst() == null
              || defs.get(in.dst().id()) != 1) {
            continue;
          }
          boolean fixed = true;
          for (Operand a : in.args()) {
            fixed &= !(a instanceof Reg r) || !variant.contains(r.id());
          }
          if (fixed) {
            invariant.add(in);
            variant.remove(in.dst().id());
            changed = true;
          }
        }
      }
    }
    for (Insn in : invariant) {
      control(in, Mode.FULL);
      hoistedFrom.computeIfAbsent(in, k -> new java.util.ArrayList<>()).add(header);
    }
  }

  /**
   * Whether ptxas unrolls the loop 16 times: one straight block (its only branches the header's exit,
   * selects and ifs nvcc unswitches; no barrier, shuffle, call or inner loop), at most {@link
   * #SMALL_BODY} loads, stores and arithmetic instructions beyond its control and what is hoisted out
   * of it, and no address computed from the induction variable by anything but additions,
   * multiplications and left shifts.
   */
  private boolean small(List<Block> loop, Map<Integer, List<Insn>> defs, Block header, Induction iv) {
    int body = 0;
    for (Block b : loop) {
      for (Insn in : b.insns()) {
        Op op = in.op();
        if (op == Op.CBR && in != header.terminator() && !selects(in, header) && !unswitched.contains(in) || op == Op.BR && b != loop.get(loop.size() - 1) && in.target() == header) {
          return false;
        }
        boolean memory = op == Op.LD || op == Op.ST || op == Op.ATOM;
        boolean byConstant = (op == Op.DIV || op == Op.REM) && in.args().size() == 2 && in.arg(1) instanceof Imm c && c.bits() != 0;
        if (!memory && !byConstant && op.unit() != Op.Unit.ALU && op != Op.BR && op != Op.CBR && op != Op.SREG) {
          return false; // a barrier, shuffle, fence, call or division
        }
        boolean free = switch (op) {
          case MOV, CVT, PTR_ADD, ADDR, SREG, BR, CBR -> true;
          default -> false;
        };
        if (!free && b != header && in != iv.step() && !invariantIn(in, header)) {
          body++;
        }
        if (memory && in.args().size() > 0 && scaled(in.arg(0), iv.v().id(), defs, new java.util.HashSet<>(), false)) {
          return false;
        }
      }
    }
    return body <= SMALL_BODY;
  }

  /** The instructions of {@code loop} that write each register. */
  private static Map<Integer, List<Insn>> definitions(List<Block> loop) {
    Map<Integer, List<Insn>> defs = new HashMap<>();
    for (Block b : loop) {
      for (Insn in : b.insns()) {
        if (in.dst() != null && in.op() != Op.ST) {
          defs.computeIfAbsent(in.dst().id(), k -> new java.util.ArrayList<>()).add(in);
        }
      }
    }
    return defs;
  }

  /** Whether {@code cbr}'s condition is computed before the loop headed by {@code header} (hoisted, or not written in it). */
  private boolean unswitched(Insn cbr, Map<Integer, List<Insn>> defs, Block header) {
    if (cbr.args().isEmpty() || !(cbr.arg(0) instanceof Reg c)) {
      return false;
    }
    List<Insn> d = defs.get(c.id());
    return d == null || d.size() == 1 && invariantIn(d.get(0), header);
  }

  /**
   * Whether the branch only picks a value (c ? 9 : 8, a > s[b] ? a : s[b]): each side one block of at
   * most four moves, arithmetic instructions and loads, the last a move into the register both sides
   * set, both joining at one block other than the loop's header; nvcc selects.
   */
  private static boolean selects(Insn cbr, Block header) {
    Block join = null;
    int target = -1;
    for (Block side : new Block[] {cbr.target(), cbr.elseTarget()}) {
      if (side == null || side.insns().size() > 5 || !side.isTerminated() || side.terminator().op() != Op.BR) {
        return false;
      }
      for (Insn in : side.insns()) {
        if (in != side.terminator() && in.op().unit() != Op.Unit.ALU && in.op() != Op.LD) {
          return false;
        }
      }
      if (join != null && join != side.terminator().target() || side.terminator().target() == header) {
        return false; // not one join, or a continue
      }
      join = side.terminator().target();
      Insn move = side.insns().size() < 2 ? null : side.insns().get(side.insns().size() - 2);
      if (move == null || move.op() != Op.MOV || move.dst() == null || target >= 0 && move.dst().id() != target) {
        return false; // each side ends by setting the one value picked
      }
      target = move.dst().id();
    }
    return true;
  }

  /**
   * Whether {@code o} is computed in the loop from the induction variable {@code v} through an
   * operation other than an addition, subtraction, multiplication, left shift, copy or conversion
   * ({@code through}: one such operation is already on the way). A loaded value ends the walk: an
   * address that follows a chain of loads steps with the data, not with the loop.
   */
  private static boolean scaled(Operand o, int v, Map<Integer, List<Insn>> defs, java.util.Set<Integer> seen, boolean through) {
    if (!(o instanceof Reg r)) {
      return false;
    }
    if (r.id() == v) {
      return through;
    }
    if (!seen.add(2 * r.id() + (through ? 1 : 0)) || !defs.containsKey(r.id())) {
      return false;
    }
    for (Insn d : defs.get(r.id())) {
      if (d.op() == Op.LD || d.op() == Op.ATOM) {
        continue;
      }
      boolean affine = switch (d.op()) {
        case ADD, SUB, MUL, SHL, MOV, CVT, PTR_ADD, ADDR, NEG -> true;
        default -> false;
      };
      for (Operand a : d.args()) {
        if (scaled(a, v, defs, seen, through || !affine)) {
          return true;
        }
      }
    }
    return false;
  }

  private void control(Insn in, Mode mode, int loop) {
    control(in, mode);
    if (loop >= 0 && ids.containsKey(in)) {
      loopOf.putIfAbsent(in, loop);
    }
  }

  private void control(Insn in, Mode mode) {
    if (in.op().unit() == Op.Unit.ALU || in.op() == Op.CBR || in.op() == Op.DIV || in.op() == Op.REM) {
      int id = ids.size();
      ids.putIfAbsent(in, id);
      modes.putIfAbsent(ids.get(in), mode);
    }
  }

  /** Trip counts nvcc unrolls completely (longer constant loops are unrolled 4 times, as runtime ones). */
  static final long FULL_UNROLL_TRIPS = 32;

  /**
   * A loop's induction variable v: the exit test compares it with {@code bound}, and the latch
   * sets it ({@code set}, a move or the step itself) from {@code step}, v = v op constant.
   */
  private record Induction(Reg v, Operand bound, Insn set, Insn step) {
    /** The exit test's operand the latch steps by a constant (ADD, SUB, MUL, SHL, SHR, DIV), or null. */
    static Induction of(Block header, Insn exit, Block latch) {
      Insn test = null;
      for (Insn in : header.insns()) {
        if (in.dst() != null && exit.args().size() > 0 && exit.arg(0) instanceof Reg r && in.dst().id() == r.id()) {
          test = in;
        }
      }
      if (test == null || test.op() != Op.SETP || test.args().size() != 2) {
        return null;
      }
      Map<Integer, Insn> defs = new HashMap<>();
      for (Insn in : latch.insns()) {
        if (in.dst() != null) {
          defs.put(in.dst().id(), in);
        }
      }
      for (int side = 0; side < 2; side++) {
        Operand tested = test.arg(side);
        // b < blockIdx.x compares an unsigned copy of b: the header converts it first.
        for (Insn in : header.insns()) {
          if (tested instanceof Reg t && in.dst() != null && in.dst().id() == t.id() && (in.op() == Op.CVT || in.op() == Op.MOV)
              && in.arg(0) instanceof Reg from && defs.containsKey(from.id())) {
            tested = from;
          }
        }
        if (!(tested instanceof Reg v) || defs.get(v.id()) == null) {
          continue;
        }
        Insn set = defs.get(v.id());
        Insn op = set.op() == Op.MOV && set.arg(0) instanceof Reg t ? defs.get(t.id()) : set;
        boolean steps = op != null && op.args().size() == 2 && op.arg(0) instanceof Reg a && isOrCopies(a, v, defs) && op.arg(1) instanceof Imm
            && switch (op.op()) {
              case ADD, SUB, MUL, SHL, SHR, DIV -> true;
              default -> false;
            };
        if (steps) {
          return new Induction(v, test.arg(1 - side), set, op);
        }
      }
      return null;
    }

    /** Whether {@code a} is {@code v}, or the latch's copy of it (v++ reads v into a copy, adds 1 and moves the sum back). */
    private static boolean isOrCopies(Reg a, Reg v, Map<Integer, Insn> defs) {
      Insn copy = defs.get(a.id());
      return a.id() == v.id() || copy != null && copy.op() == Op.MOV && copy.arg(0) instanceof Reg c && c.id() == v.id();
    }

    /**
     * FULL, RUNTIME, or null for a loop nvcc leaves rolled, given the block laid out before the
     * header (which enters the loop; null: none).
     */
    Mode mode(Block pre) {
      boolean additive = step.op() == Op.ADD || step.op() == Op.SUB;
      Long start = pre == null ? null : constantSet(pre);
      if (start != null && bound instanceof Imm b) {
        // A multiplicative or shifting step reaches any bound in a few dozen trips at most.
        long by = Math.max(1, Math.abs(((Imm) step.arg(1)).bits()));
        long trips = additive ? Math.abs(b.bits() - start) / by : 0;
        if (trips <= FULL_UNROLL_TRIPS) {
          return Mode.FULL;
        }
      }
      return additive ? Mode.RUNTIME : null;
    }

    /** The constant {@code pre} last sets v to, or null. */
    private Long constantSet(Block pre) {
      Insn last = null;
      for (Insn in : pre.insns()) {
        if (in.dst() != null && in.dst().id() == v.id()) {
          last = in;
        }
      }
      return last != null && last.op() == Op.MOV && last.arg(0) instanceof Imm c ? c.bits() : null;
    }
  }
}
