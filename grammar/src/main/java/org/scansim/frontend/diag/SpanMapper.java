package org.scansim.frontend.diag;

/**
 * Maps a range of preprocessed text (what the lexer reads) back to the original source. The
 * preprocessor provides one; a test without macros can use {@link #identity(SourceFile)}.
 */
@FunctionalInterface
public interface SpanMapper {
  /** The original span of preprocessed characters {@code [start, endExclusive)}. */
  Span map(int start, int endExclusive);

  /** For text that was not preprocessed: offsets are offsets of {@code file}. */
  static SpanMapper identity(SourceFile file) {
    return file::span;
  }
}
