package org.scansim.frontend.pp;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class VariadicMacroTest {

  @Test
  void vaArgsTakesTheRemainingArgumentsWithTheirCommas() {
    Pp pp = Pp.run("#define P(fmt, ...) printf(fmt, __VA_ARGS__)\nP(\"%d %d\", a, (b, c));\n");
    assertThat(pp.tokens()).isEqualTo("printf ( \"%d %d\" , a , ( b , c ) ) ;");
  }

  @Test
  void variableArgumentsMayBeAbsent() {
    Pp pp = Pp.run("#define V(a, ...) <a|__VA_ARGS__>\nV(1) V(1,) V(1, 2, 3)\n");
    assertThat(pp.tokens()).isEqualTo("< 1 | > < 1 | > < 1 | 2 , 3 >");
    assertThat(pp.diags.all()).isEmpty();
  }

  @Test
  void stringizedVariableArguments() {
    Pp pp = Pp.run("#define SHOW(...) #__VA_ARGS__\nSHOW(a,b ,  c) SHOW()\n");
    assertThat(Pp.tokensOf(pp.text())).containsExactly("\"a,b , c\"", "\"\"");
  }

  @Test
  void gnuCommaPasteDropsTheCommaOnlyWithoutVariableArguments() {
    Pp pp = Pp.run("#define LOG(f, ...) log(f, ## __VA_ARGS__)\nLOG(a) LOG(b,) LOG(c, 1, 2)\n");
    assertThat(pp.tokens()).isEqualTo("log ( a ) log ( b , ) log ( c , 1 , 2 )");
  }

  @Test
  void namedVariableParameter() {
    Pp pp = Pp.run("#define T(fmt, args...) t(fmt, args)\nT(x, 1, 2)\n");
    assertThat(pp.tokens()).isEqualTo("t ( x , 1 , 2 )");
  }

  @Test
  void vaArgsOutsideAVariadicMacroIsDiagnosed() {
    Pp pp = Pp.run("#define F(x) __VA_ARGS__\n");
    assertThat(pp.warnings()).containsExactly("'__VA_ARGS__' can only appear in the expansion of a variadic macro");
  }

  @Test
  void argumentCounting() {
    Pp pp =
        Pp.run(
            "#define N(...) N_(__VA_ARGS__, 3, 2, 1, 0)\n#define N_(a, b, c, n, ...) n\n"
                + "N(x) N(x, y) N(x, y, z)\n");
    assertThat(pp.tokens()).isEqualTo("1 2 3");
  }
}
