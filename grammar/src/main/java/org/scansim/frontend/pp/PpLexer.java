package org.scansim.frontend.pp;

import java.util.Set;
import org.scansim.frontend.diag.Diagnostics;
import org.scansim.frontend.diag.SourceFile;

/**
 * Splits source text into preprocessing tokens (C11 §6.4), after the first translation phases:
 * line splicing (§5.1.1.2 phase 2: a backslash before a newline joins two lines) and comments
 * (phase 3: each comment is one space; a block comment may span lines without ending the logical
 * line). Tokens keep raw offsets so every character can be traced back to the file.
 *
 * <p>Lexing follows C++17 where it differs from C (the input is CUDA C++): {@code ::}, {@code .*},
 * {@code ->*}, digit separators in pp-numbers and the {@code <::} rule. CUDA's launch brackets
 * {@code <<<} and {@code >>>} are single tokens so that they survive macro expansion unchanged.
 */
final class PpLexer {

  private static final Set<String> PUNCT3 = Set.of("...", "<<=", ">>=", "->*", "<<<", ">>>");
  private static final Set<String> PUNCT2 =
      Set.of(
          "->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||", "*=", "/=", "%=", "+=",
          "-=", "&=", "^=", "|=", "##", "<:", ":>", "<%", "%>", "%:", "::", ".*");
  private static final String PUNCT1 = "[](){}.&*+-~!/%<>^|?:;=,#";

  private final SourceFile file;
  private final String s;
  /**
   * The first backslash at or after offset {@code backslashFrom} (MAX_VALUE: none): tokens come
   * in order, so each one need not search the rest of the file for one.
   */
  private int nextBackslash = -1;
  private int backslashFrom = Integer.MAX_VALUE;
  private final int limit;
  private final Diagnostics diags;
  private int pos;
  private boolean atLineStart;
  private PpToken peeked;

  PpLexer(SourceFile file, Diagnostics diags) {
    this(file, 0, file.text().length(), diags);
  }

  /** Lexes the characters {@code [start, end)} of {@code file}; the first token counts as BOL. */
  PpLexer(SourceFile file, int start, int end, Diagnostics diags) {
    this.file = file;
    this.s = file.text();
    this.limit = end;
    this.diags = diags;
    this.pos = skipSplices(s, start, limit);
    this.atLineStart = true;
  }

  SourceFile file() {
    return file;
  }

  /** The next token; {@link PpToken.Kind#EOF} (repeatedly) at the end. */
  PpToken next() {
    if (peeked != null) {
      PpToken t = peeked;
      peeked = null;
      return t;
    }
    boolean space = false;
    boolean bol = atLineStart;
    atLineStart = false;
    while (pos < limit) {
      char c = s.charAt(pos);
      if (c == '\n') {
        bol = true;
        space = false;
        pos = skipSplices(s, pos + 1, limit);
      } else if (c == ' ' || c == '\t' || c == '\f' || c == 0x0B || c == '\r' || c == '\uFEFF') {
        space = true;
        pos = skipSplices(s, pos + 1, limit);
      } else if (c == '/' && commentAt(pos)) {
        space = true;
        pos = skipSplices(s, skipComment(pos), limit);
      } else {
        break;
      }
    }
    int flags = (space ? PpToken.SPACE_BEFORE : 0) | (bol ? PpToken.BOL : 0);
    if (pos >= limit) {
      atLineStart = true;
      return new PpToken(PpToken.Kind.EOF, "", file, limit, limit, flags, null);
    }
    return lexToken(flags);
  }

  /** Puts back the one token just read (one token of look-ahead). */
  void pushBack(PpToken t) {
    peeked = t;
  }

  /**
   * After {@code #include}: a header name (C11 §6.4.7) if one follows on this line, else null and
   * nothing is consumed. Must be called with no token pushed back.
   */
  PpToken headerName() {
    if (peeked != null) {
      return null;
    }
    int p = pos;
    boolean space = false;
    while (p < limit) {
      char c = s.charAt(p);
      if (c == ' ' || c == '\t' || c == '\f' || c == 0x0B || c == '\r') {
        space = true;
        p = skipSplices(s, p + 1, limit);
      } else if (c == '/' && commentAt(p)) {
        space = true;
        p = skipSplices(s, skipComment(p), limit);
      } else {
        break;
      }
    }
    if (p >= limit || (s.charAt(p) != '<' && s.charAt(p) != '"')) {
      return null;
    }
    char close = s.charAt(p) == '<' ? '>' : '"';
    int q = skipSplices(s, p + 1, limit);
    while (q < limit && s.charAt(q) != '\n') {
      if (s.charAt(q) == close) {
        int end = q + 1;
        pos = skipSplices(s, end, limit);
        return make(PpToken.Kind.HEADER_NAME, p, end, space ? PpToken.SPACE_BEFORE : 0);
      }
      q = skipSplices(s, q + 1, limit);
    }
    return null;
  }

