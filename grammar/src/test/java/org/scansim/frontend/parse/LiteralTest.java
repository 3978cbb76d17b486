package org.scansim.frontend.parse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.scansim.frontend.parse.Parsing.expr;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.scansim.frontend.ast.Expr;

/** Integer and floating constants (C11 §6.4.4.1, §6.4.4.2) and their diagnostics. */
class LiteralTest {

  private static Expr.IntLit integer(String text) {
    return (Expr.IntLit) expr(text);
  }

  private static Expr.FloatLit floating(String text) {
    return (Expr.FloatLit) expr(text);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({
    // text, value, decimal, unsigned, longs, overflow
    "0, 0, false, false, 0, false",
    "42, 42, true, false, 0, false",
    "0x1F, 31, false, false, 0, false",
    "0XffU, 255, false, true, 0, false",
    "017, 15, false, false, 0, false",
    "0b1011, 11, false, false, 0, false",
    "10u, 10, true, true, 0, false",
    "10L, 10, true, false, 1, false",
    "10ul, 10, true, true, 1, false",
    "10LU, 10, true, true, 1, false",
    "10ll, 10, true, false, 2, false",
    "10ULL, 10, true, true, 2, false",
    "10llu, 10, true, true, 2, false",
    "2147483648, 2147483648, true, false, 0, false",
    "9223372036854775807, 9223372036854775807, true, false, 0, false",
    "18446744073709551615, -1, true, false, 0, false",
    "0x8000000000000000, -9223372036854775808, false, false, 0, false",
    "0xFFFFFFFFFFFFFFFF, -1, false, false, 0, false",
    "18446744073709551616, 0, true, false, 0, true",
    "0x10000000000000000, 0, false, false, 0, true",
  })
  void integerConstants(String text, long value, boolean decimal, boolean unsigned, int longs, boolean overflow) {
    Expr.IntLit lit = integer(text);
    assertThat(lit.value()).isEqualTo(value);
    assertThat(lit.decimal()).isEqualTo(decimal);
    assertThat(lit.unsignedSuffix()).isEqualTo(unsigned);
    assertThat(lit.longSuffixes()).isEqualTo(longs);
    assertThat(lit.overflow()).isEqualTo(overflow);
    assertThat(lit.text()).isEqualTo(text);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({
    "1.0, 1.0, false",
    "1.f, 1.0, true",
    ".5, 0.5, false",
    "1e-3f, 0.001, true",
    "2.5E+2, 250.0, false",
    "1e10, 1.0E10, false",
    "3.F, 3.0, true",
    "0x1.8p1, 3.0, false",
    "0x10p-4f, 1.0, true",
    "0x.8p1, 1.0, false",
  })
  void floatingConstants(String text, double value, boolean isFloat) {
    Expr.FloatLit lit = floating(text);
    assertThat(lit.value()).isEqualTo(isFloat ? (double) (float) value : value);
    assertThat(lit.isFloat()).isEqualTo(isFloat);
    assertThat(lit.text()).isEqualTo(text);
  }

  @Test
  void floatSuffixRoundsOnceToFloat() {
    assertThat(floating("0.1f").value()).isEqualTo((double) 0.1f);
    assertThat(floating("0.1").value()).isEqualTo(0.1);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "x = 12abc;   | t.cu:2:5: error: invalid suffix \"abc\" on integer constant",
        "x = 10lul;   | t.cu:2:5: error: invalid suffix \"lul\" on integer constant",
        "x = 10lL;    | t.cu:2:5: error: invalid suffix \"lL\" on integer constant",
        "x = 089;     | t.cu:2:5: error: invalid digit \"8\" in octal constant",
        "x = 0b102;   | t.cu:2:5: error: invalid digit \"2\" in binary constant",
        "x = 0x;      | t.cu:2:5: error: invalid suffix \"x\" on integer constant",
        "x = 1.0L;    | t.cu:2:5: error: long double is not supported",
        "x = 1.0q;    | t.cu:2:5: error: invalid suffix \"q\" on floating constant",
        "x = 1.0e;    | t.cu:2:5: error: exponent has no digits",
        "x = '';      | t.cu:2:5: error: empty character constant",
        "x = 'ab';    | t.cu:2:5: error: multi-character character constant is not supported",
        "x = '\\x';   | t.cu:2:5: error: \\x used with no following hex digits",
      })
  void badConstants(String statement, String error) {
    assertThat(Parsing.errors("void f() {\nint " + statement.replace("x = ", "x = ") + "\n}"))
        .containsExactly(error.replace("2:5", "2:9"));
  }

  @Test
  void floatingOverflowIsAWarning() {
    Parsing.Result r = Parsing.parse("void f() { double d = 1e999; float g = 1e39f; }");
    assertThat(r.errors()).isEmpty();
    assertThat(r.headlines())
        .containsExactly(
            "t.cu:1:23: warning: floating constant exceeds range of 'double'",
            "t.cu:1:40: warning: floating constant exceeds range of 'float'");
  }

  @Test
  void unknownEscapeIsAWarning() {
    assertThat(Parsing.parse("void f() { printf(\"\\q\"); }").headlines())
        .containsExactly("t.cu:1:19: warning: unknown escape sequence '\\q'");
  }
}
