package org.scansim.frontend.pp;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ExpressionEvaluationTest {

  private static boolean eval(String expr) {
    Pp pp = Pp.run("#define ONE 1\n#define F(x) (x)\n#if " + expr + "\nyes\n#else\nno\n#endif\n");
    assertThat(pp.errors()).as(expr).isEmpty();
    return pp.tokens().equals("yes");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "1 + 2 * 3 == 7",
        "(1 + 2) * 3 == 9",
        "-7 / 2 == -3 && -7 % 2 == -1",
        "~0 == -1 && !0 && !5 == 0",
        "(5 & 3) == 1 && (5 | 3) == 7 && (5 ^ 3) == 6",
        "0x10 == 16 && 010 == 8 && 0b101 == 5",
        "1 << 62 > 0 && (1 << 63) < 0 && (1u << 63) > 0",
        "(-16 >> 2) == -4 && (-1u >> 63) == 1",
        "(1 << -1) == 0 && (1 << 64) == 0 && (-1 >> 64) == -1",
        "-1 > 0u",
        "(0u - 1) / 2 == 0x7fffffffffffffff",
        "(1 ? -1 : 0u) > 0",
        "18446744073709551615 == -1",
        "9223372036854775807 + 0 > 0",
        "'a' == 97 && '\\n' == 10 && '\\377' < 0 && '\\x41' == 'A'",
        "L'a' == 97 && U'\\xffffffff' > 0 && 'ab' == 24930",
        "(1 ? 2 : 3) == 2 && (0 ? 2 : 3) == 3 && (0 ? 1 : 0 ? 2 : 3) == 3",
        "(0, 1)",
        "defined ONE && defined(F) && !defined UNDEFINED_NAME",
        "ONE + F(ONE) == 2",
        "UNDEFINED_NAME == 0",
        "true && !false",
        "0 && 1 / 0 || 1",
        "1 || 1 % 0",
        "0 ? 1 / 0 : 1",
        "1'000 == 1000 && 10LL == 10 && 10ull == 10u",
      })
  void trueExpressions(String expr) {
    assertThat(eval(expr)).as(expr).isTrue();
  }

  @ParameterizedTest
  @ValueSource(strings = {"0", "-1 < 0u", "(1, 0)", "F", "UNDEFINED_NAME", "false", "0 && 1", "2 < 1"})
  void falseExpressions(String expr) {
    assertThat(eval(expr)).as(expr).isFalse();
  }

  private static Pp bad(String expr) {
    return Pp.run("#if " + expr + "\nyes\n#else\nno\n#endif\n");
  }

  @Test
  void divisionByZeroIsAnErrorAndTheGroupIsSkipped() {
    Pp pp = bad("1 / 0");
    assertThat(pp.errors()).containsExactly("division by zero in #if");
    assertThat(pp.diagnostic("division").span().col()).isEqualTo(7);
    assertThat(pp.tokens()).isEqualTo("no");
    assertThat(bad("5 % (2 - 2)").errors()).containsExactly("division by zero in #if");
  }

  @Test
  void malformedExpressionsAreErrors() {
    assertThat(bad("1.5").errors()).containsExactly("floating constant in preprocessor expression");
    assertThat(bad("1 2").errors()).containsExactly("missing binary operator before token '2'");
    assertThat(bad("12abc").errors()).containsExactly("invalid suffix 'abc' on integer constant");
    assertThat(bad("09").errors()).containsExactly("invalid digit '9' in octal constant");
    assertThat(bad("\"s\"").errors()).containsExactly("token '\"s\"' is not valid in preprocessor expressions");
    assertThat(bad("(1").errors()).containsExactly("missing ')' in expression");
    assertThat(bad("1)").errors()).containsExactly("missing '(' in expression");
    assertThat(bad("1 +").errors()).containsExactly("operator '+' has no right operand");
    assertThat(bad("()").errors()).containsExactly("missing expression between '(' and ')'");
    assertThat(bad("1 ? 2").errors()).containsExactly("'?' without following ':'");
    assertThat(bad("x = 1").errors()).containsExactly("token '=' is not valid in preprocessor expressions");
    assertThat(bad("defined").errors()).containsExactly("operator 'defined' requires an identifier");
    assertThat(bad("defined(X").errors()).containsExactly("missing ')' after 'defined'");
    assertThat(bad("''").errors()).containsExactly("empty character constant");
  }

  @Test
  void overflowIsAWarning() {
    Pp pp = bad("9223372036854775807 + 1 < 0");
    assertThat(pp.errors()).isEmpty();
    assertThat(pp.warnings()).containsExactly("integer overflow in preprocessor expression");
    assertThat(pp.tokens()).isEqualTo("yes");
  }

  @Test
  void deeplyNestedExpressionIsRejectedWithoutStackOverflow() {
    Pp pp = bad("(".repeat(100_000) + "1" + ")".repeat(100_000));
    assertThat(pp.errors()).hasSize(1);
    assertThat(pp.errors().get(0)).startsWith("#if expression nested too deeply");
  }
}
