package org.scansim.frontend.parse;

import org.antlr.v4.runtime.BaseErrorListener;
import org.antlr.v4.runtime.RecognitionException;
import org.antlr.v4.runtime.Recognizer;
import org.antlr.v4.runtime.Token;
import org.scansim.frontend.parse.SyntaxErrors.Kind;

/**
 * The one error listener of the parser, replacing ANTLR's console output: it maps the offending
 * token's range through the span mapper and hands the message, already worded by {@link
 * CudaErrorStrategy}, to {@link SyntaxErrors}.
 */
final class SyntaxErrorListener extends BaseErrorListener {
  private final Spans spans;
  private final SyntaxErrors errors;

  SyntaxErrorListener(Spans spans, SyntaxErrors errors) {
    this.spans = spans;
    this.errors = errors;
  }

  @Override
  public void syntaxError(
      Recognizer<?, ?> recognizer,
      Object offendingSymbol,
      int line,
      int charPositionInLine,
      String msg,
      RecognitionException e) {
    if (offendingSymbol instanceof Token token) {
      int start = Math.max(0, token.getStartIndex());
      int end = Math.max(start, token.getStopIndex() + 1);
      errors.add(Kind.SYNTAX, start, spans.range(start, end), msg);
    } else {
      errors.add(Kind.SYNTAX, 0, spans.range(0, 0), msg);
    }
  }
}
