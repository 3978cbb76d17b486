package org.scansim.frontend.pp;

import org.scansim.frontend.diag.SourceFile;
import org.scansim.frontend.diag.Span;

/**
 * One preprocessing token (C11 §6.4): its kind, its spelling with line splices removed, and where
 * it was spelled (raw character offsets of its {@link SourceFile}, splices included). Tokens are
 * immutable; a changed flag makes a copy that keeps the spelling location, so a token that travels
 * through macro expansion can still be traced back to where it was written.
 */
final class PpToken {

  enum Kind {
    IDENT,
    NUMBER,
    CHAR,
    STRING,
    PUNCT,
    /** A character that is no other token, or an unterminated literal (rest of the line). */
    OTHER,
    /** {@code <name>} or {@code "name"} right after {@code #include} (C11 §6.4.7). */
    HEADER_NAME,
    /** gcc's padding marker: no token, only whitespace information for {@code #} (§6.10.3.2). */
    PADDING,
    EOF
  }

  /** White space (or a comment) precedes the token. */
  static final int SPACE_BEFORE = 1;
  /** First token of a (logical) line. */
  static final int BOL = 1 << 1;
  /** An identifier "painted blue": it named a macro inside that macro's own expansion (§6.10.3.4p2). */
  static final int NO_EXPAND = 1 << 2;
  /** Spelled in a macro's replacement list (of a #define, a -D option or a built-in). */
  static final int IN_BODY = 1 << 3;
  /** The spelling contains a line splice, so {@link #text} differs from the raw characters. */
  static final int SPLICED = 1 << 4;
  /** A character or string literal without its closing quote (kind {@link Kind#OTHER}). */
  static final int UNTERMINATED = 1 << 5;
  /** In a replacement list: the left operand of {@code ##}. */
  static final int PASTE_LEFT = 1 << 6;
  /** In a replacement list: a parameter that is the operand of {@code #}. */
  static final int STRINGIFY = 1 << 7;

  /** The padding that gcc calls "avoid paste": it carries no source. */
  static final PpToken AVOID_PASTE = new PpToken(Kind.PADDING, "", null, 0, 0, 0, null);
  /** Ends the tokens of a macro argument while it is expanded (§6.10.3.1). */
  static final PpToken ARG_END = new PpToken(Kind.EOF, "", null, 0, 0, 0, null);

  final Kind kind;
  final String text;
  final SourceFile file;
  final int start;
  final int end;
  final int flags;
  /** For {@link Kind#PADDING}: the token whose leading white space the padding stands for. */
  final PpToken source;

  PpToken(Kind kind, String text, SourceFile file, int start, int end, int flags, PpToken source) {
    this.kind = kind;
    this.text = text;
    this.file = file;
    this.start = start;
    this.end = end;
    this.flags = flags;
    this.source = source;
  }

  static PpToken padding(PpToken source) {
    return new PpToken(Kind.PADDING, "", null, 0, 0, 0, source);
  }

  boolean has(int flag) {
    return (flags & flag) != 0;
  }

  PpToken withFlags(int set) {
    return (flags | set) == flags ? this : new PpToken(kind, text, file, start, end, flags | set, source);
  }

  PpToken withoutFlags(int clear) {
    return (flags & ~clear) == flags
        ? this
        : new PpToken(kind, text, file, start, end, flags & ~clear, source);
  }

  boolean is(String punctuator) {
    return kind == Kind.PUNCT && text.equals(punctuator);
  }

  boolean isIdent(String name) {
    return kind == Kind.IDENT && text.equals(name);
  }

  /** {@code #} or its digraph {@code %:} (C11 §6.4.6p3). */
  boolean isHash() {
    return kind == Kind.PUNCT && (text.equals("#") || text.equals("%:"));
  }

  /** {@code ##} or its digraph {@code %:%:}. */
  boolean isHashHash() {
    return kind == Kind.PUNCT && (text.equals("##") || text.equals("%:%:"));
  }

  /** Where the token was spelled. */
  Span span() {
    return file.span(start, end);
  }

  @Override
  public String toString() {
    return kind == Kind.PADDING ? "<pad>" : kind == Kind.EOF ? "<eof>" : text;
  }
}
