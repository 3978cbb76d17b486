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
 * Instruction opcodes, each with its facts in one table (as GPGPU-Sim's {@code opcodes.def}): the
 * unit that executes it, whether it is pure (its result depends on its operands alone, and it has
 * no effect but its result: division is not, since it may fault), whether it may apply the scan
 * operator, what it does to control flow, how its result's taint (derived from the scan's input
 * or not) follows from its operands', its form (copy, unary, binary), what it does to memory, and
 * whether it is associative. Passes read these facts; a switch over the op remains only where the
 * meaning differs op by op (evaluation, printing, a model of nvcc's). Operand conventions are
 * documented on {@link Insn}'s factories.
 */
public enum Op {
  MOV(Unit.ALU, true, false, NONE, COPY, Form.COPY, Access.NONE, false),
  ADD(Unit.ALU, true, true, NONE, JOIN, Form.BINARY, Access.NONE, true),
  SUB(Unit.ALU, true, true, NONE, JOIN, Form.BINARY, Access.NONE, false),
  MUL(Unit.ALU, true, true, NONE, JOIN, Form.BINARY, Access.NONE, true),
  DIV(Unit.SPECIAL_FUNCTION, false, true, NONE, JOIN, Form.BINARY, Access.NONE, false),
  REM(Unit.SPECIAL_FUNCTION, false, true, NONE, JOIN, Form.BINARY, Access.NONE, false),
  AND(Unit.ALU, true, true, NONE, JOIN, Form.BINARY, Access.NONE, true),
  OR(Unit.ALU, true, true, NONE, JOIN, Form.BINARY, Access.NONE, true),
  XOR(Unit.ALU, true, true, NONE, JOIN, Form.BINARY, Access.NONE, true),
  SHL(Unit.ALU, true, false, NONE, JOIN, Form.BINARY, Access.NONE, false),
  SHR(Unit.ALU, true, false, NONE, JOIN, Form.BINARY, Access.NONE, false),
  NEG(Unit.ALU, true, false, NONE, JOIN, Form.UNARY, Access.NONE, false),
  NOT(Unit.ALU, true, false, NONE, JOIN, Form.UNARY, Access.NONE, false),
  /** Comparison producing a predicate; {@link Insn#cmp()} says which. */
  SETP(Unit.ALU, true, false, NONE, CLEAR, Form.OTHER, Access.NONE, false),
  /** Conversion to {@link Insn#type()} from the operand's type (C11 §6.3.1). */
  CVT(Unit.ALU, true, false, NONE, COPY, Form.COPY, Access.NONE, false),
  MIN(Unit.ALU, true, true, NONE, JOIN, Form.BINARY, Access.NONE, true),
  MAX(Unit.ALU, true, true, NONE, JOIN, Form.BINARY, Access.NONE, true),
  ABS(Unit.ALU, true, false, NONE, JOIN, Form.UNARY, Access.NONE, false),
  POPC(Unit.ALU, true, false, NONE, JOIN, Form.UNARY, Access.NONE, false),
  CLZ(Unit.ALU, true, false, NONE, JOIN, Form.UNARY, Access.NONE, false),
  FFS(Unit.ALU, true, false, NONE, JOIN, Form.UNARY, Access.NONE, false),
  /** dst = address of a variable in memory ({@link Insn#symbol()}, {@link Insn#space()}). */
  ADDR(Unit.ALU, true, false, NONE, CLEAR, Form.OTHER, Access.NONE, false),
  /** dst = ptr + index * scale (index is i64, scale in {@link Insn#imm()} bytes). */
  PTR_ADD(Unit.ALU, true, false, NONE, CLEAR, Form.OTHER, Access.NONE, false),
  /** dst (i64) = (ptrA - ptrB) / scale. */
  PTR_DIFF(Unit.ALU, true, false, NONE, CLEAR, Form.OTHER, Access.NONE, false),
  LD(Unit.MEMORY, false, false, NONE, JOIN, Form.OTHER, Access.READ, false),
  ST(Unit.MEMORY, false, false, NONE, JOIN, Form.OTHER, Access.WRITE, false),
  /** dst = a special register ({@link Insn#sreg()}). */
  SREG(Unit.ALU, false, false, NONE, CLEAR, Form.OTHER, Access.NONE, false),
  /** __syncthreads. */
  BAR(Unit.BARRIER, false, false, BARRIER, JOIN, Form.OTHER, Access.NONE, false),
  /** __syncwarp(mask). */
  BAR_WARP(Unit.BARRIER, false, false, WARP_BARRIER, JOIN, Form.OTHER, Access.NONE, false),
  /** __threadfence family; {@link Insn#fence()} gives the scope. */
  FENCE(Unit.MEMORY, false, false, NONE, JOIN, Form.OTHER, Access.NONE, false),
  /** dst = old value; args ptr, value[, value2 for CAS]. */
  ATOM(Unit.ATOMIC, false, false, NONE, JOIN, Form.OTHER, Access.READ_WRITE, false),
  /** dst = value from another lane; args mask, value, lane/delta/laneMask, width. */
  SHFL(Unit.WARP, false, false, NONE, JOIN, Form.OTHER, Access.NONE, false),
  /** dst = vote over the warp; args mask, predicate. */
  VOTE(Unit.WARP, false, false, NONE, JOIN, Form.OTHER, Access.NONE, false),
  ACTIVEMASK(Unit.WARP, false, false, NONE, CLEAR, Form.OTHER, Access.NONE, false),
  CALL(Unit.RUNTIME, false, false, NONE, JOIN, Form.OTHER, Access.NONE, false),
  /** args grid x,y,z, block x,y,z, shared bytes, then the kernel's arguments. */
  LAUNCH(Unit.RUNTIME, false, false, NONE, JOIN, Form.OTHER, Access.NONE, false),
  /** A CUDA runtime call; dst is the cudaError_t. */
  CUDA(Unit.RUNTIME, false, false, NONE, JOIN, Form.OTHER, Access.NONE, false),
  PRINTF(Unit.RUNTIME, false, false, NONE, JOIN, Form.OTHER, Access.NONE, false),
  ASSERT(Unit.RUNTIME, false, false, NONE, JOIN, Form.OTHER, Access.NONE, false),
  BR(Unit.CONTROL, false, false, JUMP, JOIN, Form.OTHER, Access.NONE, false),
  CBR(Unit.CONTROL, false, false, BRANCH, JOIN, Form.OTHER, Access.NONE, false),
  RET(Unit.CONTROL, false, false, RETURN, JOIN, Form.OTHER, Access.NONE, false);

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
    /** Never derived from the input (comparisons, special registers, addresses and pointer arithmetic, the active mask). */
    CLEAR,
    /** Derived from the input where the first operand is (copies, conversions). */
    COPY,
    /** Derived from the input where either operand is. */
    JOIN
  }

  /** The shape of an arithmetic instruction: what its result is made of. */
  public enum Form {
    /** The first operand's value, moved or converted: {@code MOV}, {@code CVT}. */
    COPY,
    /** A function of the first operand: negation, complement, absolute value, bit counts. */
    UNARY,
    /** A function of the first two operands: the arithmetic and logic operators, min and max. */
    BINARY,
    /** Anything else: memory, control, warp exchanges, runtime calls, addresses, comparisons. */
    OTHER
  }

  /** What an instruction does to memory through its address operand. */
  public enum Access {
    NONE,
    /** Reads and returns what it read ({@code LD}). */
    READ,
    /** Writes ({@code ST}). */
    WRITE,
    /** Reads, writes and returns the old value ({@code ATOM}). */
    READ_WRITE
  }

  private final Unit unit;
  private final boolean pure;
  private final boolean scanOperator;
  private final Control control;
  private final Taint taint;
  private final Form form;
  private final Access access;
  private final boolean associative;

  Op(Unit unit, boolean pure, boolean scanOperator, Control control, Taint taint, Form form, Access access, boolean associative) {
    this.unit = unit;
    this.pure = pure;
    this.scanOperator = scanOperator;
    this.control = control;
    this.taint = taint;
    this.form = form;
    this.access = access;
    this.associative = associative;
  }

  public Form form() {
    return form;
  }

  public Access access() {
    return access;
  }

  /** Whether it reads memory through its address (a load, an atomic). */
  public boolean reads() {
    return access == Access.READ || access == Access.READ_WRITE;
  }

  /** Associative and commutative, so a chain of it may be regrouped: {@code + * min max & | ^}. */
  public boolean associative() {
    return associative;
  }

  /** Computes a value from its operands in a lane (the arithmetic units'), as opposed to memory, control, warp or runtime. */
  public boolean computes() {
    return unit == Unit.ALU || unit == Unit.SPECIAL_FUNCTION;
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
