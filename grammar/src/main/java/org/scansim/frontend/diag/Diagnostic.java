package org.scansim.frontend.diag;

import java.util.List;

/**
 * One message about the user's input, located by a span. Notes attached to it (a macro
 * expansion, a previous declaration) are printed after it.
 */
public record Diagnostic(Severity severity, Span span, String message, List<Diagnostic> notes) {

  public Diagnostic {
    notes = List.copyOf(notes);
  }

  public static Diagnostic error(Span span, String message) {
    return new Diagnostic(Severity.ERROR, span, message, List.of());
  }

  public static Diagnostic warning(Span span, String message) {
    return new Diagnostic(Severity.WARNING, span, message, List.of());
  }

  public static Diagnostic note(Span span, String message) {
    return new Diagnostic(Severity.NOTE, span, message, List.of());
  }

  public Diagnostic withNote(Span at, String message) {
    List<Diagnostic> all = new java.util.ArrayList<>(notes);
    all.add(note(at, message));
    return new Diagnostic(severity, span, message(), all);
  }

  public boolean isError() {
    return severity == Severity.ERROR;
  }

  /** The words of scansim's errors that refuse a construct it does not simulate, as opposed to a mistake in the code. */
  private static final java.util.regex.Pattern UNSUPPORTED =
      java.util.regex.Pattern.compile("not supported|unsupported|outside the subset|not simulated");

  /**
   * Whether this error says the construct is outside what scansim simulates (its CUDA subset),
   * not that the code is wrong: nvcc may well accept it.
   */
  public boolean isUnsupported() {
    return isError() && UNSUPPORTED.matcher(message).find();
  }

  /** The first line in gcc form, {@code file:line:col: error: message}, without source excerpt. */
  public String headline() {
    String where = span == null ? "scansim" : span.position();
    return where + ": " + severity.label() + ": " + message;
  }
}
