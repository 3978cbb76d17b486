package org.scansim.frontend.parse;

import java.nio.CharBuffer;
import java.util.ArrayList;
import java.util.List;
import org.antlr.v4.runtime.BaseErrorListener;
import org.antlr.v4.runtime.CodePointBuffer;
import org.antlr.v4.runtime.CodePointCharStream;
import org.antlr.v4.runtime.Lexer;
import org.antlr.v4.runtime.RecognitionException;
import org.antlr.v4.runtime.Recognizer;
import org.antlr.v4.runtime.Token;
import org.scansim.frontend.parse.SyntaxErrors.Kind;

/**
 * Lexes the whole text once and checks the token stream before the parser sees it:
 *
 * <ul>
 *   <li>the error tokens of {@link CudaLexer} (a stray character, an unterminated comment or
 *       literal) are reported and removed, so the parser reads the rest normally;
 *   <li>bracket nesting ({@code ( [ {}) deeper than {@link #MAX_NESTING} is rejected with one
 *       error before any parsing, so hostile input cannot exhaust the parser's stack;
 *   <li>the offsets of {@code ; { }} are recorded for {@link SyntaxErrors}' statement rule (a
 *       {@code ;} inside parentheses, as in a for header, is not a boundary).
 * </ul>
 *
 * The character stream is built from UTF-16 code units, not code points, so token offsets are
 * {@link String} indexes, as {@link org.scansim.frontend.diag.SpanMapper} expects.
 */
final class TokenScan {
  static final int MAX_NESTING = 256;

  /**
   * Most tokens of one translation unit after preprocessing. The catalog's largest file has
   * about 3,000. The parse tree and the AST cost a few hundred bytes a token: a 5 MB
   * initializer list (2.5 million tokens) took 43 s and 4.1 GB to check. Measured here: a
   * megabyte of statements (537,000 tokens) checks in a 256 MB heap, and a file of 600,000
   * tokens (an initializer of 300,000 values) checks and runs under every checker in 384 MB;
   * one of a million tokens needs more than 384 MB.
   */
  static final int MAX_TOKENS = 600_000;

  final List<Token> tokens;
  /** The file is not parsed: nesting too deep, or more than {@link #MAX_TOKENS} tokens. */
  final boolean refused;

  private TokenScan(List<Token> tokens, boolean refused) {
    this.tokens = tokens;
    this.refused = refused;
  }

