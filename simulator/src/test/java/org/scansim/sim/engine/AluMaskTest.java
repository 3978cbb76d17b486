package org.scansim.sim.engine;

import org.scansim.sim.result.Fault;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.scansim.frontend.diag.SourceFile;
import org.scansim.frontend.ir.Enums;
import org.scansim.frontend.ir.Insn;
import org.scansim.frontend.ir.IrType;
import org.scansim.frontend.ir.Op;
import org.scansim.frontend.ir.Reg;

/**
 * One instruction at a time under a partial mask, MGPUSim style: set lane values, execute,
 * assert every lane, inactive lanes unchanged included.
 */
class AluMaskTest {
  private static final int MASK = 0b1010_0110; // lanes 1, 2, 5, 7
  private static final long UNTOUCHED = 0x5A5A;

  private static CInsn insn(Op op, IrType type, IrType src) {
    Insn ir = new Insn(op, type, new SourceFile("t.cu", "x").span(0, 1)).dst(new Reg(0, type, null));
    return new CInsn(ir, src, 0, new int[] {1, 2}, 0);
  }

  private static long[] lanes(java.util.function.IntToLongFunction f) {
    long[] v = new long[32];
    for (int l = 0; l < 32; l++) {
      v[l] = f.applyAsLong(l);
    }
    return v;
  }

  private static long[] untouched() {
    return lanes(l -> UNTOUCHED);
  }

  private static void assertLanes(long[] d, java.util.function.IntToLongFunction expectedActive) {
    for (int l = 0; l < 32; l++) {
      long want = (MASK & (1 << l)) != 0 ? expectedActive.applyAsLong(l) : UNTOUCHED;
      assertThat(d[l]).as("lane %d", l).isEqualTo(want);
    }
  }

  @Test
  void addWrapsIn32Bits() {
    long[] d = untouched();
    Alu.binary(insn(Op.ADD, IrType.I32, IrType.I32), d, lanes(l -> Integer.MAX_VALUE), lanes(l -> l), MASK);
    assertLanes(d, l -> (int) (Integer.MAX_VALUE + (long) l));
  }

  @Test
  void unsignedSubtractWrapsToLargeValues() {
    long[] d = untouched();
    Alu.binary(insn(Op.SUB, IrType.U32, IrType.U32), d, lanes(l -> 0), lanes(l -> l), MASK);
    assertLanes(d, l -> (0L - l) & 0xFFFF_FFFFL);
  }

  @Test
  void floatAddUsesSinglePrecision() {
    long[] d = untouched();
    Alu.binary(insn(Op.ADD, IrType.F32, IrType.F32), d, lanes(l -> Alu.f(16777216f)), lanes(l -> Alu.f(1f)), MASK);
    assertLanes(d, l -> Alu.f(16777216f)); // 2^24 + 1 rounds back to 2^24 in float
  }

  @Test
  void shiftsByTheWidthSaturateAsPtx() {
    long[] d = untouched();
    Alu.binary(insn(Op.SHL, IrType.I32, IrType.I32), d, lanes(l -> 1), lanes(l -> 30 + l), MASK);
    assertLanes(d, l -> 30 + l >= 32 ? 0 : (int) (1L << (30 + l)));
    long[] s = untouched();
    Alu.binary(insn(Op.SHR, IrType.I32, IrType.I32), s, lanes(l -> -8), lanes(l -> 40), MASK);
    assertLanes(s, l -> -1); // arithmetic shift of a negative value by >= 32 fills with ones
  }

  @Test
  void unsignedComparison() {
    CInsn lt = new CInsn(new Insn(Op.SETP, IrType.U32, new SourceFile("t.cu", "x").span(0, 1)).cmp(Enums.Cmp.LT)
        .dst(new Reg(0, IrType.PRED, null)), IrType.U32, 0, new int[] {1, 2}, 0);
    long[] d = untouched();
    Alu.compare(lt, d, lanes(l -> 0xFFFF_FFFFL), lanes(l -> 1), MASK); // (unsigned)-1 < 1 is false
    assertLanes(d, l -> 0);
  }

  @Test
  void floatToUnsignedSaturatesAndTruncates() {
    long[] d = untouched();
    Alu.convert(insn(Op.CVT, IrType.U32, IrType.F32), d, lanes(l -> Alu.f(l == 1 ? -3.7f : l == 2 ? 5e9f : 2.9f)), MASK);
    assertLanes(d, l -> l == 1 ? 0 : l == 2 ? 0xFFFF_FFFFL : 2);
  }

  @Test
  void integerDivisionByZeroIsAFault() {
    long[] d = untouched();
    org.assertj.core.api.Assertions.assertThatThrownBy(
            () -> Alu.binary(insn(Op.DIV, IrType.I32, IrType.I32), d, lanes(l -> 1), lanes(l -> l == 5 ? 0 : 1), MASK))
        .isInstanceOf(Fault.class)
        .hasMessageContaining("division by zero");
  }
}
