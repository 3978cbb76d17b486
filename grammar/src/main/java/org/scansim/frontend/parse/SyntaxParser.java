package org.scansim.frontend.parse;

import java.util.List;
import java.util.Objects;
import org.antlr.v4.runtime.BailErrorStrategy;
import org.antlr.v4.runtime.CommonTokenStream;
import org.antlr.v4.runtime.ListTokenSource;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.atn.PredictionMode;
import org.antlr.v4.runtime.misc.ParseCancellationException;
import org.scansim.frontend.ast.TranslationUnit;
import org.scansim.frontend.diag.Diagnostics;
import org.scansim.threads.LargeStack;
import org.scansim.frontend.diag.SourceFile;
import org.scansim.frontend.diag.SpanMapper;
import org.scansim.frontend.parse.CudaParser.TranslationUnitContext;
import org.scansim.frontend.parse.SyntaxErrors.Kind;

/**
 * The parser of the CUDA subset: preprocessed text in, {@link TranslationUnit} out, with syntax
 * errors and unsupported constructs reported into the caller's {@link Diagnostics}.
 *
 * <p>Pipeline: {@link TokenScan} lexes and checks the tokens (stray characters, unterminated
 * comments, nesting deeper than {@value TokenScan#MAX_NESTING}); {@link CudaParser} parses them in
 * two stages (fast SLL prediction that gives up at the first error, then full LL with {@link
 * CudaErrorStrategy}'s recovery and messages only when SLL failed); {@link AstBuilder} builds the
 * AST; {@link SyntaxErrors} orders and thins out the diagnostics.
 *
 * <p>The parse runs on a thread with a {@value LargeStack#STACK_MIB} MiB stack ({@link
 * LargeStack}), so that legal but deeply nested code (long {@code else if} chains, long prefix-operator runs) parses whatever the
 * caller's stack size; a stack overflow beyond that is caught and reported. The call blocks until
 * the parse is done and is safe to make from several threads at once.
 */
public final class SyntaxParser {
  private SyntaxParser() {}

  /**
   * Parses preprocessed text; reports syntax errors and unsupported constructs into {@code diags};
   * never throws on bad input. {@code text} is what the lexer reads; {@code spans} maps {@code
   * [start, end)} of {@code text} to original spans, for every node and diagnostic. When there are
   * errors the returned unit may be partial and must not be type-checked.
   */
  public static TranslationUnit parse(SourceFile file, String text, SpanMapper spans, Diagnostics diags, KnownNames names) {
    Objects.requireNonNull(file, "file");
    Objects.requireNonNull(text, "text");
    Objects.requireNonNull(spans, "spans");
    Objects.requireNonNull(diags, "diags");
    Objects.requireNonNull(names, "names");
    SyntaxErrors errors = new SyntaxErrors();
    Spans mapped = new Spans(spans, text.length());
    TranslationUnit[] result = new TranslationUnit[1];
    Throwable[] failure = new Throwable[1];
    Runnable task =
        () -> {
          try {
            result[0] = parseGuarded(file, text, mapped, errors, names);
          } catch (Throwable t) { // rethrown on the caller's thread below
            failure[0] = t;
          }
        };
    LargeStack.compile(task);
    if (failure[0] instanceof Error error) {
      throw error; // out of memory and the like: not a property of the input
    }
    if (failure[0] instanceof org.scansim.frontend.diag.Cancellation c) {
      throw c;
    }
    errors.flushTo(diags);
    errors.late = diags;
    return result[0] != null ? result[0] : new TranslationUnit(file, List.of());
  }

  private static TranslationUnit parseGuarded(SourceFile file, String text, Spans spans, SyntaxErrors errors, KnownNames names) {
    TranslationUnit empty = new TranslationUnit(file, List.of());
    try {
      TokenScan scan = TokenScan.scan(file.name(), text, spans, errors);
      if (scan.refused || Libraries.refused(scan.tokens, spans, errors)) {
        return empty;
      }
      TranslationUnitContext tree = parseTree(TypeNames.retyped(scan.tokens), spans, errors);
      return new AstBuilder(file, new BuildContext(spans, errors, names)).build(tree);
    } catch (org.scansim.frontend.diag.Cancellation e) {
      throw e;
    } catch (DepthLimitedParser.TooDeep e) {
      int at = Math.max(0, e.token().getStartIndex());
      errors.add(Kind.LEXICAL, at, spans.range(at, Math.max(at, e.token().getStopIndex() + 1)), e.getMessage());
      return empty;
    } catch (StackOverflowError e) { // a backstop: the depth is counted above, well below the stack's
      errors.add(Kind.LEXICAL, 0, spans.range(0, 0), "expression or statement nesting too deep");
      return empty;
    } catch (RuntimeException e) {
      if (!errors.hasErrors()) {
        errors.add(Kind.LEXICAL, 0, spans.range(0, 0), "internal error in the parser: " + e);
      }
      return empty;
    }
  }

  /** SLL with bail-out first; on failure, LL with recovery and the error listener. */
  static TranslationUnitContext parseTree(List<Token> tokens, Spans spans, SyntaxErrors errors) {
    return parseRule(tokens, spans, errors, CudaParser::translationUnit);
  }

  /** {@code tokens} (a part of a file: a class's body, a lambda's) followed by an end of input where {@code close} stands. */
  static List<Token> ending(List<Token> tokens, Token close) {
    List<Token> all = new java.util.ArrayList<>(tokens);
    org.antlr.v4.runtime.CommonToken eof = new org.antlr.v4.runtime.CommonToken(Token.EOF, "<EOF>");
    eof.setStartIndex(close.getStartIndex());
    eof.setStopIndex(close.getStartIndex() - 1);
    eof.setLine(close.getLine());
    eof.setCharPositionInLine(close.getCharPositionInLine());
    eof.setTokenIndex(close.getTokenIndex());
    all.add(eof);
    return all;
  }

  /** {@code rule} of the grammar over {@code tokens} (which end in EOF or get one), as {@link #parseTree} parses a file. */
  static <T> T parseRule(List<Token> tokens, Spans spans, SyntaxErrors errors, java.util.function.Function<CudaParser, T> rule) {
    CommonTokenStream stream = new CommonTokenStream(new ListTokenSource(tokens));
    CudaParser parser = new CudaParser(stream);
    parser.removeErrorListeners();
    parser.setErrorHandler(new BailErrorStrategy());
    parser.getInterpreter().setPredictionMode(PredictionMode.SLL);
    try {
      return rule.apply(parser);
    } catch (ParseCancellationException e) {
      parser.reset();
      stream.fill(); // the messages look ahead of the error (ErrorMessages, TypedefNames)
      parser.addErrorListener(new SyntaxErrorListener(spans, errors));
      parser.setErrorHandler(new CudaErrorStrategy(errors, TypedefNames.find(tokens)));
      parser.getInterpreter().setPredictionMode(PredictionMode.LL);
      return rule.apply(parser);
    }
  }
}