  static TokenScan scan(String name, String text, Spans spans, SyntaxErrors errors) {
    CodePointCharStream chars =
        CodePointCharStream.fromBuffer(CodePointBuffer.withChars(CharBuffer.wrap(text.toCharArray())), name);
    CudaLexer lexer = new CudaLexer(chars);
    lexer.removeErrorListeners();
    lexer.addErrorListener(
        new BaseErrorListener() {
          @Override
          public void syntaxError(
              Recognizer<?, ?> recognizer,
              Object offendingSymbol,
              int line,
              int charPositionInLine,
              String msg,
              RecognitionException e) {
            // Unreachable with ERROR_CHAR as the catch-all rule; kept so nothing reaches stderr.
            int at = ((Lexer) recognizer)._tokenStartCharIndex;
            errors.add(Kind.LEXICAL, at, spans.range(at, at + 1), "invalid character");
          }
        });

    List<Token> kept = new ArrayList<>();
    List<Integer> boundaries = new ArrayList<>();
    int depth = 0;
    int parens = 0;
    int openLaunches = 0; // launch brackets opened and not yet closed
    int repaired = -1; // the index in kept of a '>>>' made of '> >', which a third '>' may follow
    boolean refused = false;
    int badStart = -1; // the run of invalid characters not yet reported
    int badEnd = -1;
    int badCount = 0;
    int lexical = 0;
    for (Token t = lexer.nextToken(); ; t = lexer.nextToken()) {
      org.scansim.frontend.diag.Cancellation.check();
      int type = t.getType();
      int start = t.getStartIndex();
      int end = t.getStopIndex() + 1;
      if (type != CudaLexer.ERROR_CHAR && badStart >= 0) {
        invalid(text, spans, errors, badStart, badEnd, badCount);
        badStart = -1;
        badEnd = -1;
        lexical++;
      }
      if (lexical >= MAX_LEXICAL_ERRORS && type != Token.EOF) { // every kind of lexical error counts
        stopped(spans, errors, start, end);
        refused = true;
        kept.add(new org.antlr.v4.runtime.CommonToken(Token.EOF, "<EOF>"));
        break;
      }
      if (type == Token.EOF) {
        kept.add(t);
        break;
      }
      switch (type) {
        case CudaLexer.ERROR_CHAR -> {
          if (start == badEnd) { // a run of invalid characters is one error (8 MiB of NUL were 8 million)
            badEnd = end;
            badCount += isTrailingSurrogate(text, start) ? 0 : 1;
            continue;
          }
          if (badStart >= 0) {
            invalid(text, spans, errors, badStart, badEnd, badCount);
            lexical++;
          }
          badStart = start;
          badEnd = end;
          badCount = 1;
          continue;
        }
        case CudaLexer.UNTERMINATED_COMMENT -> {
          errors.add(Kind.LEXICAL, start, spans.range(start, start + 2), "unterminated comment");
          lexical++;
          continue;
        }
        case CudaLexer.UNTERMINATED_STRING -> {
          errors.add(
              Kind.LEXICAL, start, spans.range(start, end), "missing terminating '\"' character");
          lexical++;
          continue;
        }
        case CudaLexer.UNTERMINATED_CHAR -> {
          errors.add(
              Kind.LEXICAL, start, spans.range(start, end), "missing terminating ' character");
          lexical++;
          continue;
        }
        case CudaLexer.LPAREN, CudaLexer.LBRACKET, CudaLexer.LBRACE -> {
          depth++;
          if (depth > MAX_NESTING && !refused) {
            refused = true;
            errors.add(
                Kind.LEXICAL,
                start,
                spans.range(start, end),
                "nesting too deep (more than " + MAX_NESTING + " levels)");
          }
        }
        case CudaLexer.RPAREN, CudaLexer.RBRACKET, CudaLexer.RBRACE -> depth = Math.max(0, depth - 1);
        default -> {}
      }
      if (type == CudaLexer.LPAREN) {
        parens++;
      } else if (type == CudaLexer.RPAREN) {
        parens = Math.max(0, parens - 1);
      }
      // A for header's ';' separates no statements: the header is one piece for SyntaxErrors.
      if ((type == CudaLexer.SEMI && parens == 0) || type == CudaLexer.LBRACE || type == CudaLexer.RBRACE) {
        boundaries.add(start);
        if (type != CudaLexer.SEMI) {
          parens = 0;
        }
      }
      if (kept.size() >= MAX_TOKENS) {
        errors.add(Kind.LEXICAL, start, spans.range(start, end), "the file has more than " + MAX_TOKENS
            + " tokens after preprocessing, more than scansim reads in one file (the catalog's largest has about 3,000)");
        refused = true;
        kept.add(new org.antlr.v4.runtime.CommonToken(Token.EOF, "<EOF>"));
        break;
      }
      // Visual Studio's formatter writes a launch as kernel<< <grid, block >> >(args); nvcc reads it as
      // <<< >>>. No C expression has '<' right after '<<', nor '>' after '>>' (an operand must come
      // between), so the pairs are the launch brackets.
      Token last = kept.isEmpty() ? null : kept.get(kept.size() - 1);
      if (last != null && (type == CudaLexer.LT && last.getType() == CudaLexer.SHL
          || type == CudaLexer.GT && last.getType() == CudaLexer.SHR && openLaunches > 0)) {
        org.antlr.v4.runtime.CommonToken merged = new org.antlr.v4.runtime.CommonToken(last);
        merged.setType(type == CudaLexer.LT ? CudaLexer.LAUNCH_OPEN : CudaLexer.LAUNCH_CLOSE);
        merged.setText(type == CudaLexer.LT ? "<<<" : ">>>");
        merged.setStopIndex(t.getStopIndex());
        kept.set(kept.size() - 1, merged);
        openLaunches += type == CudaLexer.LT ? 1 : -1;
        continue;
      }
      // Inside a launch's configuration '>' cannot follow '>' (an operand must come between): '> >'
      // and '> > >' are an attempt at '>>>'. Said so, and read as '>>>' so the rest parses.
      if (last != null && type == CudaLexer.GT && last.getType() == CudaLexer.GT && openLaunches > 0) {
        org.antlr.v4.runtime.CommonToken merged = new org.antlr.v4.runtime.CommonToken(last);
        merged.setType(CudaLexer.LAUNCH_CLOSE);
        merged.setText(">>>");
        merged.setStopIndex(t.getStopIndex());
        int from = last.getStartIndex();
        errors.add(Kind.SYNTAX, from, spans.range(from, end), "a launch's configuration ends with '>>>' (written '>> >' or '>>>'), "
            + "not '" + text.substring(from, end) + "'");
        kept.set(kept.size() - 1, merged);
        openLaunches = Math.max(0, openLaunches - 1);
        repaired = kept.size() - 1; // a third '>' of '> > >' belongs to it too
        continue;
      }
      if (last != null && type == CudaLexer.GT && kept.size() - 1 == repaired) {
        org.antlr.v4.runtime.CommonToken longer = new org.antlr.v4.runtime.CommonToken(last);
        longer.setStopIndex(t.getStopIndex());
        kept.set(kept.size() - 1, longer);
        repaired = -1;
        continue;
      }
      if (type == CudaLexer.LAUNCH_OPEN) {
        openLaunches++;
      } else if (type == CudaLexer.LAUNCH_CLOSE) {
        openLaunches = Math.max(0, openLaunches - 1);
      }
      kept.add(t);
    }
    errors.setBoundaries(boundaries.stream().mapToInt(Integer::intValue).toArray());
    return new TokenScan(kept, refused);
  }

