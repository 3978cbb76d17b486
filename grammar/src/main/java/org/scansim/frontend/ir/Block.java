package org.scansim.frontend.ir;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** A basic block: straight-line instructions ending in exactly one terminator (BR, CBR, RET). */
public final class Block {
  private int id;
  private final String hint;
  private final List<Insn> insns = new ArrayList<>();

  public Block(int id, String hint) {
    this.id = id;
    this.hint = hint;
  }

  public int id() {
    return id;
  }

  void renumber(int newId) {
    this.id = newId;
  }

  /** What the block is for ("for.cond", "if.then"), for printing. */
  public String hint() {
    return hint;
  }

  public String label() {
    return "bb" + id + (hint == null ? "" : "." + hint);
  }

  public List<Insn> insns() {
    return Collections.unmodifiableList(insns);
  }

  public Insn terminator() {
    return insns.isEmpty() ? null : insns.get(insns.size() - 1);
  }

  public boolean isTerminated() {
    Insn t = terminator();
    return t != null && t.isTerminator();
  }

  void add(Insn i) {
    insns.add(i);
  }

  /** Successor blocks in order (true branch first). */
  public List<Block> successors() {
    Insn t = terminator();
    if (t == null) {
      return List.of();
    }
    return switch (t.op().control()) {
      case JUMP -> List.of(t.target());
      case BRANCH -> t.target() == t.elseTarget() ? List.of(t.target()) : List.of(t.target(), t.elseTarget());
      case NONE, RETURN, BARRIER, WARP_BARRIER -> List.of();
    };
  }

  @Override
  public String toString() {
    return label();
  }
}
