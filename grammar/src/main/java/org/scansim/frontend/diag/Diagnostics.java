package org.scansim.frontend.diag;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Collects the diagnostics of one run of the front end. Not thread-safe: each compilation owns
 * one. Errors beyond {@link #MAX_ERRORS} are counted but not kept, so a hostile file with a
 * million errors still yields a bounded report. A diagnostic identical to one already reported
 * (the same words at the same place, as each instance of a template reports its body's errors) is
 * kept once.
 */
public final class Diagnostics {
  public static final int MAX_ERRORS = 100;

  private final List<Diagnostic> items = new ArrayList<>();
  private final java.util.Set<Object> seen = new java.util.HashSet<>();
  private int errorCount;
  private int dropped;

  public void report(Diagnostic d) {
    // A header read once by each translation unit of a program is one place: its file's name says which.
    Span s = d.span();
    Object key = s == null || s.file() == null ? d
        : java.util.List.of(d.severity(), s.file().name(), s.line(), s.col(), s.endLine(), s.endCol(), d.message(), d.notes().size());
    if (!seen.add(key)) {
      return;
    }
    if (d.isError()) {
      errorCount++;
      if (errorCount > MAX_ERRORS) {
        dropped++;
        return;
      }
    }
    items.add(d);
  }

  public void error(Span span, String message) {
    report(Diagnostic.error(span, message));
  }

  public void warning(Span span, String message) {
    report(Diagnostic.warning(span, message));
  }

  public boolean hasErrors() {
    return errorCount > 0;
  }

  public int errorCount() {
    return errorCount;
  }

  /** Errors reported beyond the cap and not kept. */
  public int dropped() {
    return dropped;
  }

  /** The kept diagnostics in the order reported. */
  public List<Diagnostic> all() {
    return Collections.unmodifiableList(items);
  }

  /**
   * The kept diagnostics sorted by file, line and column (stable for equal positions), which is
   * the order a user reads them in and makes output independent of pass order.
   */
  public List<Diagnostic> sorted() {
    List<Diagnostic> copy = new ArrayList<>(items);
    copy.sort(
        (a, b) -> {
          Span x = a.span();
          Span y = b.span();
          if (x == null || y == null) {
            return x == null ? (y == null ? 0 : 1) : -1;
          }
          int c = x.file().name().compareTo(y.file().name());
          if (c != 0) {
            return c;
          }
          c = Integer.compare(x.line(), y.line());
          return c != 0 ? c : Integer.compare(x.col(), y.col());
        });
    return copy;
  }
}
