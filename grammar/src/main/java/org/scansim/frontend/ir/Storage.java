package org.scansim.frontend.ir;

import org.scansim.frontend.sema.Type;

/** Where the lowering keeps a C variable. */
sealed interface Storage {
  /** A scalar in a register. */
  record InReg(Reg reg) implements Storage {}

  /** A dim3 in three u32 registers. */
  record InDim3(Reg x, Reg y, Reg z) implements Storage {
    Reg component(String member) {
      return switch (member) {
        case "x" -> x;
        case "y" -> y;
        default -> z;
      };
    }
  }

  /** A struct parameter: the caller's copy, at the address in {@code ptr} (StructLowering). */
  record AtAddress(Reg ptr, Type type) implements Storage {}

  /** In memory, named by a {@link MemoryVar} of the function or the module. */
  record InMemory(String name, MemSpace space, Type type) implements Storage {}
}
