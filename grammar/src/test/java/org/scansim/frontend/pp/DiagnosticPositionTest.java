package org.scansim.frontend.pp;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.scansim.frontend.diag.Diagnostic;

class DiagnosticPositionTest {

  private static String at(Diagnostic d) {
    return d.span().line() + ":" + d.span().col();
  }

  @Test
  void tooFewArguments() {
    Pp pp = Pp.run("#define F(a, b) a\nint x =\n    F(1);\n");
    Diagnostic d = pp.diagnostic("requires");
    assertThat(d.message()).isEqualTo("macro 'F' requires 2 arguments, but 1 given");
    assertThat(at(d)).isEqualTo("3:5");
    assertThat(pp.tokens()).isEqualTo("int x = F ;"); // like gcc, the arguments are dropped
  }

  @Test
  void tooManyArguments() {
    Pp pp = Pp.run("#define F(a) a\n  F(1, 2)\n");
    assertThat(pp.errors()).containsExactly("macro 'F' passed 2 arguments, but takes just 1");
    assertThat(at(pp.diagnostic("passed"))).isEqualTo("2:3");
  }

  @Test
  void unterminatedArgumentList() {
    Pp pp = Pp.run("#define F(a) a\nint y;\nF(1, (2)\n");
    Diagnostic d = pp.diagnostic("unterminated");
    assertThat(d.message()).isEqualTo("unterminated argument list invoking macro 'F'");
    assertThat(at(d)).isEqualTo("3:1");
  }

  @Test
  void errorInsideANestedExpansionPointsAtTheInvocationWithANote() {
    Pp pp = Pp.run("#define G(x) x\n#define F G(1, 2)\n\n  int v = F;\n");
    Diagnostic d = pp.diagnostic("passed");
    assertThat(at(d)).isEqualTo("4:11");
    assertThat(d.span().macro().macroName()).isEqualTo("F");
    assertThat(d.span().macro().spelling().line()).isEqualTo(2);
    assertThat(d.span().macro().spelling().col()).isEqualTo(11);
  }

  @Test
  void unknownDirective() {
    Pp pp = Pp.run("int a;\n  #  foo bar\n");
    Diagnostic d = pp.diagnostic("invalid");
    assertThat(d.message()).isEqualTo("invalid preprocessing directive #foo");
    assertThat(at(d)).isEqualTo("2:6");
  }

  @Test
  void errorAndWarningDirectives() {
    Pp pp = Pp.run("#warning careful  here\n#error stop: \"now\"\n");
    assertThat(pp.warnings()).containsExactly("#warning careful here");
    assertThat(pp.errors()).containsExactly("#error stop: \"now\"");
    assertThat(at(pp.diagnostic("#error"))).isEqualTo("2:1");
  }

  @Test
  void badMacroNames() {
    Pp pp = Pp.run("#define 1X 3\n#define defined\n#define\n#undef \"s\"\n");
    assertThat(pp.errors())
        .containsExactly(
            "macro names must be identifiers",
            "'defined' cannot be used as a macro name",
            "no macro name given in #define directive",
            "macro names must be identifiers");
    assertThat(at(pp.diags.all().get(0))).isEqualTo("1:9");
  }

  @Test
  void badParameterLists() {
    Pp pp = Pp.run("#define F(a, a) a\n#define G(a b) a\n#define H(1) 1\n#define I(a\n");
    assertThat(pp.errors())
        .containsExactly(
            "duplicate macro parameter 'a'",
            "expected ',' or ')', found 'b'",
            "expected parameter name, found '1'",
            "missing ')' in macro parameter list");
    assertThat(at(pp.diagnostic("duplicate"))).isEqualTo("1:14");
  }

  @Test
  void unterminatedLiteralInCode() {
    Pp pp = Pp.run("char c = 'x;\n");
    Diagnostic d = pp.diagnostic("missing terminating");
    assertThat(d.message()).isEqualTo("missing terminating ' character");
    assertThat(at(d)).isEqualTo("1:10");
  }

  @Test
  void unterminatedComment() {
    Pp pp = Pp.run("int a;\n\t/* open\n");
    assertThat(at(pp.diagnostic("unterminated comment"))).isEqualTo("2:2");
  }

  @Test
  void positionsCountLineSplicesAsTheUserSeesThem() {
    Pp pp = Pp.run("#define F(a) a\nint x = \\\n  F(1, 2);\n");
    assertThat(at(pp.diagnostic("passed"))).isEqualTo("3:3");
  }

  @Test
  void includeNextIsNotSupported() {
    Pp pp = Pp.run("#include_next <x.h>\n");
    assertThat(pp.errors()).containsExactly("#include_next is not supported");
  }

  @Test
  void nullDirectiveAndLineAreAccepted() {
    Pp pp = Pp.run("#\n# \n#line 10 \"x.cu\"\n# 5 \"y.cu\"\n#pragma unroll\n#ident \"v\"\nok\n");
    assertThat(pp.diags.all()).isEmpty();
    assertThat(pp.tokens()).isEqualTo("ok");
  }
}
