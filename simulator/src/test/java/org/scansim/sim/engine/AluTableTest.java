package org.scansim.sim.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.function.LongBinaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.scansim.frontend.diag.SourceFile;
import org.scansim.frontend.ir.Insn;
import org.scansim.frontend.ir.IrType;
import org.scansim.frontend.ir.Op;
import org.scansim.frontend.ir.Reg;

/**
 * Every arithmetic instruction under a partial mask against a reference written with Java's own
 * int/long/float semantics (which C's agree with for these operations): active lanes get the
 * reference value, inactive lanes keep what they held.
 */
class AluTableTest {
  private static final int MASK = 0x8421_0F0F;
  private static final long KEEP = 0x1234;

  private record Case(Op op, IrType type, LongBinaryOperator ref) {}

  private static long i32(long v) {
    return (int) v;
  }

  private static long u32(long v) {
    return v & 0xFFFF_FFFFL;
  }

  private static final List<Case> BINARY = List.of(
      new Case(Op.ADD, IrType.I32, (a, b) -> i32(a + b)),
      new Case(Op.SUB, IrType.I32, (a, b) -> i32(a - b)),
      new Case(Op.MUL, IrType.I32, (a, b) -> i32((int) a * (int) b)),
      new Case(Op.DIV, IrType.I32, (a, b) -> i32((int) a / (int) b)),
      new Case(Op.REM, IrType.I32, (a, b) -> i32((int) a % (int) b)),
      new Case(Op.AND, IrType.I32, (a, b) -> i32(a & b)),
      new Case(Op.OR, IrType.I32, (a, b) -> i32(a | b)),
      new Case(Op.XOR, IrType.I32, (a, b) -> i32(a ^ b)),
      new Case(Op.MIN, IrType.I32, (a, b) -> Math.min((int) a, (int) b)),
      new Case(Op.MAX, IrType.I32, (a, b) -> Math.max((int) a, (int) b)),
      new Case(Op.DIV, IrType.U32, (a, b) -> Integer.toUnsignedLong(Integer.divideUnsigned((int) a, (int) b))),
      new Case(Op.REM, IrType.U32, (a, b) -> Integer.toUnsignedLong(Integer.remainderUnsigned((int) a, (int) b))),
      new Case(Op.MIN, IrType.U32, (a, b) -> Integer.compareUnsigned((int) a, (int) b) <= 0 ? u32(a) : u32(b)),
      new Case(Op.MUL, IrType.U32, (a, b) -> u32(a * b)),
      new Case(Op.ADD, IrType.I64, Long::sum),
      new Case(Op.MUL, IrType.U64, (a, b) -> a * b),
      new Case(Op.DIV, IrType.U64, Long::divideUnsigned),
      new Case(Op.SHR, IrType.U32, (a, b) -> u32(a) >>> b),
      new Case(Op.SHR, IrType.I32, (a, b) -> i32(a) >> b),
      new Case(Op.ADD, IrType.F32, (a, b) -> Alu.f(Alu.f(a) + Alu.f(b))),
      new Case(Op.MUL, IrType.F32, (a, b) -> Alu.f(Alu.f(a) * Alu.f(b))),
      new Case(Op.DIV, IrType.F32, (a, b) -> Alu.f(Alu.f(a) / Alu.f(b))),
      new Case(Op.SUB, IrType.F64, (a, b) -> Alu.d(Alu.d(a) - Alu.d(b))),
      new Case(Op.MAX, IrType.F32, (a, b) -> Alu.f(Math.max(Alu.f(a), Alu.f(b)))));

  private static final List<Case> UNARY = List.of(
      new Case(Op.NEG, IrType.I32, (a, b) -> i32(-a)),
      new Case(Op.NOT, IrType.I32, (a, b) -> i32(~a)),
      new Case(Op.NOT, IrType.PRED, (a, b) -> a == 0 ? 1 : 0),
      new Case(Op.ABS, IrType.I32, (a, b) -> Math.abs((int) a)),
      new Case(Op.POPC, IrType.U32, (a, b) -> Integer.bitCount((int) a)),
      new Case(Op.CLZ, IrType.I32, (a, b) -> Integer.numberOfLeadingZeros((int) a)),
      new Case(Op.FFS, IrType.I32, (a, b) -> (int) a == 0 ? 0 : Integer.numberOfTrailingZeros((int) a) + 1),
      new Case(Op.NEG, IrType.F32, (a, b) -> Alu.f(-Alu.f(a))));

  /** Operand values in register form for lane l of type t (never a zero divisor). */
  private static long value(IrType t, int l, boolean divisor) {
    long raw = (l * 2654435761L) ^ (l * 40503L << 7);
    return switch (t) {
      case F32 -> Alu.f((float) ((divisor ? 1 + l : l - 13) * 0.375));
      case F64 -> Alu.d((divisor ? 1 + l : l - 13) * 0.375);
      case PRED -> l % 3 == 0 ? 1 : 0;
      case I32 -> divisor ? (l % 2 == 0 ? l + 1 : -(l + 3)) : i32(raw - 0x4000_0000L);
      case U32 -> divisor ? l + 1 : u32(raw);
      default -> divisor ? l + 1 : raw - (1L << 40);
    };
  }

  private static CInsn insn(Op op, IrType t) {
    Insn ir = new Insn(op, t, new SourceFile("t.cu", "x").span(0, 1)).dst(new Reg(0, t, null));
    return new CInsn(ir, t, 0, new int[] {1, 2}, 0);
  }

  @TestFactory
  Stream<DynamicTest> everyArithmeticInstructionUnderAPartialMask() {
    Stream<DynamicTest> binary = BINARY.stream().map(c -> DynamicTest.dynamicTest(c.op() + "." + c.type(), () -> {
      long[] a = new long[32];
      long[] b = new long[32];
      long[] d = new long[32];
      for (int l = 0; l < 32; l++) {
        a[l] = value(c.type(), l, false);
        b[l] = c.op() == Op.SHR ? l : value(c.type(), l, c.op() == Op.DIV || c.op() == Op.REM);
        d[l] = KEEP;
      }
      Alu.binary(insn(c.op(), c.type()), d, a, b, MASK);
      check(d, l -> c.ref().applyAsLong(a[l], b[l]));
    }));
    Stream<DynamicTest> unary = UNARY.stream().map(c -> DynamicTest.dynamicTest(c.op() + "." + c.type(), () -> {
      long[] a = new long[32];
      long[] d = new long[32];
      for (int l = 0; l < 32; l++) {
        a[l] = value(c.type(), l, false);
        d[l] = KEEP;
      }
      Alu.unary(insn(c.op(), c.type()), d, a, MASK);
      check(d, l -> c.ref().applyAsLong(a[l], 0));
    }));
    return Stream.concat(binary, unary);
  }

  private static void check(long[] d, java.util.function.IntToLongFunction want) {
    for (int l = 0; l < 32; l++) {
      long expected = (MASK & (1 << l)) != 0 ? want.applyAsLong(l) : KEEP;
      assertThat(d[l]).as("lane %d", l).isEqualTo(expected);
    }
  }
}
