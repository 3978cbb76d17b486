package org.scansim.frontend.pp;

import java.util.List;

/** Where the macro expander reads tokens that are not (yet) in a macro expansion. */
interface TokenSource {

  /**
   * The next token; {@link PpToken.Kind#EOF} at the end of the file or directive line, which
   * macro invocations cannot cross. {@code lookingForParen}: the caller only checks whether a
   * {@code (} follows a function-like macro name and pushes back anything else, so a directive
   * line must not be processed yet.
   */
  PpToken next(boolean lookingForParen);

  /** Puts back the token just returned by {@link #next}. */
  void pushBack(PpToken t);

  /** The tokens of one directive line, then EOF. */
  static TokenSource of(List<PpToken> tokens, PpToken eof) {
    return new TokenSource() {
      private int pos;

      @Override
      public PpToken next(boolean lookingForParen) {
        return pos < tokens.size() ? tokens.get(pos++) : eof;
      }

      @Override
      public void pushBack(PpToken t) {
        if (t != eof && pos > 0) {
          pos--;
        }
      }
    };
  }
}