  private boolean commentAt(int p) {
    if (s.charAt(p) != '/') {
      return false;
    }
    int n = skipSplices(s, p + 1, limit);
    return n < limit && (s.charAt(n) == '*' || s.charAt(n) == '/');
  }

  /** Skips the comment starting at {@code p}; reports an unterminated block comment. */
  private int skipComment(int p) {
    int n = skipSplices(s, p + 1, limit);
    if (s.charAt(n) == '/') {
      return lineCommentEnd(s, p, limit);
    }
    int end = blockCommentEnd(s, p, limit);
    if (end < 0) {
      diags.error(file.span(p, n + 1), "unterminated comment");
      return limit;
    }
    return end;
  }

  private PpToken lexToken(int flags) {
    int p0 = pos;
    char c = s.charAt(p0);
    if (isIdentStart(c)) {
      int e = scanIdent(p0);
      String text = spelling(p0, e);
      if (text.equals("L") || text.equals("u") || text.equals("U") || text.equals("u8")) {
        int q = skipSplices(s, e, limit);
        if (q < limit && (s.charAt(q) == '"' || s.charAt(q) == '\'')) {
          return lexLiteral(p0, q, flags);
        }
      }
      return finish(PpToken.Kind.IDENT, p0, e, flags);
    }
    if (isDigit(c) || (c == '.' && isDigit(charAt(skipSplices(s, p0 + 1, limit))))) {
      return finish(PpToken.Kind.NUMBER, p0, scanNumber(p0), flags);
    }
    if (c == '"' || c == '\'') {
      return lexLiteral(p0, p0, flags);
    }
    return lexPunctuator(p0, flags);
  }

  private int scanIdent(int p) {
    int q = p;
    int last = p;
    while (q < limit && isIdentChar(s.charAt(q))) {
      last = q + 1;
      q = skipSplices(s, q + 1, limit);
    }
    return last;
  }

  /** pp-number (C11 §6.4.8, with C++14 digit separators). */
  private int scanNumber(int p) {
    int q = p;
    int last = p;
    while (q < limit) {
      char c = s.charAt(q);
      if (c == 'e' || c == 'E' || c == 'p' || c == 'P') {
        last = q + 1;
        q = skipSplices(s, q + 1, limit);
        if (q < limit && (s.charAt(q) == '+' || s.charAt(q) == '-')) {
          last = q + 1;
          q = skipSplices(s, q + 1, limit);
        }
      } else if (isIdentChar(c) || c == '.') {
        last = q + 1;
        q = skipSplices(s, q + 1, limit);
      } else if (c == '\'' && isIdentChar(charAt(skipSplices(s, q + 1, limit)))) {
        last = q + 1;
        q = skipSplices(s, q + 1, limit);
      } else {
        break;
      }
    }
    return last;
  }

  /** A character constant or string literal whose quote is at {@code quoteAt} (§6.4.4.4, §6.4.5). */
  private PpToken lexLiteral(int p0, int quoteAt, int flags) {
    char quote = s.charAt(quoteAt);
    int q = skipSplices(s, quoteAt + 1, limit);
    while (q < limit && s.charAt(q) != '\n') {
      char c = s.charAt(q);
      if (c == quote) {
        return finish(quote == '"' ? PpToken.Kind.STRING : PpToken.Kind.CHAR, p0, q + 1, flags);
      }
      q = skipSplices(s, q + 1, limit);
      if (c == '\\' && q < limit && s.charAt(q) != '\n') {
        q = skipSplices(s, q + 1, limit);
      }
    }
    // Unterminated: like gcc, the rest of the line is one "other" token.
    int e = q;
    while (e > p0 && (s.charAt(e - 1) == '\r')) {
      e--;
    }
    return finish(PpToken.Kind.OTHER, p0, e, flags | PpToken.UNTERMINATED);
  }

  private PpToken lexPunctuator(int p0, int flags) {
    char[] cs = new char[4];
    int[] raw = new int[4];
    int n = 0;
    for (int q = p0; n < 4 && q < limit; q = skipSplices(s, q + 1, limit)) {
      cs[n] = s.charAt(q);
      raw[n++] = q;
    }
    String all = new String(cs, 0, n);
    int len = 0;
    if (all.startsWith("<::") && (n < 4 || (cs[3] != ':' && cs[3] != '>'))) {
      len = 1; // C++11 [lex.pptoken]p3: "<::" is "<" "::" unless followed by ':' or '>'
    } else if (all.equals("%:%:")) {
      len = 4;
    } else if (n >= 3 && PUNCT3.contains(all.substring(0, 3))) {
      len = 3;
    } else if (n >= 2 && PUNCT2.contains(all.substring(0, 2))) {
      len = 2;
    } else if (PUNCT1.indexOf(cs[0]) >= 0) {
      len = 1;
    }
    if (len == 0) {
      return finish(PpToken.Kind.OTHER, p0, raw[0] + 1, flags);
    }
    return finish(PpToken.Kind.PUNCT, p0, raw[len - 1] + 1, flags);
  }

