package org.scansim.frontend.pp;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.scansim.frontend.diag.Diagnostic;

class StringizeAndPasteTest {

  @Test
  void stringizingCollapsesWhiteSpaceAndEscapesLiterals() {
    Pp pp = Pp.run("#define S(x) #x\nS(  a  +\n  b  ) S(\"q\\\"\" '\\\\') S()\n");
    assertThat(Pp.tokensOf(pp.text()))
        .containsExactly("\"a + b\"", "\"\\\"q\\\\\\\"\\\" '\\\\\\\\'\"", "\"\"");
  }

  @Test
  void stringizedArgumentIsNotExpandedButXstrIs() {
    Pp pp = Pp.run("#define N 16\n#define S(x) #x\n#define XS(x) S(x)\nS(N) XS(N)\n");
    assertThat(pp.tokens()).isEqualTo("\"N\" \"16\"");
  }

  @Test
  void pastingFormsNewTokens() {
    Pp pp = Pp.run("#define CAT(a, b) a ## b\nCAT(foo, bar) CAT(1, 2) CAT(-, >) CAT(<<, =) CAT(x, 1e)\n");
    assertThat(Pp.tokensOf(pp.text())).containsExactly("foobar", "12", "->", "<<=", "x1e");
  }

  @Test
  void pastedOperandsAreNotExpandedButTheResultIsRescanned() {
    Pp pp = Pp.run("#define A 1\n#define B 2\n#define AB ab\n#define CAT(a, b) a ## b\nCAT(A, B)\n");
    assertThat(pp.tokens()).isEqualTo("ab");
  }

  @Test
  void emptyArgumentsActAsPlacemarkers() {
    Pp pp = Pp.run("#define T(x, y, z) x ## y ## z\nT(1,2,3) T(,4,5) T(6,,7) T(8,9,) T(,,) end\n");
    assertThat(pp.tokens()).isEqualTo("123 45 67 89 end");
  }

  @Test
  void pasteInObjectLikeMacro() {
    Pp pp = Pp.run("#define HASHHASH # ## #\n#define XY x ## y\nHASHHASH XY\n");
    assertThat(pp.tokens()).isEqualTo("## xy");
  }

  @Test
  void invalidPasteIsAnErrorAtTheInvocationAndKeepsBothTokens() {
    Pp pp = Pp.run("#define CAT(a, b) a ## b\nint x = CAT(+, -);\n");
    assertThat(pp.tokens()).isEqualTo("int x = + - ;");
    Diagnostic d = pp.diagnostic("pasting");
    assertThat(d.message()).isEqualTo("pasting '+' and '-' does not give a valid preprocessing token");
    assertThat(d.span().line()).isEqualTo(2);
    assertThat(d.span().col()).isEqualTo(9);
  }

  @Test
  void pastingIntoACommentIsInvalid() {
    Pp pp = Pp.run("#define CAT(a, b) a ## b\nCAT(/, /)\n");
    assertThat(pp.errors()).hasSize(1);
    assertThat(pp.tokens()).isEqualTo("/ /");
  }

  @Test
  void hashMustBeFollowedByAParameter() {
    Pp pp = Pp.run("#define S(x) #y\n#define OBJ # x\nOBJ\n");
    assertThat(pp.errors()).containsExactly("'#' is not followed by a macro parameter");
    assertThat(pp.tokens()).isEqualTo("# x");
  }

  @Test
  void hashHashAtAnEndIsAnError() {
    Pp pp = Pp.run("#define A ## x\n#define B(x) x ##\n");
    assertThat(pp.errors())
        .containsExactly(
            "'##' cannot appear at either end of a macro expansion",
            "'##' cannot appear at either end of a macro expansion");
  }
}
