package org.scansim.frontend.diag;

import java.util.List;

/**
 * Renders diagnostics the way gcc and nvcc do, so editors can jump to them:
 *
 * <pre>
 * scan.cu:12:5: error: use of undeclared identifier 'thid1'
 *    12 |     g_odata[thid] = temp[pout*n+thid1];
 *       |                                 ^~~~~
 * </pre>
 *
 * A diagnostic inside a macro expansion is followed by a note at the macro's definition.
 */
public final class DiagnosticPrinter {

  private DiagnosticPrinter() {}

  public static String render(List<Diagnostic> diagnostics, int dropped) {
    StringBuilder out = new StringBuilder();
    for (Diagnostic d : diagnostics) {
      render(d, out);
    }
    if (dropped > 0) {
      out.append("note: ").append(dropped).append(" further error(s) not shown\n");
    }
    return out.toString();
  }

  public static String render(Diagnostic d) {
    StringBuilder out = new StringBuilder();
    render(d, out);
    return out.toString();
  }

  /** Characters of a message shown at most: one that quotes a 200 KB identifier is cut, with how much was left out. */
  static final int MESSAGE_CHARS = 1000;

  private static void render(Diagnostic d, StringBuilder out) {
    String headline = d.headline();
    if (headline.length() > MESSAGE_CHARS) {
      headline = headline.substring(0, MESSAGE_CHARS) + "… [" + (headline.length() - MESSAGE_CHARS) + " more characters]";
    }
    out.append(headline).append('\n');
    Span span = d.span();
    if (span != null) {
      excerpt(span, out);
      if (span.macro() != null && span.macro().spelling() != null) {
        Span def = span.macro().spelling();
        out.append(def.position())
            .append(": note: in expansion of macro '")
            .append(span.macro().macroName())
            .append("'\n");
        excerpt(def, out);
      }
    }
    for (Diagnostic note : d.notes()) {
      render(note, out);
    }
  }

  /** Characters of a source line an excerpt shows at most: a longer line is cut around the caret. */
  static final int EXCERPT_CHARS = 160;
  /** Of those, how many come before the caret when the line is cut. */
  static final int BEFORE_CARET = 60;

  /**
   * The source line with a caret under the start of the span and tildes to its end. A line
   * longer than {@link #EXCERPT_CHARS} shows {@value #EXCERPT_CHARS} characters around the
   * caret, with "..." where it was cut: an error at the end of a 1 MB line prints a line, not a
   * megabyte.
   */
  static void excerpt(Span span, StringBuilder out) {
    String line = span.file().line(span.line());
    if (line.isEmpty() && span.line() > span.file().lineCount()) {
      return;
    }
    int caretCol = Math.max(1, Math.min(span.col(), line.length() + 1));
    int from = 0;
    int to = line.length();
    if (line.length() > EXCERPT_CHARS) {
      from = Math.max(0, Math.min(caretCol - 1 - BEFORE_CARET, line.length() - EXCERPT_CHARS));
      to = Math.min(line.length(), from + EXCERPT_CHARS);
    }
    String cutBefore = from > 0 ? "..." : "";
    String text = line.substring(from, to);
    String number = String.valueOf(span.line());
    String gutter = " ".repeat(Math.max(0, 5 - number.length())) + number + " | ";
    out.append(gutter).append(cutBefore).append(text).append(to < line.length() ? "..." : "").append('\n');
    StringBuilder marker = new StringBuilder(" ".repeat(cutBefore.length()));
    for (int i = from + 1; i < caretCol; i++) {
      // Keep tabs so the caret lines up with the text above it.
      marker.append(line.charAt(i - 1) == '\t' ? '\t' : ' ');
    }
    marker.append('^');
    int end = span.endLine() == span.line() ? Math.min(span.endCol(), line.length() + 1) : line.length() + 1;
    end = Math.min(end, to + 1);
    for (int i = caretCol + 1; i < end; i++) {
      marker.append('~');
    }
    out.append("      | ").append(marker).append('\n');
  }
}