  private PpToken finish(PpToken.Kind kind, int start, int end, int flags) {
    PpToken t = make(kind, start, end, flags);
    pos = skipSplices(s, end, limit);
    return t;
  }

  private PpToken make(PpToken.Kind kind, int start, int end, int flags) {
    String text = spelling(start, end);
    if (text.length() != end - start) {
      flags |= PpToken.SPLICED;
    }
    return new PpToken(kind, text, file, start, end, flags, null);
  }

  /** The characters of {@code [start, end)} with line splices removed. */
  private String spelling(int start, int end) {
    if (start < backslashFrom || nextBackslash < start) {
      int bs = s.indexOf('\\', start);
      nextBackslash = bs < 0 ? Integer.MAX_VALUE : bs;
      backslashFrom = start;
    }
    if (nextBackslash >= end) {
      return s.substring(start, end);
    }
    return logical(s, start, end);
  }

  private int charAt(int p) {
    return p < limit ? s.charAt(p) : -1;
  }

  // ---- helpers shared with the output writer and the source map ----

  /** The characters of {@code s[start, end)} with line splices removed. */
  static String logical(String s, int start, int end) {
    StringBuilder b = new StringBuilder(end - start);
    for (int p = skipSplices(s, start, end); p < end; p = skipSplices(s, p + 1, end)) {
      b.append(s.charAt(p));
    }
    return b.toString();
  }

  /** Length of the line splice (backslash, optional CR, newline) at {@code p}, or 0. */
  static int spliceAt(String s, int p, int limit) {
    if (p < limit && s.charAt(p) == '\\') {
      if (p + 1 < limit && s.charAt(p + 1) == '\n') {
        return 2;
      }
      if (p + 2 < limit && s.charAt(p + 1) == '\r' && s.charAt(p + 2) == '\n') {
        return 3;
      }
    }
    return 0;
  }

  /** The first position at or after {@code p} that does not start a line splice. */
  static int skipSplices(String s, int p, int limit) {
    int n;
    while ((n = spliceAt(s, p, limit)) > 0) {
      p += n;
    }
    return p;
  }

  /** End (exclusive) of the block comment whose '/' is at {@code p}, or -1 if unterminated. */
  static int blockCommentEnd(String s, int p, int limit) {
    int star = skipSplices(s, p + 1, limit);
    int q = skipSplices(s, star + 1, limit);
    while (q < limit) {
      if (s.charAt(q) == '*') {
        int n = skipSplices(s, q + 1, limit);
        if (n < limit && s.charAt(n) == '/') {
          return n + 1;
        }
        q = n;
      } else {
        q = skipSplices(s, q + 1, limit);
      }
    }
    return -1;
  }

  /** Position of the newline ending the line comment at {@code p} (or the limit). */
  static int lineCommentEnd(String s, int p, int limit) {
    int q = p;
    while (q < limit && s.charAt(q) != '\n') {
      q = skipSplices(s, q + 1, limit);
    }
    return Math.min(q, limit);
  }

  /** gcc's wording for an unterminated literal token. */
  static String unterminatedMessage(PpToken t) {
    int sq = t.text.indexOf('\'');
    int dq = t.text.indexOf('"');
    char quote = dq < 0 || (sq >= 0 && sq < dq) ? '\'' : '"';
    return "missing terminating " + quote + " character";
  }

  static boolean isIdentStart(int c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$' || c >= 0x80;
  }

  static boolean isIdentChar(int c) {
    return isIdentStart(c) || isDigit(c);
  }

  static boolean isDigit(int c) {
    return c >= '0' && c <= '9';
  }

  /**
   * The single token spelled by {@code text}, or null if it is not exactly one preprocessing
   * token; used to check a {@code ##} paste (C11 §6.10.3.3p3).
   */
  static PpToken lexSingle(String text) {
    if (text.isEmpty() || text.indexOf('\n') >= 0) {
      return null;
    }
    PpLexer lx = new PpLexer(new SourceFile("<paste>", text), new Diagnostics());
    PpToken t = lx.next();
    if (t.kind == PpToken.Kind.EOF || t.start != 0 || t.end != text.length()) {
      return null;
    }
    return t;
  }
}
