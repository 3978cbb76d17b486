package org.scansim.frontend.ir;

import java.util.ArrayList;
import java.util.List;
import org.scansim.frontend.diag.Span;

/** Registers, blocks and the insertion point of the function being lowered. */
final class FunctionBuilder {
  private final List<Reg> regs = new ArrayList<>();
  private final List<Block> blocks = new ArrayList<>();
  private final List<MemoryVar> memory = new ArrayList<>();
  /** Blocks in the order code was first placed in them: source order, the order they print in. */
  private final List<Block> layout = new ArrayList<>();
  private final java.util.Set<Block> placed = new java.util.HashSet<>();
  /** Names a memory variable of the function must not take: the module's globals. */
  private final java.util.Set<String> reserved = new java.util.HashSet<>();
  private Block current;

  FunctionBuilder() {
    setCurrent(newBlock("entry"));
  }

  Reg reg(IrType type, String name) {
    Reg r = new Reg(regs.size(), type, name);
    regs.add(r);
    return r;
  }

  Reg temp(IrType type) {
    return reg(type, null);
  }

  Block newBlock(String hint) {
    Block b = new Block(blocks.size(), hint);
    blocks.add(b);
    return b;
  }

  Block current() {
    return current;
  }

  void setCurrent(Block b) {
    if (placed.add(b)) {
      layout.add(b);
    }
    current = b;
  }

  /**
   * Appends to the current block. Code after a terminator (after {@code return} or {@code break})
   * is unreachable; it goes to a fresh block that {@link #finish} drops.
   */
  Insn emit(Insn i) {
    if (current.isTerminated()) {
      setCurrent(newBlock("dead"));
    }
    current.add(i);
    return i;
  }

  void branch(Block target, Span span) {
    if (!current.isTerminated()) {
      current.add(new Insn(Op.BR, null, span).target(target));
    }
  }

  void condBranch(Operand cond, Block then, Block els, Span span) {
    emit(new Insn(Op.CBR, IrType.PRED, span).args(cond).target(then).elseTarget(els));
  }

  /**
   * {@code for (i = from; i < to; i++) body(i)} with an i64 counter, its blocks named {@code
   * name.cond}, {@code name.body} and {@code name.end}; the current block is the end afterwards.
   */
  void countedLoop(String name, long from, long to, Span span, java.util.function.Consumer<Reg> body) {
    Reg i = temp(IrType.I64);
    emit(new Insn(Op.MOV, IrType.I64, span).dst(i).args(Imm.ofLong(IrType.I64, from)));
    Block cond = newBlock(name + ".cond");
    Block loop = newBlock(name + ".body");
    Block end = newBlock(name + ".end");
    branch(cond, span);
    setCurrent(cond);
    Reg more = temp(IrType.PRED);
    emit(new Insn(Op.SETP, IrType.I64, span).dst(more).cmp(Enums.Cmp.LT).args(i, Imm.ofLong(IrType.I64, to)));
    condBranch(more, loop, end, span);
    setCurrent(loop);
    body.accept(i);
    emit(new Insn(Op.ADD, IrType.I64, span).dst(i).args(i, Imm.ofLong(IrType.I64, 1)));
    branch(cond, span);
    setCurrent(end);
  }

  String memoryName(String wanted) {
    String name = wanted;
    int n = 1;
    while (hasMemory(name)) {
      name = wanted + "." + n++;
    }
    return name;
  }

  /**
   * Keeps {@code name} (a module global's) from the function's memory variables, so that an
   * {@code ADDR} names one variable only: a local array named like a global is renamed.
   */
  void reserve(String name) {
    reserved.add(name);
  }

  private boolean hasMemory(String name) {
    if (reserved.contains(name)) {
      return true;
    }
    for (MemoryVar m : memory) {
      if (m.name().equals(name)) {
        return true;
      }
    }
    return false;
  }

  void addMemory(MemoryVar m) {
    memory.add(m);
  }

  /**
   * The return at the closing brace. Flowing off the end of a non-void function is undefined if
   * the caller uses the value (C11 §6.9.1p12), and returns 0 from {@code main} (C++
   * [basic.start.main]p5); returning zero covers both and keeps every RET typed as the function.
   */
  private static Insn fallOffEnd(Span end, IrType returnType) {
    Insn ret = new Insn(Op.RET, returnType, end);
    return returnType == null ? ret : ret.args(StmtLowering.zero(returnType));
  }

  List<Reg> regs() {
    return regs;
  }

  List<MemoryVar> memory() {
    return memory;
  }

  /**
   * Terminates the last block, drops unreachable blocks, numbers the rest in order and computes
   * every CBR's reconvergence block. {@code returnType} is the function's (null for void).
   */
  List<Block> finish(Span end, IrType returnType) {
    if (!current.isTerminated()) {
      current.add(fallOffEnd(end, returnType));
    }
    for (Block b : blocks) {
      if (!b.isTerminated()) {
        b.add(fallOffEnd(end, returnType));
      }
    }
    List<Block> reachable = new ArrayList<>();
    java.util.Set<Block> seen = new java.util.HashSet<>();
    java.util.ArrayDeque<Block> work = new java.util.ArrayDeque<>();
    work.push(blocks.get(0));
    seen.add(blocks.get(0));
    while (!work.isEmpty()) {
      Block b = work.pop();
      for (Block s : b.successors()) {
        if (seen.add(s)) {
          work.push(s);
        }
      }
    }
    List<Block> ordered = new ArrayList<>(layout);
    for (Block b : blocks) {
      if (!placed.contains(b)) {
        ordered.add(b);
      }
    }
    for (Block b : ordered) {
      if (seen.contains(b)) {
        b.renumber(reachable.size());
        reachable.add(b);
      }
    }
    PostDominators.annotate(reachable);
    return reachable;
  }
}
