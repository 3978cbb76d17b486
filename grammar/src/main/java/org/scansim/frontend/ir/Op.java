package org.scansim.frontend.ir;

import static org.scansim.frontend.ir.Op.Control.BARRIER;
import static org.scansim.frontend.ir.Op.Control.BRANCH;
import static org.scansim.frontend.ir.Op.Control.JUMP;
import static org.scansim.frontend.ir.Op.Control.NONE;
import static org.scansim.frontend.ir.Op.Control.RETURN;
import static org.scansim.frontend.ir.Op.Control.WARP_BARRIER;
import static org.scansim.frontend.ir.Op.Taint.CLEAR;
import static org.scansim.frontend.ir.Op.Taint.COPY;
import static org.scansim.frontend.ir.Op.Taint.JOIN;

/**
 * Instruction opcodes, each with its facts in one table: the unit that executes it, whether it is
 * pure (its result depends on its operands alone, and it has no effect but its result: division
 * is not, since it may fault), whether it
 * may apply the scan operator, what it does to control flow, and how its result's taint (derived
 * from the scan's input or not) follows from its operands'. Operand conventions are documented on
 * {@link Insn}'s factories.
 */
public enum Op {
  MOV(Unit.ALU, true, false, NONE, COPY),
  ADD(Unit.ALU, true, true, NONE, JOIN),
  SUB(Unit.ALU, true, true, NONE, JOIN),
  MUL(Unit.ALU, true, true, NONE, JOIN),
  DIV(Unit.SPECIAL_FUNCTION, false, true, NONE, JOIN),
  REM(Unit.SPECIAL_FUNCTION, false, true, NONE, JOIN),
  AND(Unit.ALU, true, true, NONE, JOIN),
  OR(Unit.ALU, true, true, NONE, JOIN),
  XOR(Unit.ALU, true, true, NONE, JOIN),
  SHL(Unit.ALU, true, false, NONE, JOIN),
  SHR(Unit.ALU, true, false, NONE, JOIN),
  NEG(Unit.ALU, true, false, NONE, JOIN),
  NOT(Unit.ALU, true, false, NONE, JOIN),
  /** Comparison producing a predicate; {@link Insn#cmp()} says which. */
  SETP(Unit.ALU, true, false, NONE, CLEAR),
  /** Conversion to {@link Insn#type()} from the operand's type (C11 §6.3.1). */
  CVT(Unit.ALU, true, false, NONE, COPY),
  MIN(Unit.ALU, true, true, NONE, JOIN),
  MAX(Unit.ALU, true, true, NONE, JOIN),
  ABS(Unit.ALU, true, false, NONE, JOIN),
  POPC(Unit.ALU, true, false, NONE, JOIN),
  CLZ(Unit.ALU, true, false, NONE, JOIN),
  FFS(Unit.ALU, true, false, NONE, JOIN),
  /** dst = address of a variable in memory ({@link Insn#symbol()}, {@link Insn#space()}). */
  ADDR(Unit.ALU, true, false, NONE, JOIN),
  /** dst = ptr + index * scale (index is i64, scale in {@link Insn#imm()} bytes). */
  PTR_ADD(Unit.ALU, true, false, NONE, CLEAR),
  /** dst (i64) = (ptrA - ptrB) / scale. */
  PTR_DIFF(Unit.ALU, true, false, NONE, JOIN),
  LD(Unit.MEMORY, false, false, NONE, JOIN),
  ST(Unit.MEMORY, false, false, NONE, JOIN),
  /** dst = a special register ({@link Insn#sreg()}). */
  SREG(Unit.ALU, false, false, NONE, CLEAR),
  /** __syncthreads. */
  BAR(Unit.BARRIER, false, false, BARRIER, JOIN),
  /** __syncwarp(mask). */
  BAR_WARP(Unit.BARRIER, false, false, WARP_BARRIER, JOIN),
  /** __threadfence family; {@link Insn#fence()} gives the scope. */
  FENCE(Unit.MEMORY, false, false, NONE, JOIN),
  /** dst = old value; args ptr, value[, value2 for CAS]. */
  ATOM(Unit.ATOMIC, false, false, NONE, JOIN),
  /** dst = value from another lane; args mask, value, lane/delta/laneMask, width. */
  SHFL(Unit.WARP, false, false, NONE, JOIN),
  /** dst = vote over the warp; args mask, predicate. */
  VOTE(Unit.WARP, false, false, NONE, JOIN),
  ACTIVEMASK(Unit.WARP, false, false, NONE, JOIN),
  CALL(Unit.RUNTIME, false, false, NONE, JOIN),
  /** args grid x,y,z, block x,y,z, shared bytes, then the kernel's arguments. */
  LAUNCH(Unit.RUNTIME, false, false, NONE, JOIN),
  /** A CUDA runtime call; dst is the cudaError_t. */
  CUDA(Unit.RUNTIME, false, false, NONE, JOIN),
  PRINTF(Unit.RUNTIME, false, false, NONE, JOIN),
  ASSERT(Unit.RUNTIME, false, false, NONE, JOIN),
  BR(Unit.CONTROL, false, false, JUMP, JOIN),
  CBR(Unit.CONTROL, false, false, BRANCH, JOIN),
  RET(Unit.CONTROL, false, false, RETURN, JOIN);

  /** The class of unit that executes an instruction, as a timing model groups them. */
  public enum Unit {
    /** Integer and floating-point arithmetic, logic, comparisons, conversions, moves, addresses. */
    ALU,
    /** Sequences through the special-function unit's reciprocal: division and remainder. */
    SPECIAL_FUNCTION,
    /** Loads, stores and fences (the space is known only when the instruction runs). */
    MEMORY,
    ATOMIC,
    /** {@code __syncthreads} and {@code __syncwarp}. */
    BARRIER,
    /** Shuffles, votes and the active mask: lanes of one warp exchange values. */
    WARP,
    /** Jumps, branches and returns. */
    CONTROL,
    /** Calls into the runtime or host code: printf, assert, launches, CUDA calls, (host) calls. */
    RUNTIME
  }

  /** What an instruction does to a warp's control flow. */
  public enum Control {
    NONE,
    JUMP,
    BRANCH,
    RETURN,
    BARRIER,
    WARP_BARRIER
  }

  /** How a result's taint (derived from the scan's input) follows from the operands'. */
  public enum Taint {
    /** Never derived from the input (comparisons, special registers, pointer arithmetic). */
    CLEAR,
    /** Derived from the input where the first operand is (copies, conversions). */
    COPY,
    /** Derived from the input where either operand is. */
    JOIN
  }

  private final Unit unit;
  private final boolean pure;
  private final boolean scanOperator;
  private final Control control;
  private final Taint taint;

  Op(Unit unit, boolean pure, boolean scanOperator, Control control, Taint taint) {
    this.unit = unit;
    this.pure = pure;
    this.scanOperator = scanOperator;
    this.control = control;
    this.taint = taint;
  }

  public Unit unit() {
    return unit;
  }

  /** The result depends on the operands alone, and the instruction has no other effect. */
  public boolean pure() {
    return pure;
  }

  /**
   * An application of the scan operator when an operand is derived from the input and the type
   * is not a predicate (every arithmetic operation that can combine two partial sums: the work of docs/engine.md, "What a report counts").
   */
  public boolean mayApplyScanOperator() {
    return scanOperator;
  }

  public Control control() {
    return control;
  }

  /** Whether the instruction changes where the warp goes next or waits: a branch, jump, return or barrier. */
  public boolean isControl() {
    return control != Control.NONE;
  }

  public Taint taint() {
    return taint;
  }
}
