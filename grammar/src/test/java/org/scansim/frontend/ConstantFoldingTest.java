package org.scansim.frontend;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Integer constant expressions follow C's promotions and unsigned wrap-around (C11 §6.3.1,
 * §6.5, §6.6). Each expected size is worked out by hand in the comment beside it; the shared
 * array's size in the IR is where the folded value becomes visible.
 */
class ConstantFoldingTest {

  private static String sizeOf(String expr) {
    String ir = Compile.ir("__global__ void k() {\n  __shared__ float s[" + expr + "];\n  s[0] = 1.0f;\n}\n");
    int at = ir.indexOf("shared @s: f32[");
    return ir.substring(at + "shared @s: f32[".length(), ir.indexOf(']', at));
  }

  @Test
  void unsignedWrapAround() {
    assertThat(sizeOf("(unsigned)-1 >> 28")).isEqualTo("15"); // 0xFFFFFFFF >> 28
    assertThat(sizeOf("0u - 1u == 4294967295u ? 3 : 9")).isEqualTo("3");
    assertThat(sizeOf("(unsigned char)300")).isEqualTo("44"); // 300 - 256
  }

  @Test
  void signedMeetsUnsigned() {
    // -1 converts to UINT_MAX, so -1 < 0u is false (C11 §6.3.1.8).
    assertThat(sizeOf("(-1 < 0u) + 2")).isEqualTo("2");
    // long is 64-bit: -1L < 0u compares as long, true.
    assertThat(sizeOf("(-1L < 0u) + 2")).isEqualTo("3");
  }

  @Test
  void integerPromotionOfSmallTypes() {
    // (unsigned char)255 + 1 is computed in int: 256, not 0.
    assertThat(sizeOf("(unsigned char)255 + 1")).isEqualTo("256");
    // (char)200 is -56; -56 / 8 truncates toward zero: -7; + 10 = 3.
    assertThat(sizeOf("(char)200 / 8 + 10")).isEqualTo("3");
  }

  @Test
  void precedenceAndAssociativity() {
    assertThat(sizeOf("1 << 2 + 1")).isEqualTo("8"); // + binds tighter than <<
    assertThat(sizeOf("20 - 5 - 3")).isEqualTo("12"); // left to right
    assertThat(sizeOf("2 * 3 % 4")).isEqualTo("2"); // (2 * 3) % 4
    assertThat(sizeOf("1 ? 2 : 0 ? 3 : 4")).isEqualTo("2"); // right-assoc ?:
    assertThat(sizeOf("(7 & 3 | 8) ^ 1")).isEqualTo("10"); // ((7&3)|8)^1 = 11^1 = 10
    assertThat(sizeOf("sizeof(double) * sizeof(short)")).isEqualTo("16");
  }

  @Test
  void macrosFoldLikeC() {
    String ir = Compile.ir("#define SECTION_SIZE 1024\n#define PAD(n) ((n) >> 5)\n"
        + "__global__ void k() {\n  __shared__ float s[SECTION_SIZE + PAD(SECTION_SIZE)];\n  s[0] = 1.0f;\n}\n");
    assertThat(ir).contains("shared @s: f32[1056]"); // 1024 + 1024/32
  }
}
