package org.scansim.frontend.ir;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.EnumSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The facts of {@link Op}'s table agree with each other and with what the instructions do. */
class OpTableTest {
  /** Instructions with an effect besides their result: never pure. */
  private static final Set<Op> EFFECTS = EnumSet.of(Op.ST, Op.ATOM, Op.BAR, Op.BAR_WARP, Op.FENCE, Op.CALL, Op.LAUNCH, Op.CUDA,
      Op.PRINTF, Op.ASSERT, Op.BR, Op.CBR, Op.RET);

  @Test
  void controlKindsAndUnitsAgree() {
    for (Op op : Op.values()) {
      boolean controlUnit = op.unit() == Op.Unit.CONTROL || op.unit() == Op.Unit.BARRIER;
      assertThat(op.isControl()).as(op.name()).isEqualTo(controlUnit);
    }
    assertThat(Op.CBR.control()).isEqualTo(Op.Control.BRANCH);
    assertThat(Op.BAR.control()).isEqualTo(Op.Control.BARRIER);
    assertThat(Op.BAR_WARP.control()).isEqualTo(Op.Control.WARP_BARRIER);
  }

  @Test
  void nothingWithAnEffectOrAFaultIsPure() {
    for (Op op : EFFECTS) {
      assertThat(op.pure()).as(op.name()).isFalse();
    }
    // Loads read memory another thread may write; division by zero faults in integer code.
    assertThat(Op.LD.pure()).isFalse();
    assertThat(Op.DIV.pure()).isFalse();
    assertThat(Op.REM.pure()).isFalse();
    assertThat(Op.ADD.pure()).isTrue();
  }

  @Test
  void theScanOperatorIsArithmeticOnTwoValues() {
    for (Op op : Op.values()) {
      if (op.mayApplyScanOperator()) {
        assertThat(op.unit()).as(op.name()).isIn(Op.Unit.ALU, Op.Unit.SPECIAL_FUNCTION);
        assertThat(op.taint()).as(op.name()).isEqualTo(Op.Taint.JOIN);
      }
    }
    // ⊕ as a scan writes it: +, *, min, max, &, |, ^; index arithmetic (shifts, addresses) is not work.
    assertThat(EnumSet.of(Op.ADD, Op.MUL, Op.MIN, Op.MAX, Op.AND, Op.OR, Op.XOR)).allMatch(Op::mayApplyScanOperator);
    assertThat(EnumSet.of(Op.SHL, Op.SHR, Op.PTR_ADD, Op.ADDR, Op.SETP, Op.MOV, Op.CVT)).noneMatch(Op::mayApplyScanOperator);
  }

  @Test
  void resultsThatCannotCarryTheInputClearTheTaint() {
    // A comparison's predicate, a special register and an address are never values of the input.
    assertThat(EnumSet.of(Op.SETP, Op.SREG, Op.PTR_ADD)).allMatch(op -> op.taint() == Op.Taint.CLEAR);
    assertThat(EnumSet.of(Op.MOV, Op.CVT)).allMatch(op -> op.taint() == Op.Taint.COPY);
  }
}
