package org.scansim.sim.exec;

import java.util.List;
import org.scansim.frontend.ir.IrFunction;
import org.scansim.frontend.ir.IrType;
import org.scansim.frontend.ir.MemoryVar;

/**
 * One kernel (or host function) ready to execute: device functions it calls are inlined, every
 * operand is a register index, constants live in registers {@code firstConstant..} with their
 * values in {@link #constants}. {@link #memory} lists the memory variables its ADDR
 * instructions name: its own and inlined callees' locals and shared arrays, then the module's.
 */
final class Code {
  final IrFunction function;
  final CInsn[] insns;
  final IrType[] regTypes;
  final int firstConstant;
  final long[] constants;
  final int[] params;
  final List<MemoryVar> memory;
  /** For each memory entry, whether it is a module-level (file-scope) variable. */
  final boolean[] moduleLevel;
  /** Per register: held once per warp ({@link Uniformity}); none until {@link #findUniform}. */
  boolean[] uniform;

  Code(IrFunction function, CInsn[] insns, IrType[] regTypes, int firstConstant, long[] constants, int[] params,
      List<MemoryVar> memory, boolean[] moduleLevel) {
    this.function = function;
    this.insns = insns;
    this.regTypes = regTypes;
    this.firstConstant = firstConstant;
    this.constants = constants;
    this.params = params;
    this.memory = memory;
    this.moduleLevel = moduleLevel;
    this.uniform = new boolean[regTypes.length];
  }

  /** Finds the uniform registers; the instructions writing them will run once per warp. */
  void findUniform() {
    uniform = Uniformity.analyse(insns, regTypes.length);
    for (CInsn in : insns) {
      in.once = in.dst >= 0 && uniform[in.dst];
    }
  }

  int registerCount() {
    return regTypes.length;
  }
}
