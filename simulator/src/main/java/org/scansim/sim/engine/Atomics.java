package org.scansim.sim.engine;

import org.scansim.frontend.ir.IrType;

/** The read-modify-write of each atomic (CUDA C Guide §7.14), on register-form values. */
final class Atomics {
  private Atomics() {}

  static long apply(CInsn in, IrType t, long old, long v, long v2) {
    boolean unsigned = t == IrType.U32 || t == IrType.U64;
    return switch (in.ir.atomic()) {
      case ADD -> t == IrType.F32 ? Alu.f(Alu.f(old) + Alu.f(v)) : t == IrType.F64 ? Alu.d(Alu.d(old) + Alu.d(v)) : Alu.norm(t, old + v);
      case SUB -> Alu.norm(t, old - v);
      case EXCH -> v;
      case MIN -> unsigned ? (Long.compareUnsigned(old, v) <= 0 ? old : v) : Math.min(old, v);
      case MAX -> unsigned ? (Long.compareUnsigned(old, v) >= 0 ? old : v) : Math.max(old, v);
      case CAS -> old == v ? v2 : old; // atomicCAS(address, compare, val)
      case AND -> old & v;
      case OR -> old | v;
      case XOR -> old ^ v;
      // atomicInc/Dec wrap at the given limit (unsigned): ((old >= val) ? 0 : old + 1).
      case INC -> Long.compareUnsigned(old, v) >= 0 ? 0 : Alu.norm(t, old + 1);
      case DEC -> old == 0 || Long.compareUnsigned(old, v) > 0 ? v : Alu.norm(t, old - 1);
    };
  }
}
