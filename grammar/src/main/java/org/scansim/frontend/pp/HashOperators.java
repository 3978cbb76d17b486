package org.scansim.frontend.pp;

import java.util.List;

/** The two operators of replacement lists: {@code #} (C11 §6.10.3.2) and {@code ##} (§6.10.3.3). */
final class HashOperators {

  private HashOperators() {}

  /**
   * {@code #}: the argument's spelling as a string literal; white space between its tokens becomes
   * one space (with gcc's padding rules for where white space was), and {@code "} and {@code \}
   * inside character constants and string literals are escaped.
   *
   * @param arg the argument, unexpanded, with padding
   * @param src the {@code #} operand in the replacement list (its spelling locates the result)
   * @param finalBackslash called when an odd trailing backslash is dropped (gcc's warning)
   */
  static PpToken stringify(List<PpToken> arg, PpToken src, Runnable finalBackslash) {
    StringBuilder b = new StringBuilder("\"");
    PpToken source = null;
    int backslashes = 0;
    for (PpToken t : arg) {
      if (t.kind == PpToken.Kind.PADDING) {
        if (source == null || (!source.has(PpToken.SPACE_BEFORE) && t.source == null)) {
          source = t.source;
        }
        continue;
      }
      if (b.length() > 1) {
        if (source == null) {
          source = t;
        }
        if (source.has(PpToken.SPACE_BEFORE)) {
          b.append(' ');
        }
      }
      source = null;
      if (t.kind == PpToken.Kind.STRING || t.kind == PpToken.Kind.CHAR) {
        for (int k = 0; k < t.text.length(); k++) {
          char c = t.text.charAt(k);
          if (c == '"' || c == '\\') {
            b.append('\\');
          }
          b.append(c);
        }
      } else {
        b.append(t.text);
      }
      backslashes = t.kind == PpToken.Kind.OTHER && t.text.startsWith("\\") ? backslashes + 1 : 0;
    }
    if ((backslashes & 1) != 0) {
      finalBackslash.run();
      b.setLength(b.length() - 1);
    }
    b.append('"');
    return new PpToken(
        PpToken.Kind.STRING,
        b.toString(),
        src.file,
        src.start,
        src.end,
        src.flags & (PpToken.IN_BODY | PpToken.SPACE_BEFORE),
        null);
  }

  /**
   * {@code ##}: the token spelled by the two spellings together, or null if that is not exactly
   * one preprocessing token (§6.10.3.3p3: undefined; gcc and scansim report an error). The result
   * is located where the left operand was spelled.
   */
  static PpToken paste(PpToken lhs, PpToken rhs) {
    PpToken single = PpLexer.lexSingle(lhs.text + rhs.text);
    if (single == null) {
      return null;
    }
    int flags = lhs.flags & (PpToken.SPACE_BEFORE | PpToken.IN_BODY);
    return new PpToken(single.kind, single.text, lhs.file, lhs.start, lhs.end, flags, null);
  }
}
