package org.scansim.frontend.diag;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import org.junit.jupiter.api.Test;
import org.scansim.frontend.Frontend;
import org.scansim.frontend.pp.IncludeLoader;

/** A diagnostic on a long line shows the part around its column, never the whole line. */
class LongLineExcerptTest {
  private static String compile(String name, String text) {
    Frontend.Result r = Frontend.compile(new SourceFile(name, text), new LinkedHashMap<>(), IncludeLoader.NONE);
    return DiagnosticPrinter.render(r.diagnostics().sorted(), r.diagnostics().dropped());
  }

  @Test
  void anErrorAtTheEndOfAMegabyteLineShowsTheCharactersBeforeIt() {
    String line = "int a = " + "x".repeat(1_000_000) + " @;";
    String out = compile("long.cu", line + "\n");
    assertThat(out.length()).isLessThan(1000);
    int col = line.indexOf('@') + 1;
    assertThat(out).startsWith("long.cu:1:" + col + ": error: ");
    String[] lines = out.split("\n");
    // The source line: "..." then the last 160 characters of the line, ending at the '@;'.
    assertThat(lines[1]).isEqualTo("    1 | ..." + line.substring(line.length() - 160));
    // The caret sits under the '@' of the excerpt above it.
    assertThat(lines[2].indexOf('^')).isEqualTo(lines[1].indexOf('@'));
  }

  @Test
  void anErrorInTheMiddleOfALongLineIsCutOnBothSides() {
    String line = "int a = " + "1 + ".repeat(100) + "@ + " + "1 + ".repeat(100) + "1;";
    String out = compile("mid.cu", line + "\n");
    String[] lines = out.split("\n");
    assertThat(lines[1]).startsWith("    1 | ...").endsWith("...");
    assertThat(lines[1].length()).isEqualTo("    1 | ...".length() + DiagnosticPrinter.EXCERPT_CHARS + 3);
    assertThat(lines[2].indexOf('^')).isEqualTo(lines[1].indexOf('@'));
    assertThat(lines[1].indexOf('@') - "    1 | ...".length()).isEqualTo(DiagnosticPrinter.BEFORE_CARET);
  }

  @Test
  void aHugeMacroIsNotRepeatedInItsExpansionNotes() {
    String body = "1 + ".repeat(250_000);
    String text = "#define M " + body + "@\nint a = M;\nint b = M;\n";
    String out = compile("macro.cu", text);
    assertThat(out).contains("note: in expansion of macro 'M'");
    assertThat(out.length()).isLessThan(4000);
  }

  @Test
  void shortLinesAreShownWhole() {
    String out = compile("short.cu", "int a = @;\n");
    assertThat(out).isEqualTo("short.cu:1:9: error: invalid character '@'\n    1 | int a = @;\n      |         ^\n");
  }

  @Test
  void aMessageQuotingAHugeIdentifierIsCut() {
    // 40 uses of a 200,000-character name printed 8 MB: each message quoted the whole name.
    String name = "x".repeat(200_000);
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < 40; i++) {
      text.append("int f").append(i).append("() { return ").append(name).append("; }\n");
    }
    String out = compile("ident.cu", text.toString());
    assertThat(out).contains("use of undeclared identifier 'xxx");
    assertThat(out.length()).isLessThan(200_000);
    assertThat(out.lines().filter(l -> l.contains("error:"))).allMatch(l -> l.length() <= DiagnosticPrinter.MESSAGE_CHARS + 40)
        .allMatch(l -> l.endsWith(" more characters]"));
  }
}
