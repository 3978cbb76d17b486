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

  String memoryName(String wanted) {
    String name = wanted;
    int n = 1;
    while (hasMemory(name)) {
      name = wanted + "." + n++;
    }
    return name;
  }

  private boolean hasMemory(String name) {
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

  List<Reg> regs() {
    return regs;
  }

  List<MemoryVar> memory() {
    return memory;
  }

  /**
   * Terminates the last block, drops unreachable blocks, numbers the rest in order and computes
   * every CBR's reconvergence block.
   */
  List<Block> finish(Span end) {
    if (!current.isTerminated()) {
      current.add(new Insn(Op.RET, null, end));
    }
    for (Block b : blocks) {
      if (!b.isTerminated()) {
        b.add(new Insn(Op.RET, null, end));
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
