package org.scansim.frontend.pp;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The shape of the text handed to the lexer. */
class OutputTextTest {

  @Test
  void textWithoutMacrosIsCopiedVerbatim() {
    String src = "__global__ void k(int *a) {\n  a[threadIdx.x] <<= 1;\n  k<<<1, 2>>>(a);\n}\n";
    assertThat(Pp.run(src).text()).isEqualTo(src);
  }

  @Test
  void linesArePreserved() {
    String src = "#define A 1\n/* two\nlines */ int x = A;\n#if 0\nskipped\n#endif\nint y = \\\n 2;\n";
    Pp pp = Pp.run(src);
    assertThat(pp.text().split("\n", -1)).hasSameSizeAs(src.split("\n", -1));
    assertThat(pp.text().split("\n")[2]).contains("int x = 1;");
  }

  @Test
  void tokensNeverMerge() {
    assertThat(Pp.run("#define P +\na+P+b\n").tokens()).isEqualTo("a + + + b");
    assertThat(Pp.run("#define E\n+E+\n").tokens()).isEqualTo("+ +");
    assertThat(Pp.run("#define F() -\n-F()-\n").tokens()).isEqualTo("- - -");
    assertThat(Pp.run("#define M(x) x\nM(a)M(b)\n").tokens()).isEqualTo("a b");
    assertThat(Pp.run("#define L <\nL<L\n").tokens()).isEqualTo("< < <");
  }

  @Test
  void expansionTokensAreSeparatedBySingleSpaces() {
    Pp pp = Pp.run("#define F(a, b) a+b*(a)\nx=F(1,2);\n");
    assertThat(pp.text()).isEqualTo("\nx= 1 + 2 * ( 1 );\n");
  }

  @Test
  void launchBracketsSurviveExpansion() {
    Pp pp = Pp.run("#define LAUNCH(k, g, b) k<<<g, b>>>()\nLAUNCH(scan, 1, 256);\n");
    assertThat(pp.text()).contains("scan <<< 1 , 256 >>> ( )");
  }

  @Test
  void commentsBecomeSpacesButKeepTheirNewlines() {
    Pp pp = Pp.run("a/*x*/b // tail\nc /* 1\n2\n3 */ d\n");
    assertThat(pp.text()).isEqualTo("a b  \nc  \n\n d\n");
  }

  @Test
  void crlfLineEndsAreKept() {
    Pp pp = Pp.run("#define X 1\r\nint a = X;\r\n");
    assertThat(pp.tokens()).isEqualTo("int a = 1 ;");
    assertThat(pp.text()).endsWith(";\r\n");
  }
}
