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
    if (module == null) {
      return;
    }
    for (IrFunction f : module.functions()) {
      if (f.space() != org.scansim.frontend.sema.Space.HOST) {
        function(f);
      }
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
      Mode mode = classify(f, blocks, at, header, latch, exit);
      if (mode == null) {
        continue;
      }
      for (Insn in : header.insns()) {
        control(in, mode);
      }
      // In the latch, only the induction variable's step and its move: a while loop's latch is its body.
      for (Insn in : stepInsns(latch, induction(header, exit, latch))) {
        control(in, mode);
      }
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
          if (invariant.contains(in) || in.op().unit() != Op.Unit.ALU || !in.op().pure() || in.dst() == null || defs.get(in.dst().id()) != 1) {
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
    if (in.op().unit() == Op.Unit.ALU || in.op() == Op.CBR) {
      int id = ids.size();
      ids.putIfAbsent(in, id);
      modes.putIfAbsent(ids.get(in), mode);
    }
  }

  /** The induction variable the exit test reads and the latch steps, or null. */
  private static Reg induction(Block header, Insn exit, Block latch) {
    Insn test = testOf(header, exit);
    if (test == null) {
      return null;
    }
    for (Operand a : test.args()) {
      if (a instanceof Reg v && stepOf(latch, v) != null) {
        return v;
      }
    }
    return null;
  }

  /** The latch's instructions that step v: its move and the operation it moves (v = v op constant). */
  private static List<Insn> stepInsns(Block latch, Reg v) {
    if (v == null) {
      return List.of();
    }
    Map<Integer, Insn> defs = new HashMap<>();
    for (Insn in : latch.insns()) {
      if (in.dst() != null) {
        defs.put(in.dst().id(), in);
      }
    }
    Insn set = defs.get(v.id());
    Insn op = set.op() == Op.MOV && set.arg(0) instanceof Reg t ? defs.get(t.id()) : null;
    return op == null ? List.of(set) : List.of(set, op);
  }

  private static Insn testOf(Block header, Insn exit) {
    Insn test = null;
    for (Insn in : header.insns()) {
      if (in.dst() != null && exit.args().size() > 0 && exit.arg(0) instanceof Reg r && in.dst().id() == r.id()) {
        test = in;
      }
    }
    return test;
  }

  /** Trip counts nvcc unrolls completely (longer constant loops are unrolled 4 times, as runtime ones). */
  static final long FULL_UNROLL_TRIPS = 32;

  /** FULL, RUNTIME, or null for a loop nvcc leaves rolled. */
  private static Mode classify(IrFunction f, List<Block> blocks, Map<Block, Integer> at, Block header, Block latch, Insn exit) {
    Insn test = testOf(header, exit);
    if (test == null || test.op() != Op.SETP || test.args().size() != 2) {
      return null;
    }
    // The induction variable: a register the latch sets from itself and a constant.
    for (int side = 0; side < 2; side++) {
      if (!(test.arg(side) instanceof Reg v)) {
        continue;
      }
      Op step = stepOf(latch, v);
      if (step == null) {
        continue;
      }
      Operand bound = test.arg(1 - side);
      Long start = constantBefore(blocks, at, header, latch, v);
      boolean additive = step == Op.ADD || step == Op.SUB;
      if (start != null && bound instanceof Imm b) {
        // A multiplicative or shifting step reaches any bound in a few dozen trips at most.
        long trips = additive ? Math.abs(b.bits() - start) / Math.max(1, Math.abs(stepConstant(latch, v))) : 0;
        if (trips <= FULL_UNROLL_TRIPS) {
          return Mode.FULL;
        }
      }
      return additive ? Mode.RUNTIME : null;
    }
    return null;
  }

  /** ADD, SUB, MUL, SHL or SHR when the latch sets v to v op constant (through a temporary and a move). */
  private static Op stepOf(Block latch, Reg v) {
    Map<Integer, Insn> defs = new HashMap<>();
    for (Insn in : latch.insns()) {
      if (in.dst() != null) {
        defs.put(in.dst().id(), in);
      }
    }
    Insn set = defs.get(v.id());
    if (set == null) {
      return null;
    }
    Insn op = set.op() == Op.MOV && set.arg(0) instanceof Reg t ? defs.get(t.id()) : set;
    if (op == null || op.args().size() != 2) {
      return null;
    }
    boolean self = op.arg(0) instanceof Reg a && a.id() == v.id() && op.arg(1) instanceof Imm;
    return self && switch (op.op()) {
      case ADD, SUB, MUL, SHL, SHR -> true;
      default -> false;
    } ? op.op() : null;
  }

  /** The constant of v's step (v = v op constant), or 1. */
  private static long stepConstant(Block latch, Reg v) {
    for (Insn in : stepInsns(latch, v)) {
      if (in.op() != Op.MOV && in.args().size() == 2 && in.arg(1) instanceof Imm c) {
        return c.bits();
      }
    }
    return 1;
  }

  /** The constant the block that enters the loop (the one laid out before the header) last sets v to, or null. */
  private static Long constantBefore(List<Block> blocks, Map<Block, Integer> at, Block header, Block latch, Reg v) {
    int h = at.get(header);
    if (h == 0) {
      return null;
    }
    Block pre = blocks.get(h - 1);
    Insn last = null;
    for (Insn in : pre.insns()) {
      if (in.dst() != null && in.dst().id() == v.id()) {
        last = in;
      }
    }
    return last != null && last.op() == Op.MOV && last.arg(0) instanceof Imm c ? c.bits() : null;
  }
}
