package org.scansim.frontend.pp;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;

class HideSetTest {

  @Test
  void selfReferenceTerminates() {
    Pp pp = Assertions.assertTimeoutPreemptively(Duration.ofSeconds(5), () -> Pp.run("#define foo foo\nfoo foo\n"));
    assertThat(pp.tokens()).isEqualTo("foo foo");
    assertThat(pp.diags.all()).isEmpty();
  }

  @Test
  void indirectRecursionStopsAtTheFirstRepeatedName() {
    Pp pp = Pp.run("#define a b\n#define b c a\n#define c a b\na\n");
    assertThat(pp.tokens()).isEqualTo("a b a");
  }

  @Test
  void selfReferenceInAFunctionLikeMacro() {
    Pp pp = Pp.run("#define f(x) f(x + 1)\nf(f(0))\n");
    assertThat(pp.tokens()).isEqualTo("f ( f ( 0 + 1 ) + 1 )");
  }

  @Test
  void paintedNameStaysUnexpandedWhenPassedAsArgument() {
    Pp pp = Pp.run("#define f(x) x(2)\nf(f)\n#define g f(g)\ng\n");
    assertThat(pp.tokens()).isEqualTo("f ( 2 ) g ( 2 )");
  }

  @Test
  void standardExampleFOf2Of9() {
    // C11 6.10.3.4p4, EXAMPLE: the result is unspecified by C; gcc gives this.
    Pp pp = Pp.run("#define f(a) a*g\n#define g(a) f(a)\nf(2)(9)\n");
    assertThat(pp.tokens()).isEqualTo("2 * 9 * g");
  }

  @Test
  void nameAtTheEndOfItsOwnExpansionIsPainted() {
    Pp pp = Pp.run("#define h(x) x h\nh(1)(2)(3)\n");
    assertThat(pp.tokens()).isEqualTo("1 h ( 2 ) ( 3 )");
  }

  @Test
  void macroIsEnabledAgainAfterItsExpansion() {
    Pp pp = Pp.run("#define ID(x) x\nID(ID(1)) ID(2)\n");
    assertThat(pp.tokens()).isEqualTo("1 2");
  }
}
