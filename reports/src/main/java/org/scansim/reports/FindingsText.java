package org.scansim.reports;

import java.util.List;
import org.scansim.frontend.diag.Span;
import org.scansim.sim.check.Finding;

/**
 * Checker findings in the form of compiler diagnostics, so that a reader (or an editor) goes
 * straight to the line:
 *
 * <pre>
 * scan.cu:14:13: race (read-after-write): thread 3 reads XY[2] which thread 2 wrote ...
 *    14 |             XY[threadIdx.x] += XY[threadIdx.x - stride];
 *       |             ^~~~~~~~~~~~~~~
 * scan.cu:14:32: note: the other access
 *    14 |             XY[threadIdx.x] += XY[threadIdx.x - stride];
 *       |                                ^~~~~~~~~~~~~~~~~~~~~~~~
 *       = 31 times; first in threads 0..31 of block (0,0,0)
 * </pre>
 *
 * A run-time fault is rendered the same way by {@link #at}.
 */
public final class FindingsText {
  private FindingsText() {}

  /** Every finding in the order given, each with its source lines. */
  public static String render(List<Finding> findings) {
    StringBuilder out = new StringBuilder();
    for (Finding f : findings) {
      out.append(render(f));
    }
    return out.toString();
  }

  /** One finding: its headline at the first position, the source line, the second position as a note. */
  public static String render(Finding f) {
    StringBuilder out = new StringBuilder();
    String kind = f.hazard() == null ? f.kind().spelling() : f.kind().spelling() + " (" + f.hazard() + ")";
    out.append(at(f.first(), kind, f.message()));
    if (f.second() != null) {
      out.append(at(f.second(), "note", "the other access"));
    }
    StringBuilder detail = new StringBuilder();
    if (f.count() > 1) {
      detail.append(f.count()).append(" times");
    }
    String who = join(f.threads() == null ? null : "threads " + f.threads(), f.blocks() == null ? null : "block " + f.blocks());
    if (who != null) {
      detail.append(detail.length() == 0 ? "" : "; first in ").append(who);
    }
    if (f.array() != null) {
      detail.append(detail.length() == 0 ? "" : "; ").append("array ").append(f.array())
          .append(f.index() == null ? "" : ", element " + f.index());
    }
    if (detail.length() > 0) {
      out.append("      = ").append(detail).append('\n');
    }
    return out.toString();
  }

  /**
   * {@code file:line:col: label: message}, then the source line with a caret under the column
   * and tildes to the end of the span; without a position, {@code scansim: label: message}.
   */
  public static String at(Span span, String label, String message) {
    StringBuilder out = new StringBuilder();
    out.append(span == null ? "scansim" : span.position()).append(": ").append(label).append(": ").append(message).append('\n');
    if (span != null) {
      excerpt(span, out);
      if (span.macro() != null && span.macro().spelling() != null) {
        Span def = span.macro().spelling();
        out.append(def.position()).append(": note: in expansion of macro '").append(span.macro().macroName()).append("'\n");
        excerpt(def, out);
      }
    }
    return out.toString();
  }

  private static String join(String a, String b) {
    if (a == null) {
      return b;
    }
    return b == null ? a : a + " of " + b;
  }

  /** The source line and a marker line, laid out as the front end's diagnostics are. */
  private static void excerpt(Span span, StringBuilder out) {
    String text = span.file().line(span.line());
    if (text.isEmpty() && span.line() > span.file().lineCount()) {
      return;
    }
    String number = String.valueOf(span.line());
    out.append(" ".repeat(Math.max(0, 5 - number.length()))).append(number).append(" | ").append(text).append('\n');
    StringBuilder marker = new StringBuilder();
    int caret = Math.max(1, Math.min(span.col(), text.length() + 1));
    for (int i = 1; i < caret; i++) {
      marker.append(text.charAt(i - 1) == '\t' ? '\t' : ' '); // tabs kept so the caret lines up
    }
    marker.append('^');
    int end = span.endLine() == span.line() ? Math.min(span.endCol(), text.length() + 1) : text.length() + 1;
    for (int i = caret + 1; i < end; i++) {
      marker.append('~');
    }
    out.append("      | ").append(marker).append('\n');
  }
}
