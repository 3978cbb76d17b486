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
 * unrolled 4 times: one execution in 4. Other loops (a multiplicative step to a bound known only
 * at run time) keep every instruction. Arithmetic the loop does not change is hoisted out of it and
 * never issues; nvcc runs it once before the loop, so an inner loop's invariant costs one issue
 * per outer iteration that the model leaves out.
 */
final class LoopControl {
  /** How often a control instruction issues: never, or once in {@link #UNROLL} executions. */
  enum Mode {
    FULL,
    RUNTIME
  }

  static final int UNROLL = 4;

  private final Map<Insn, Integer> ids = new IdentityHashMap<>();
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

  private void function(IrFunction f) {
    List<Block> blocks = f.blocks();
    Map<Block, Integer> at = new IdentityHashMap<>();
    for (int i = 0; i < blocks.size(); i++) {
      at.put(blocks.get(i), i);
    }
    for (int i = 0; i < blocks.size(); i++) {
      Block latch = blocks.get(i);
      Insn back = latch.isTerminated() ? latch.terminator() : null;
      if (back == null || back.op() != Op.BR || back.target() == null || at.getOrDefault(back.target(), i + 1) > i) {
        continue;
      }
      Block header = back.target();
      Insn exit = header.terminator();
      if (exit == null || exit.op() != Op.CBR) {
        continue;
      }
      hoist(blocks.subList(at.get(header), i + 1));
      Induction iv = Induction.of(header, exit, latch);
      Mode mode = iv == null ? null : iv.mode(at.get(header) == 0 ? null : blocks.get(at.get(header) - 1));
      if (mode == null) {
        continue;
      }
      for (Insn in : header.insns()) {
        control(in, mode);
      }
      // In the latch, only the induction variable's step and its move: a while loop's latch is its body.
      control(iv.set(), mode);
      control(iv.step(), mode);
    }
  }

  /**
   * Loop-invariant code motion, as nvcc does it: arithmetic in the loop whose operands the loop
   * does not change (found to a fixpoint) runs once before it, so it never issues in the loop.
   */
  private void hoist(List<Block> loop) {
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
        if (!(test.arg(side) instanceof Reg v) || defs.get(v.id()) == null) {
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
