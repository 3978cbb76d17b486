package org.scansim.frontend.ir;

/** Instruction opcodes. Operand conventions are documented on {@link Insn}'s factories. */
public enum Op {
  MOV, ADD, SUB, MUL, DIV, REM, AND, OR, XOR, SHL, SHR, NEG, NOT,
  /** Comparison producing a predicate; {@link Insn#cmp()} says which. */
  SETP,
  /** Conversion to {@link Insn#type()} from the operand's type (C11 §6.3.1). */
  CVT,
  MIN, MAX, ABS, POPC, CLZ, FFS,
  /** dst = address of a variable in memory ({@link Insn#symbol()}, {@link Insn#space()}). */
  ADDR,
  /** dst = ptr + index * scale (index is i64, scale in {@link Insn#imm()} bytes). */
  PTR_ADD,
  /** dst (i64) = (ptrA - ptrB) / scale. */
  PTR_DIFF,
  LD, ST,
  /** dst = a special register ({@link Insn#sreg()}). */
  SREG,
  /** __syncthreads. */
  BAR,
  /** __syncwarp(mask). */
  BAR_WARP,
  /** __threadfence family; {@link Insn#fence()} gives the scope. */
  FENCE,
  /** dst = old value; args ptr, value[, value2 for CAS]. */
  ATOM,
  /** dst = value from another lane; args mask, value, lane/delta/laneMask, width. */
  SHFL,
  /** dst = vote over the warp; args mask, predicate. */
  VOTE,
  ACTIVEMASK,
  CALL,
  /** args grid x,y,z, block x,y,z, shared bytes, then the kernel's arguments. */
  LAUNCH,
  /** A CUDA runtime call; dst is the cudaError_t. */
  CUDA,
  PRINTF,
  ASSERT,
  BR,
  CBR,
  RET
}
