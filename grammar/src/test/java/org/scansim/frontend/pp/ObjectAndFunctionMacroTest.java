package org.scansim.frontend.pp;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ObjectAndFunctionMacroTest {

  @Test
  void objectLikeMacroIsReplaced() {
    Pp pp = Pp.run("#define N 256\nint a[N];\n");
    assertThat(pp.tokens()).isEqualTo("int a [ 256 ] ;");
    assertThat(pp.diags.all()).isEmpty();
  }

  @Test
  void functionLikeMacroSubstitutesArguments() {
    Pp pp = Pp.run("#define MAX(a, b) ((a) > (b) ? (a) : (b))\nx = MAX(i + 1, j);\n");
    assertThat(pp.tokens()).isEqualTo("x = ( ( i + 1 ) > ( j ) ? ( i + 1 ) : ( j ) ) ;");
  }

  @Test
  void nestedParenthesesAndCommasInsideThemStayInOneArgument() {
    Pp pp = Pp.run("#define F(a, b) [a|b]\nF(f(1, 2), (3, (4)))\n");
    assertThat(pp.tokens()).isEqualTo("[ f ( 1 , 2 ) | ( 3 , ( 4 ) ) ]");
  }

  @Test
  void argumentsMaySpanLines() {
    Pp pp = Pp.run("#define F(a, b) a + b\nF(1,\n  2\n) tail\n");
    assertThat(pp.tokens()).isEqualTo("1 + 2 tail");
    assertThat(pp.text().split("\n", -1)[3]).contains("tail"); // still on line 4
  }

  @Test
  void nestedMacrosAreExpandedOnRescan() {
    Pp pp = Pp.run("#define A B + 1\n#define B C * 2\n#define C 3\nA\n");
    assertThat(pp.tokens()).isEqualTo("3 * 2 + 1");
  }

  @Test
  void argumentsAreFullyExpandedBeforeSubstitution() {
    Pp pp = Pp.run("#define ONE 1\n#define ID(x) x\n#define TWICE(x) x x\nTWICE(ID(ONE))\n");
    assertThat(pp.tokens()).isEqualTo("1 1");
  }

  @Test
  void functionLikeNameWithoutParenthesisIsNotExpanded() {
    Pp pp = Pp.run("#define f(x) <x>\nint f; f = 1; f\n(2)\n");
    assertThat(pp.tokens()).isEqualTo("int f ; f = 1 ; < 2 >");
  }

  @Test
  void expansionTakesArgumentsFromTheRestOfTheFile() {
    Pp pp = Pp.run("#define g(x) [x]\n#define f g\nf\n(1) f (2)\n");
    assertThat(pp.tokens()).isEqualTo("[ 1 ] [ 2 ]");
  }

  @Test
  void parenthesesAreOnlyWhereWritten() {
    Pp pp = Pp.run("#define SQR(x) x*x\nSQR(a+b)\n");
    assertThat(pp.tokens()).isEqualTo("a + b * a + b");
  }

  @Test
  void emptyArgumentsAndZeroParameters() {
    Pp pp = Pp.run("#define Z() z\n#define O(a) [a]\n#define T(a, b) [a|b]\nZ() O() T(,) T(x,)\n");
    assertThat(pp.tokens()).isEqualTo("z [ ] [ | ] [ x | ]");
    assertThat(pp.diags.all()).isEmpty();
  }

  @Test
  void undefRemovesAndRedefinitionReplaces() {
    Pp pp = Pp.run("#define X 1\nX\n#undef X\nX\n#define X 2\nX\n");
    assertThat(pp.tokens()).isEqualTo("1 X 2");
    assertThat(pp.diags.all()).isEmpty();
  }

  @Test
  void differentRedefinitionIsAWarningAndTakesEffect() {
    Pp pp = Pp.run("#define X 1\n#define X 2\nX\n");
    assertThat(pp.tokens()).isEqualTo("2");
    assertThat(pp.warnings()).containsExactly("'X' redefined");
    assertThat(pp.diagnostic("redefined").span().line()).isEqualTo(2);
    assertThat(pp.diagnostic("redefined").notes().get(0).span().line()).isEqualTo(1);
  }

  @Test
  void identicalRedefinitionIsSilent() {
    Pp pp = Pp.run("#define F(a) ( a + 1 )\n#define F( a ) ( a /* c */ + 1 )\n");
    assertThat(pp.diags.all()).isEmpty();
  }

  @Test
  void whiteSpaceDecidesBetweenObjectAndFunctionLike() {
    Pp pp = Pp.run("#define F(x) [x]\n#define G (x) [x]\nF(1) G(1)\n");
    assertThat(pp.tokens()).isEqualTo("[ 1 ] ( x ) [ x ] ( 1 )");
  }

  @Test
  void macroNamesInsideLiteralsAreNotReplaced() {
    Pp pp = Pp.run("#define X 1\n\"X\" 'X' X\n");
    assertThat(pp.tokens()).isEqualTo("\"X\" 'X' 1");
  }
}
