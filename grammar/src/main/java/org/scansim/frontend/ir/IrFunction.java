package org.scansim.frontend.ir;

import java.util.Collections;
import java.util.List;
import org.scansim.frontend.diag.Span;
import org.scansim.frontend.sema.Space;

/**
 * One function in IR: its parameters (the first registers), the return type (null for void), all
 * registers, the memory variables it declares (shared arrays, local arrays), and its blocks, the
 * first being the entry.
 */
public final class IrFunction {
  private final String name;
  private final Space space;
  private final List<Reg> params;
  private final IrType returnType;
  private final List<Reg> regs;
  private final List<MemoryVar> memory;
  private final List<Block> blocks;
  private final Span span;

  public IrFunction(
      String name, Space space, List<Reg> params, IrType returnType, List<Reg> regs, List<MemoryVar> memory,
      List<Block> blocks, Span span) {
    this.name = name;
    this.space = space;
    this.params = List.copyOf(params);
    this.returnType = returnType;
    this.regs = List.copyOf(regs);
    this.memory = List.copyOf(memory);
    this.blocks = List.copyOf(blocks);
    this.span = span;
  }

  public String name() {
    return name;
  }

  public Space space() {
    return space;
  }

  public boolean isKernel() {
    return space == Space.GLOBAL;
  }

  public List<Reg> params() {
    return params;
  }

  public IrType returnType() {
    return returnType;
  }

  public List<Reg> regs() {
    return regs;
  }

  public List<MemoryVar> memory() {
    return Collections.unmodifiableList(memory);
  }

  public List<Block> blocks() {
    return blocks;
  }

  public Block entry() {
    return blocks.get(0);
  }

  public Span span() {
    return span;
  }
}
