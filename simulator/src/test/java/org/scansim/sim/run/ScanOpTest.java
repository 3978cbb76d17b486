package org.scansim.sim.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.scansim.frontend.ir.IrType;
import org.scansim.sim.engine.Alu;

/** The reference scans of --op, worked by hand on small inputs. */
class ScanOpTest {
  @Test
  void identitiesAreThoseOfTheOperatorInTheElementType() {
    assertThat(ScanOp.MAX.identity(IrType.I32)).isEqualTo(Integer.MIN_VALUE);
    assertThat(ScanOp.MAX.identity(IrType.U32)).isZero();
    assertThat(ScanOp.MIN.identity(IrType.I32)).isEqualTo(Integer.MAX_VALUE);
    assertThat(ScanOp.MIN.identity(IrType.U32)).isEqualTo(0xFFFF_FFFFL);
    assertThat(ScanOp.MIN.identity(IrType.I64)).isEqualTo(Long.MAX_VALUE);
    assertThat(Alu.toDouble(IrType.F32, ScanOp.MAX.identity(IrType.F32))).isEqualTo(Double.NEGATIVE_INFINITY);
    assertThat(Alu.toDouble(IrType.F64, ScanOp.PROD.identity(IrType.F64))).isEqualTo(1.0);
    assertThat(ScanOp.AND.identity(IrType.I32)).isEqualTo(-1L);
    assertThat(ScanOp.AND.identity(IrType.U32)).isEqualTo(0xFFFF_FFFFL);
  }

  @Test
  void integerArithmeticWrapsAsTheTypeDoes() {
    assertThat(ScanOp.SUM.apply(IrType.I32, Integer.MAX_VALUE, 1)).isEqualTo(Integer.MIN_VALUE);
    assertThat(ScanOp.PROD.apply(IrType.U32, 1L << 31, 2)).isZero();
    assertThat(ScanOp.MAX.apply(IrType.U32, 0xFFFF_FFFFL, 1)).isEqualTo(0xFFFF_FFFFL); // unsigned: all ones is the largest
    assertThat(ScanOp.MAX.apply(IrType.I32, -1, 1)).isEqualTo(1);
    assertThat(ScanOp.XOR.apply(IrType.I32, 6, 3)).isEqualTo(5);
  }

  @Test
  void theInputsOfAProductAreOnesAndTwos() {
    long bound = Inputs.bound(1000);
    for (int i = 0; i < 1000; i++) {
      assertThat(ScanOp.PROD.input(i, bound)).isIn(1.0, 2.0);
      assertThat(ScanOp.MAX.input(i, bound)).isEqualTo(Inputs.element(i, bound));
    }
    assertThat(ScanOp.PROD.inputs(1000)).isEqualTo("values 1 and 2");
    assertThat(ScanOp.SUM.inputs(1000)).isEqualTo("values 0..7");
  }

  @Test
  void mismatchesNameTheFirstWrongOutputsWithTheirExpectedValues() {
    int n = 6;
    long bound = Inputs.bound(n);
    long[] x = new long[n];
    for (int i = 0; i < n; i++) {
      x[i] = (long) Inputs.element(i, bound);
    }
    // The exclusive max scan by hand: INT_MIN, then the running maximum of the inputs before.
    long[] want = new long[n];
    want[0] = Integer.MIN_VALUE;
    for (int i = 1; i < n; i++) {
      want[i] = i == 1 ? x[0] : Math.max(want[i - 1], x[i - 1]);
    }
    assertThat(ScanOp.MAX.mismatches(i -> want[i], IrType.I32, n, true)).isEmpty();
    long[] wrong = want.clone();
    wrong[0] = 0;
    assertThat(ScanOp.MAX.mismatches(i -> wrong[i], IrType.I32, n, true)).containsExactly("out[0] = 0, expected -2147483648");
  }

  @Test
  void anUnknownOperatorIsRefusedWithTheList() {
    assertThat(ScanOp.parse("XOR")).isEqualTo(ScanOp.XOR);
    assertThatThrownBy(() -> ScanOp.parse("avg")).hasMessage("--op takes sum, max, min, prod, and, or or xor, not 'avg'");
    assertThat(ScanOp.AND.appliesTo(IrType.F32)).isFalse();
    assertThat(ScanOp.MAX.appliesTo(IrType.F64)).isTrue();
  }
}
