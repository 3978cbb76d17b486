package org.scansim.frontend.pp;

import java.util.List;

/**
 * One macro definition (C11 §6.10.3). The replacement list is kept twice: {@link #body} as the
 * expander uses it (the {@code #} and {@code ##} operators folded into flags of their operands,
 * like gcc), and {@link #rawBody} as written, to decide whether a redefinition is identical
 * (§6.10.3p2).
 *
 * <p>The {@link #disabled} flag is the expander's "this macro is being rescanned" mark
 * (§6.10.3.4p2); it belongs to one preprocessing run, whose macro table owns this object.
 */
final class Macro {

  /** Macros computed by the preprocessor rather than defined by text. */
  enum Builtin {
    FILE,
    LINE,
    PRAGMA
  }

  final String name;
  /** The name token in the defining directive; null for computed built-ins. */
  final PpToken nameToken;
  final boolean functionLike;
  final List<String> params;
  final boolean variadic;
  /** Replacement list with {@code #}/{@code ##} folded into STRINGIFY / PASTE_LEFT flags. */
  final PpToken[] body;
  /** For each element of {@link #body}: the index of the parameter it names, or -1. */
  final int[] paramIndex;
  final List<PpToken> rawBody;
  final Builtin builtin;

  boolean disabled;

  Macro(
      String name,
      PpToken nameToken,
      boolean functionLike,
      List<String> params,
      boolean variadic,
      PpToken[] body,
      int[] paramIndex,
      List<PpToken> rawBody,
      Builtin builtin) {
    this.name = name;
    this.nameToken = nameToken;
    this.functionLike = functionLike;
    this.params = List.copyOf(params);
    this.variadic = variadic;
    this.body = body;
    this.paramIndex = paramIndex;
    this.rawBody = List.copyOf(rawBody);
    this.builtin = builtin;
  }

  static Macro builtin(String name, Builtin kind) {
    return new Macro(name, null, false, List.of(), false, new PpToken[0], new int[0], List.of(), kind);
  }

  /** Same parameters and same replacement list, white-space separation included (§6.10.3p2). */
  boolean sameDefinitionAs(Macro other) {
    if (builtin != null || other.builtin != null) {
      return builtin == other.builtin;
    }
    if (functionLike != other.functionLike
        || variadic != other.variadic
        || !params.equals(other.params)
        || rawBody.size() != other.rawBody.size()) {
      return false;
    }
    for (int i = 0; i < rawBody.size(); i++) {
      PpToken a = rawBody.get(i);
      PpToken b = other.rawBody.get(i);
      if (!a.text.equals(b.text)) {
        return false;
      }
      if (i > 0 && a.has(PpToken.SPACE_BEFORE) != b.has(PpToken.SPACE_BEFORE)) {
        return false;
      }
    }
    return true;
  }
}
