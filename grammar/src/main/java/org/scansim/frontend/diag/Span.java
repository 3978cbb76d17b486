package org.scansim.frontend.diag;

/**
 * A range of an original source file: {@code line:col} up to (not including) {@code endLine:endCol},
 * all 1-based. Every AST node and IR instruction carries one, so a diagnostic or a run-time fault
 * can point at what the user wrote.
 *
 * <p>When the text came out of a macro expansion, the span is the macro's invocation in the user's
 * code and {@code macro} says which macro it came from and where the token was spelled in the
 * {@code #define}, so that a diagnostic can point at both (like gcc's "in expansion of macro").
 */
public record Span(SourceFile file, int line, int col, int endLine, int endCol, MacroNote macro) {

  /** Where a token produced by macro expansion was spelled, and the outermost macro invoked. */
  public record MacroNote(String macroName, Span spelling) {
    // equals and hashCode written out (not the record's, bootstrapped through method handles at first use)
    @Override
    public boolean equals(Object o) {
      return o instanceof MacroNote m && java.util.Objects.equals(m.macroName, macroName) && java.util.Objects.equals(m.spelling, spelling);
    }

    @Override
    public int hashCode() {
      return 31 * java.util.Objects.hashCode(macroName) + java.util.Objects.hashCode(spelling);
    }
  }

  // equals and hashCode written out (not the record's, bootstrapped through method handles at first use)
  @Override
  public boolean equals(Object o) {
    return o instanceof Span s && s.line == line && s.col == col && s.endLine == endLine && s.endCol == endCol
        && java.util.Objects.equals(s.file, file) && java.util.Objects.equals(s.macro, macro);
  }

  @Override
  public int hashCode() {
    int h = java.util.Objects.hashCode(file);
    h = 31 * h + line;
    h = 31 * h + col;
    h = 31 * h + endLine;
    h = 31 * h + endCol;
    return 31 * h + java.util.Objects.hashCode(macro);
  }

  /** The smallest span covering both; the macro note of {@code this} is kept. */
  public Span to(Span other) {
    if (other == null || other.file != file) {
      return this;
    }
    boolean otherEndsLater =
        other.endLine > endLine || (other.endLine == endLine && other.endCol > endCol);
    return otherEndsLater ? new Span(file, line, col, other.endLine, other.endCol, macro) : this;
  }

  public Span withMacro(MacroNote note) {
    return new Span(file, line, col, endLine, endCol, note);
  }

  /** {@code file:line:col}, the form editors jump to. */
  public String position() {
    return file.name() + ":" + line + ":" + col;
  }

  @Override
  public String toString() {
    return position();
  }
}
