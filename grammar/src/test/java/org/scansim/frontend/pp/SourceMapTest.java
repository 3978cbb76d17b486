package org.scansim.frontend.pp;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.scansim.frontend.diag.Span;

class SourceMapTest {

  @Test
  void verbatimTextMapsCharacterForCharacter() {
    String src = "int main() {\n\treturn a + b;\n}\n";
    Pp pp = Pp.run(src);
    assertThat(pp.text()).isEqualTo(src);
    for (int i = 0; i < src.length(); i++) {
      Span s = pp.out.span(i, i + 1);
      assertThat(s.line()).isEqualTo(pp.file.lineOf(i));
      assertThat(s.col()).isEqualTo(pp.file.columnOf(i));
    }
    assertThat(Pp.where(pp.spanOfOutput("a + b"))).isEqualTo("test.cu:2:9-2:14");
  }

  @Test
  void textAfterAMacroStillMapsExactly() {
    Pp pp = Pp.run("#define N 4\nint a[N]; int bb;\n");
    assertThat(Pp.where(pp.spanOfOutput("bb"))).isEqualTo("test.cu:2:15-2:17");
  }

  @Test
  void lineSplicesInsideATokenMapAsTheUserSeesThem() {
    Pp pp = Pp.run("int ab\\\ncd = 1;\n");
    assertThat(pp.text()).isEqualTo("int abcd\n = 1;\n");
    assertThat(Pp.where(pp.spanOfOutput("abcd"))).isEqualTo("test.cu:1:5-2:3");
    assertThat(Pp.where(pp.spanOfOutput("cd"))).isEqualTo("test.cu:2:1-2:3");
    assertThat(Pp.where(pp.spanOfOutput("="))).isEqualTo("test.cu:2:4-2:5");
    assertThat(Pp.where(pp.spanOfOutput("1;"))).isEqualTo("test.cu:2:6-2:8");
  }

  @Test
  void lineSplicesBetweenTokensKeepTheLines() {
    Pp pp = Pp.run("int x = \\\n  1;\nint y;\n");
    assertThat(pp.text().split("\n", -1)).hasSize(4);
    assertThat(Pp.where(pp.spanOfOutput("1"))).isEqualTo("test.cu:2:3-2:4");
    assertThat(Pp.where(pp.spanOfOutput("y"))).isEqualTo("test.cu:3:5-3:6");
  }

  @Test
  void multiLineInvocationMapsToTheWholeInvocation() {
    Pp pp = Pp.run("#define ADD(a, b) a + b\nint v = ADD(1,\n            2) ; int w;\n");
    Span plus = pp.spanOfOutput("+");
    assertThat(Pp.where(plus)).isEqualTo("test.cu:2:9-3:15");
    assertThat(plus.macro().macroName()).isEqualTo("ADD");
    assertThat(plus.macro().spelling().line()).isEqualTo(1);
    assertThat(Pp.where(pp.spanOfOutput("2"))).isEqualTo("test.cu:3:13-3:14");
    assertThat(Pp.where(pp.spanOfOutput("w"))).isEqualTo("test.cu:3:22-3:23");
    // the text after the invocation stays on the line where it was
    assertThat(pp.text().split("\n", -1)[2]).contains("; int w;");
  }

  @Test
  void rangeOverSeveralPiecesIsTheirUnion() {
    Pp pp = Pp.run("#define TWO 2\nint v = TWO + 3;\n");
    int start = pp.text().indexOf("v");
    int end = pp.text().indexOf(";");
    Span s = pp.out.span(start, end);
    assertThat(Pp.where(s)).isEqualTo("test.cu:2:5-2:16");
    Span fromMacro = pp.out.span(pp.text().indexOf("2"), end);
    assertThat(Pp.where(fromMacro)).isEqualTo("test.cu:2:9-2:16");
    assertThat(fromMacro.macro().macroName()).isEqualTo("TWO");
  }

  @Test
  void spacesBetweenExpansionTokensMapToTheInvocation() {
    Pp pp = Pp.run("#define P a b\nP;\n");
    int space = pp.text().indexOf("a b") + 1;
    assertThat(Pp.where(pp.out.span(space, space + 1))).isEqualTo("test.cu:2:1-2:2");
  }

  @Test
  void commentsMapToTheWholeComment() {
    Pp pp = Pp.run("a /* c */ b\n");
    assertThat(pp.text()).isEqualTo("a   b\n");
    assertThat(Pp.where(pp.out.span(2, 3))).isEqualTo("test.cu:1:3-1:10");
  }

  @Test
  void emptyAndOutOfRangeRanges() {
    Pp pp = Pp.run("ab\ncd");
    Span empty = pp.out.span(3, 3);
    assertThat(Pp.where(empty)).isEqualTo("test.cu:2:1-2:1");
    Span end = pp.out.span(100, 200);
    assertThat(end.line()).isEqualTo(2);
    assertThat(end.col()).isEqualTo(3);
    assertThat(Pp.where(pp.out.span(-5, 1))).isEqualTo("test.cu:1:1-1:2");
    assertThat(Pp.run("").out.span(0, 0).line()).isEqualTo(1);
  }

  @Test
  void directiveLinesAreEmptyAndMapToThemselves() {
    Pp pp = Pp.run("#define X 1\nX\n");
    assertThat(pp.text()).isEqualTo("\n1\n");
    assertThat(Pp.where(pp.out.span(0, 1))).isEqualTo("test.cu:1:12-1:13");
  }

  @Test
  void rangeOverAnIncludeStaysInTheFirstPiecesFile() {
    IncludeLoaderStub loader = new IncludeLoaderStub().with("h.h", "int h;\n");
    Pp pp = Pp.run("main.cu", "int a;\n#include \"h.h\"\nint b;\n", loader);
    Span s = pp.out.span(0, pp.text().length());
    assertThat(s.file().name()).isEqualTo("main.cu");
    assertThat(s.line()).isEqualTo(1);
    assertThat(s.endLine()).isEqualTo(3);
    assertThat(s.endCol()).isEqualTo(8);
  }
}
