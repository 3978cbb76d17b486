package org.scansim.frontend.pp;

import java.util.ArrayList;
import java.util.List;
import org.scansim.frontend.diag.Diagnostics;
import org.scansim.frontend.diag.Span;

/**
 * Turns the tokens of a {@code #define} line (after the word {@code define}) into a {@link Macro},
 * checking the constraints of C11 §6.10.3: the name is an identifier other than {@code defined};
 * a function-like macro's {@code (} follows the name without white space (§6.10.3p10); parameters
 * are distinct identifiers, optionally ending in {@code ...} (p12, or gcc's named {@code args...});
 * {@code #} is followed by a parameter (§6.10.3.2p1); {@code ##} is at neither end (§6.10.3.3p1).
 */
final class MacroDefinitionParser {

  private MacroDefinitionParser() {}

  /** The macro, or null after reporting why the definition is invalid. */
  static Macro parse(List<PpToken> toks, Span whereIfEmpty, Diagnostics diags) {
    if (toks.isEmpty()) {
      diags.error(whereIfEmpty, "no macro name given in #define directive");
      return null;
    }
    PpToken name = toks.get(0);
    if (!checkName(name, diags)) {
      return null;
    }
    int n = toks.size();
    int i = 1;
    List<String> params = new ArrayList<>();
    boolean variadic = false;
    boolean functionLike = false;
    if (i < n && toks.get(i).is("(") && !toks.get(i).has(PpToken.SPACE_BEFORE)) {
      functionLike = true;
      PpToken open = toks.get(i++);
      if (i < n && toks.get(i).is(")")) {
        i++;
      } else {
        while (true) {
          if (i >= n) {
            diags.error(open.span(), "missing ')' in macro parameter list");
            return null;
          }
          PpToken p = toks.get(i++);
          if (p.is("...")) {
            variadic = true;
            params.add("__VA_ARGS__");
          } else if (p.kind != PpToken.Kind.IDENT) {
            diags.error(p.span(), "expected parameter name, found '" + p.text + "'");
            return null;
          } else if (p.text.equals("__VA_ARGS__")) {
            diags.error(p.span(), "'__VA_ARGS__' can not be used as a parameter name");
            return null;
          } else if (params.contains(p.text)) {
            diags.error(p.span(), "duplicate macro parameter '" + p.text + "'");
            return null;
          } else {
            params.add(p.text);
            if (i < n && toks.get(i).is("...")) { // gcc's named variadic parameter
              variadic = true;
              i++;
            }
          }
          if (i >= n) {
            diags.error(open.span(), "missing ')' in macro parameter list");
            return null;
          }
          PpToken sep = toks.get(i++);
          if (sep.is(")")) {
            break;
          }
          if (variadic) {
            diags.error(sep.span(), "expected ')' after '...', found '" + sep.text + "'");
            return null;
          }
          if (!sep.is(",")) {
            diags.error(sep.span(), "expected ',' or ')', found '" + sep.text + "'");
            return null;
          }
        }
      }
    }

    List<PpToken> raw = new ArrayList<>();
    for (int j = i; j < n; j++) {
      PpToken t = toks.get(j).withFlags(PpToken.IN_BODY);
      raw.add(j == i ? t.withoutFlags(PpToken.SPACE_BEFORE) : t);
    }

    List<PpToken> body = new ArrayList<>();
    List<Integer> index = new ArrayList<>();
    boolean afterPaste = false;
    for (int j = 0; j < raw.size(); j++) {
      PpToken t = raw.get(j);
      if (functionLike && t.isHash()) {
        PpToken operand = j + 1 < raw.size() ? raw.get(j + 1) : null;
        int p = operand == null ? -1 : paramOf(operand, params);
        if (p < 0) {
          diags.error(t.span(), "'#' is not followed by a macro parameter");
          return null;
        }
        body.add(
            new PpToken(
                PpToken.Kind.IDENT,
                operand.text,
                t.file,
                t.start,
                operand.end,
                (t.flags & PpToken.SPACE_BEFORE) | PpToken.IN_BODY | PpToken.STRINGIFY,
                null));
        index.add(p);
        j++;
        afterPaste = false;
        continue;
      }
      if (t.isHashHash()) {
        if (body.isEmpty() || j == raw.size() - 1) {
          diags.error(t.span(), "'##' cannot appear at either end of a macro expansion");
          return null;
        }
        if (!afterPaste) {
          int last = body.size() - 1;
          body.set(last, body.get(last).withFlags(PpToken.PASTE_LEFT));
        }
        afterPaste = true;
        continue;
      }
      afterPaste = false;
      int p = functionLike ? paramOf(t, params) : -1;
      if (p < 0 && t.isIdent("__VA_ARGS__")) {
        diags.warning(
            t.span(), "'__VA_ARGS__' can only appear in the expansion of a variadic macro");
      }
      body.add(t);
      index.add(p);
    }
    int[] paramIndex = index.stream().mapToInt(Integer::intValue).toArray();
    return new Macro(
        name.text,
        name,
        functionLike,
        params,
        variadic,
        body.toArray(new PpToken[0]),
        paramIndex,
        raw,
        null);
  }

  /** Checks that {@code name} may be defined or undefined (§6.10.8p2 for 'defined'). */
  static boolean checkName(PpToken name, Diagnostics diags) {
    if (name.kind != PpToken.Kind.IDENT) {
      diags.error(name.span(), "macro names must be identifiers");
      return false;
    }
    if (name.text.equals("defined")) {
      diags.error(name.span(), "'defined' cannot be used as a macro name");
      return false;
    }
    if (name.text.equals("__VA_ARGS__")) {
      diags.error(
          name.span(), "'__VA_ARGS__' can only appear in the expansion of a variadic macro");
      return false;
    }
    return true;
  }

  private static int paramOf(PpToken t, List<String> params) {
    return t.kind == PpToken.Kind.IDENT ? params.indexOf(t.text) : -1;
  }
}
