package org.scansim.frontend.ir;

/**
 * A virtual register of one function, numbered densely from 0 so the simulator can keep a warp's
 * registers in arrays. {@code name} is the C variable it holds, or null for a temporary.
 */
public record Reg(int id, IrType type, String name) implements Operand {
  @Override
  public String toString() {
    return name == null ? "%" + id : "%" + name + "." + id;
  }
}