  /**
   * Lexical errors (runs of invalid characters, unterminated comments and literals) reported before the rest of the file is left
   * unread: a binary file is one screen of errors, not a million, and costs no more memory than
   * that screen.
   */
  static final int MAX_LEXICAL_ERRORS = 100;

  private static void invalid(String text, Spans spans, SyntaxErrors errors, int start, int end, int count) {
    String what = invalidCharacter(text, start);
    errors.add(Kind.LEXICAL, start, spans.range(start, Math.min(end, start + Character.charCount(text.codePointAt(start)))),
        count > 1 ? what + " (and " + (count - 1) + " more invalid characters after it)" : what);
  }

  private static void stopped(Spans spans, SyntaxErrors errors, int start, int end) {
    errors.add(Kind.LEXICAL, start, spans.range(start, end), MAX_LEXICAL_ERRORS
        + " lexical errors (runs of invalid characters, unterminated literals): the rest of the file is not read (is it a text file?)");
  }

  private static boolean isTrailingSurrogate(String text, int at) {
    return at > 0
        && at < text.length()
        && Character.isLowSurrogate(text.charAt(at))
        && Character.isHighSurrogate(text.charAt(at - 1));
  }

  /** gcc's "stray '@' in program", in the form {@code invalid character '@'}. */
  static String invalidCharacter(String text, int at) {
    if (at < 0 || at >= text.length()) {
      return "invalid character";
    }
    int cp = text.codePointAt(at);
    if (cp >= 0x21 && cp < 0x7f) {
      return "invalid character '" + (char) cp + "'";
    }
    return String.format("invalid character U+%04X", cp);
  }
}
