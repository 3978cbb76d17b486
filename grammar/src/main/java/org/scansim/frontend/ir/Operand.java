package org.scansim.frontend.ir;

/** An instruction operand: a register or an immediate. */
public sealed interface Operand permits Reg, Imm {
  IrType type();
}
