package org.scansim.frontend.parse;

import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.tree.TerminalNode;
import org.scansim.frontend.diag.Span;
import org.scansim.frontend.diag.SpanMapper;

/**
 * Turns tokens and parse-tree nodes into original-source spans through the preprocessor's {@link
 * SpanMapper}: a node covers {@code [start of its first token, end of its last token)} of the
 * preprocessed text. Tolerates the conjured tokens of error recovery (index -1) and empty
 * contexts, which occur only in trees that had syntax errors.
 */
final class Spans {
  private final SpanMapper mapper;
  private final int textLength;

  Spans(SpanMapper mapper, int textLength) {
    this.mapper = mapper;
    this.textLength = textLength;
  }

  Span of(ParserRuleContext ctx) {
    return of(ctx.getStart(), ctx.getStop());
  }

  Span of(TerminalNode node) {
    return of(node.getSymbol());
  }

  Span of(Token token) {
    return of(token, token);
  }

  Span of(Token first, Token last) {
    int start = first == null ? 0 : first.getStartIndex();
    if (start < 0) {
      start = last != null && last.getStartIndex() >= 0 ? last.getStartIndex() : 0;
    }
    int end = last == null ? start : last.getStopIndex() + 1;
    return range(start, end);
  }

  /** The span of preprocessed characters {@code [start, end)}, clamped to the text. */
  Span range(int start, int end) {
    int s = Math.max(0, Math.min(start, textLength));
    int e = Math.max(s, Math.min(end, textLength));
    return mapper.map(s, e);
  }

  /** The character offset of a token, for ordering diagnostics. */
  static int offset(Token token) {
    return token == null ? 0 : Math.max(0, token.getStartIndex());
  }
}
