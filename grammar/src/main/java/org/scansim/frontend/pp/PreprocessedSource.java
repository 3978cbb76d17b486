package org.scansim.frontend.pp;

import org.scansim.frontend.diag.Span;

/**
 * The result of preprocessing one file: the text the lexer reads, and the way back from any range
 * of it to what the user wrote.
 */
public final class PreprocessedSource {
  private final String text;
  private final SourceMap map;

  PreprocessedSource(String text, SourceMap map) {
    this.text = text;
    this.map = map;
  }

  /** The source after preprocessing, for the lexer. */
  public String text() {
    return text;
  }

  /**
   * The original source of {@code text().substring(start, endExclusive)}: the characters
   * themselves where they were copied; for the output of a macro expansion, the invocation in the
   * user's code with a {@link Span.MacroNote} naming the outermost macro and where the first
   * token was spelled (a token that came from a macro argument maps to the argument itself); for
   * a range over several pieces, from the start of the first to the end of the last, within the
   * first piece's file. An empty range gives a zero-width span. Out-of-range offsets are clamped.
   */
  public Span span(int start, int endExclusive) {
    return map.span(start, endExclusive);
  }
}
