package org.scansim.frontend.sema;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The usual arithmetic conversions against C11 §6.3.1.8 on LP64, case by case. */
class ConversionsTest {

  @Test
  void integerPromotionWidensSmallTypesToInt() {
    assertThat(Conversions.promote(Scalar.BOOL)).isEqualTo(Scalar.INT);
    assertThat(Conversions.promote(Scalar.CHAR)).isEqualTo(Scalar.INT);
    assertThat(Conversions.promote(Scalar.UCHAR)).isEqualTo(Scalar.INT);
    assertThat(Conversions.promote(Scalar.USHORT)).isEqualTo(Scalar.INT);
    assertThat(Conversions.promote(Scalar.UINT)).isEqualTo(Scalar.UINT);
    assertThat(Conversions.promote(Scalar.FLOAT)).isEqualTo(Scalar.FLOAT);
  }

  @Test
  void signedMeetsUnsignedOfSameRankBecomesUnsigned() {
    assertThat(Conversions.common(Scalar.INT, Scalar.UINT)).isEqualTo(Scalar.UINT);
    assertThat(Conversions.common(Scalar.LONG, Scalar.ULONG)).isEqualTo(Scalar.ULONG);
  }

  @Test
  void widerSignedTypeAbsorbsNarrowerUnsigned() {
    // long can represent every unsigned int on LP64.
    assertThat(Conversions.common(Scalar.LONG, Scalar.UINT)).isEqualTo(Scalar.LONG);
    assertThat(Conversions.common(Scalar.UINT, Scalar.LLONG)).isEqualTo(Scalar.LLONG);
  }

  @Test
  void signedOfHigherRankButSameSizeBecomesItsUnsignedCounterpart() {
    // long long has a higher rank than unsigned long but cannot represent all of it.
    assertThat(Conversions.common(Scalar.LLONG, Scalar.ULONG)).isEqualTo(Scalar.ULLONG);
  }

  @Test
  void floatingTypesWin() {
    assertThat(Conversions.common(Scalar.FLOAT, Scalar.ULLONG)).isEqualTo(Scalar.FLOAT);
    assertThat(Conversions.common(Scalar.FLOAT, Scalar.DOUBLE)).isEqualTo(Scalar.DOUBLE);
    assertThat(Conversions.common(Scalar.CHAR, Scalar.SHORT)).isEqualTo(Scalar.INT);
  }

  @Test
  void wrapFollowsTwosComplementTruncation() {
    assertThat(Conversions.wrap(-1, Scalar.UINT)).isEqualTo(4294967295L);
    assertThat(Conversions.wrap(4294967296L + 5, Scalar.INT)).isEqualTo(5);
    assertThat(Conversions.wrap(200, Scalar.CHAR)).isEqualTo(-56);
    assertThat(Conversions.wrap(70000, Scalar.USHORT)).isEqualTo(70000 - 65536);
    assertThat(Conversions.wrap(42, Scalar.BOOL)).isEqualTo(1);
  }

  @Test
  void pointerAssignabilityFollowsCxx() {
    Type floatPtr = Type.pointerTo(Type.FLOAT);
    Type constFloatPtr = new Type.Pointer(Type.FLOAT, true, false);
    Type voidPtr = Type.pointerTo(Type.VOID);
    assertThat(Conversions.assignable(constFloatPtr, floatPtr, null)).isTrue();
    assertThat(Conversions.assignable(floatPtr, constFloatPtr, null)).as("dropping const").isFalse();
    assertThat(Conversions.assignable(voidPtr, floatPtr, null)).isTrue();
    assertThat(Conversions.assignable(floatPtr, voidPtr, null)).as("void* needs a cast in C++").isFalse();
    assertThat(Conversions.assignable(floatPtr, Type.NULL, null)).isTrue();
    assertThat(Conversions.assignable(floatPtr, Type.INT, 0L)).as("literal 0 is a null pointer constant").isTrue();
    assertThat(Conversions.assignable(floatPtr, Type.INT, 1L)).isFalse();
    assertThat(Conversions.assignable(Type.pointerTo(Type.INT), floatPtr, null)).isFalse();
    assertThat(Conversions.assignable(floatPtr, new Type.Array(Type.FLOAT, 4, false, false), null)).as("decay").isTrue();
  }
}
