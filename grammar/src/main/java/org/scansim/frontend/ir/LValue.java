package org.scansim.frontend.ir;

import org.scansim.frontend.sema.Type;

/** An assignable location found by the expression lowering. */
sealed interface LValue {
  Type type();

  record OfReg(Reg reg, Type type) implements LValue {}

  /** {@code ptr} addresses the object; {@code space} is what the lowering knows of it. */
  record OfMemory(Operand ptr, MemSpace space, boolean isVolatile, Type type) implements LValue {}
}
