package org.scansim.frontend.pp;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.scansim.frontend.diag.Diagnostic;

class ConditionalTest {

  @Test
  void ifElifElseChoosesOneGroup() {
    Pp pp = Pp.run("#define L 2\n#if L == 1\none\n#elif L == 2\ntwo\n#elif L == 2\nagain\n#else\nother\n#endif\n");
    assertThat(pp.tokens()).isEqualTo("two");
  }

  @Test
  void ifdefAndIfndef() {
    Pp pp = Pp.run("#define A\n#ifdef A\na\n#endif\n#ifndef A\nnot_a\n#endif\n#ifndef B\nnot_b\n#endif\n");
    assertThat(pp.tokens()).isEqualTo("a not_b");
  }

  @Test
  void elifdefAndElifndef() {
    Pp pp = Pp.run("#define B\n#ifdef A\na\n#elifdef B\nb\n#endif\n#if 0\n#elifndef C\nc\n#endif\n");
    assertThat(pp.tokens()).isEqualTo("b c");
  }

  @Test
  void skippedGroupsAreNotExpandedButNestingIsTracked() {
    String src =
        "#define X x\n#if 0\nX don't \"care\n#if 1\nX\n#else\nX\n#endif\n#bogus\n#error no\n#endif\nX\n";
    Pp pp = Pp.run(src);
    assertThat(pp.tokens()).isEqualTo("x");
    assertThat(pp.diags.all()).isEmpty();
  }

  @Test
  void skippedLinesAndDirectivesBecomeEmptyLines() {
    Pp pp = Pp.run("a\n#if 0\nb\nc\n#endif\nd\n");
    assertThat(pp.text()).isEqualTo("a\n\n\n\n\nd\n");
  }

  @Test
  void elifIsNotEvaluatedOnceAGroupWasTaken() {
    Pp pp = Pp.run("#if 1\nyes\n#elif 1/0\nno\n#endif\n");
    assertThat(pp.tokens()).isEqualTo("yes");
    assertThat(pp.diags.all()).isEmpty();
  }

  @Test
  void unterminatedIfIsReportedAtTheIf() {
    Pp pp = Pp.run("int a;\n  #ifdef X\nint b;\n");
    Diagnostic d = pp.diagnostic("unterminated");
    assertThat(d.message()).isEqualTo("unterminated #ifdef");
    assertThat(d.span().line()).isEqualTo(2);
    assertThat(d.span().col()).isEqualTo(3);
  }

  @Test
  void elseAndEndifWithoutIfAreErrors() {
    Pp pp = Pp.run("a\n#else\nb\n#endif\n#elif 1\n");
    assertThat(pp.errors()).containsExactly("#else without #if", "#endif without #if", "#elif without #if");
    assertThat(pp.diagnostic("#else without").span().line()).isEqualTo(2);
    assertThat(pp.diagnostic("#else without").span().col()).isEqualTo(2);
    assertThat(pp.diagnostic("#endif without").span().line()).isEqualTo(4);
  }

  @Test
  void elseAfterElseIsAnError() {
    Pp pp = Pp.run("#if 1\n#else\n#else\n#endif\n#if 0\n#else\n#elif 1\n#endif\n");
    assertThat(pp.errors()).containsExactly("#else after #else", "#elif after #else");
  }

  @Test
  void ifWithoutExpressionIsAnError() {
    Pp pp = Pp.run("#if\n#endif\n#ifdef\n#endif\n");
    assertThat(pp.errors()).containsExactly("#if with no expression", "no macro name given in #ifdef directive");
  }

  @Test
  void extraTokensAfterEndifAreAWarning() {
    Pp pp = Pp.run("#ifdef A B\n#endif A\n");
    assertThat(pp.warnings())
        .containsExactly("extra tokens at end of #ifdef directive", "extra tokens at end of #endif directive");
  }

  @Test
  void conditionalsCannotSpanFiles() {
    IncludeLoaderStub loader = new IncludeLoaderStub().with("a.h", "#if 1\nint a;\n");
    Pp pp = Pp.run("main.cu", "#include \"a.h\"\n#endif\n", loader);
    assertThat(pp.errors()).containsExactly("unterminated #if", "#endif without #if");
    assertThat(pp.diagnostic("unterminated").span().file().name()).isEqualTo("a.h");
  }
}
