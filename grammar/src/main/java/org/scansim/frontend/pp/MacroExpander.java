package org.scansim.frontend.pp;

import java.util.ArrayList;
import java.util.List;
import org.scansim.frontend.diag.Diagnostics;
import org.scansim.frontend.diag.Span;

/**
 * Macro replacement (C11 §6.10.3), modelled on gcc's cpplib so that corner cases come out as gcc
 * has them: a stack of contexts (one per macro being rescanned); a macro is disabled while its
 * context is on the stack, and an identifier naming a disabled macro is painted so that it is
 * never expanded again (§6.10.3.4p2). Arguments are collected unexpanded, then each argument is
 * fully expanded on its own (§6.10.3.1) unless it is an operand of {@code #} or {@code ##}; the
 * result is rescanned together with the rest of the source (§6.10.3.4p1), which is how a
 * function-like macro name at the end of an expansion can take its arguments from the file.
 *
 * <p>Recursion depth is bounded: expanding an argument recurses, and so it stops with an error
 * beyond {@link Budget#MAX_NESTING} nested arguments.
 */
final class MacroExpander {

  private static final class Context {
    final Macro macro;
    final List<PpToken> tokens;
    int pos;

    Context(Macro macro, List<PpToken> tokens) {
      this.macro = macro;
      this.tokens = tokens;
    }
  }

  private record Args(List<List<PpToken>> list, boolean varargsAbsent) {}

  private final MacroTable table;
  private final Diagnostics diags;
  private final Budget budget;
  private final TokenSource base;
  /** In a directive line: no padding is produced (gcc's in_directive). */
  private final boolean inDirective;
  private final ArrayList<Context> stack = new ArrayList<>();

  private int preventExpansion;
  private boolean lookingForParen;
  private int collecting;
  private int argDepth;
  private int expansionsStarted;

  /** The token read from the base that started the outermost expansion. */
  private PpToken trigger;
  private PpToken lastFromBase;
  private PpToken prevLastFromBase;
  /** Where the last token came from, for backing it up: a context, or null for the base. */
  private Context lastReadContext;
  private PpToken lastBaseRaw;

  MacroExpander(MacroTable table, Diagnostics diags, Budget budget, TokenSource base, boolean inDirective) {
    this.table = table;
    this.diags = diags;
    this.budget = budget;
    this.base = base;
    this.inDirective = inDirective;
  }

  // ---------------------------------------------------------------- driving

  /**
   * Expands one invocation that starts at the next base token (a macro name), with everything it
   * takes from the base: returns the resulting tokens once no expansion is pending any more.
   */
  List<PpToken> run() {
    List<PpToken> out = new ArrayList<>();
    expansionsStarted = 0;
    do {
      PpToken t = get();
      if (t.kind == PpToken.Kind.EOF) {
        backup();
        break;
      }
      if (t.kind != PpToken.Kind.PADDING) {
        out.add(t);
      }
    } while (!stack.isEmpty());
    return out;
  }

  /** Whether the last {@link #run} replaced at least one macro. */
  boolean expandedAnything() {
    return expansionsStarted > 0;
  }

  /** The first base token consumed by the current expansion. */
  PpToken trigger() {
    return trigger;
  }

  /** The last base token consumed. */
  PpToken lastFromBase() {
    return lastFromBase;
  }

  void preventExpansion(int delta) {
    preventExpansion += delta;
  }

  /** Drops pending expansions (after an error in a directive), enabling their macros again. */
  void abandon() {
    while (!stack.isEmpty()) {
      pop();
    }
  }

  /**
   * Where to report something about {@code t}: its own place when the user wrote it there, else
   * the invocation in the user's code with a note of where the token was spelled.
   */
  Span locate(PpToken t) {
    if (trigger == null || t.file == null) {
      return t.file == null && trigger != null ? trigger.span() : t.file == null ? null : t.span();
    }
    if (!t.has(PpToken.IN_BODY) && t.file == trigger.file) {
      return t.span();
    }
    return locateInvocation(t);
  }

  /** The invocation in the user's code, with a note of where {@code t} was spelled. */
  Span locateInvocation(PpToken t) {
    if (trigger == null || t.file == null) {
      return locate(t);
    }
    int end = trigger.end;
    if (lastFromBase != null && lastFromBase.file == trigger.file && lastFromBase.end > end) {
      end = lastFromBase.end;
    }
    return trigger.file.span(trigger.start, end).withMacro(new Span.MacroNote(trigger.text, t.span()));
  }

  // ---------------------------------------------------------------- token stream

  /** The next token after macro replacement (gcc's cpp_get_token). */
  PpToken get() {
    while (true) {
      PpToken t = readRaw();
      boolean fromBase = lastReadContext == null;
      if (t.kind == PpToken.Kind.PADDING) {
        if (inDirective) {
          continue;
        }
        return t;
      }
      if (t.kind != PpToken.Kind.IDENT || t.has(PpToken.NO_EXPAND)) {
        return t;
      }
      Macro m = table.get(t.text);
      if (m == null) {
        return t;
      }
      if (m.disabled) {
        return t.withFlags(PpToken.NO_EXPAND); // §6.10.3.4p2: never replaced again
      }
      if (preventExpansion > 0 || budget.macrosExhausted()) {
        return t;
      }
      int entered = enter(m, t, fromBase);
      if (entered == 0) {
        return t;
      }
      if (inDirective || entered == 2) {
        continue;
      }
      return PpToken.padding(t);
    }
  }

  private PpToken readRaw() {
    while (true) {
      if (stack.isEmpty()) {
        PpToken t = base.next(lookingForParen);
        lastReadContext = null;
        lastBaseRaw = t;
        prevLastFromBase = lastFromBase;
        if (t.kind != PpToken.Kind.EOF) {
          lastFromBase = t;
        }
        if (collecting > 0 && t.has(PpToken.BOL)) {
          t = t.withFlags(PpToken.SPACE_BEFORE); // a newline inside arguments is white space
        }
        return t;
      }
      Context c = stack.get(stack.size() - 1);
      if (c.pos < c.tokens.size()) {
        lastReadContext = c;
        return c.tokens.get(c.pos++);
      }
      pop();
      if (!inDirective) {
        return PpToken.AVOID_PASTE;
      }
    }
  }

  /** Un-reads the token just returned by {@link #readRaw}. */
  private void backup() {
    if (lastReadContext == null) {
      base.pushBack(lastBaseRaw);
      lastFromBase = prevLastFromBase;
    } else {
      lastReadContext.pos--;
    }
  }

  private void pop() {
    Context c = stack.remove(stack.size() - 1);
    if (c.macro != null) {
      c.macro.disabled = false;
    }
  }

  // ---------------------------------------------------------------- replacement

  /** 0: not replaced; 1: replaced, a context was pushed; 2: replaced by nothing. */
  private int enter(Macro m, PpToken name, boolean fromBase) {
    if (fromBase && stack.isEmpty()) {
      trigger = name;
    }
    if (m.builtin != null) {
      return builtin(m, name);
    }
    List<PpToken> result;
    if (m.functionLike) {
      preventExpansion++;
      PpToken paren = findParen();
      if (paren == null) {
        preventExpansion--;
        return 0;
      }
      if (!budget.chargeExpansion(locate(name))) {
        backup();
        preventExpansion--;
        return 0;
      }
      Args args = collectArgs(m, name);
      preventExpansion--;
      if (args == null) {
        return 0;
      }
      result = substitute(m, args, name);
    } else {
      if (!budget.chargeExpansion(locate(name))) {
        return 0;
      }
      result = substitute(m, null, name);
    }
    if (result == null) {
      return 0;
    }
    m.disabled = true;
    stack.add(new Context(m, result));
    expansionsStarted++;
    return 1;
  }

  /**
   * After a function-like macro's name: the {@code (} that makes it an invocation
   * (§6.10.3p10), or null with the token put back. Crosses the end of expansions into the base.
   */
  private PpToken findParen() {
    PpToken padding = null;
    PpToken t;
    lookingForParen = true;
    try {
      while (true) {
        t = readRaw();
        if (t.kind != PpToken.Kind.PADDING) {
          break;
        }
        if (padding == null
            || padding.source == null
            || (!padding.source.has(PpToken.SPACE_BEFORE) && t.source == null)) {
          padding = t;
        }
      }
    } finally {
      lookingForParen = false;
    }
    if (t.is("(")) {
      return t;
    }
    backup();
    if (padding != null) {
      stack.add(new Context(null, List.of(padding)));
    }
    return null;
  }

  /** The arguments up to the matching {@code )} (§6.10.3p11), or null after an error. */
  private Args collectArgs(Macro m, PpToken name) {
    List<List<PpToken>> args = new ArrayList<>();
    List<PpToken> cur = new ArrayList<>();
    int depth = 0;
    int params = m.params.size();
    collecting++;
    try {
      while (true) {
        PpToken t = get();
        if (t.kind == PpToken.Kind.PADDING) {
          if (!cur.isEmpty()) {
            cur.add(t);
          }
          continue;
        }
        if (t.kind == PpToken.Kind.EOF) {
          diags.error(locate(name), "unterminated argument list invoking macro '" + m.name + "'");
          backup();
          return null;
        }
        if (t.is("(")) {
          depth++;
        } else if (t.is(")")) {
          if (depth-- == 0) {
            break;
          }
        } else if (t.is(",") && depth == 0 && !(m.variadic && args.size() == params - 1)) {
          args.add(trimPadding(cur));
          cur = new ArrayList<>();
          continue;
        }
        cur.add(t);
      }
    } finally {
      collecting--;
    }
    args.add(trimPadding(cur));

    int argc = args.size();
    if (argc == 1 && params == 0 && args.get(0).isEmpty()) {
      argc = 0;
      args.clear();
    }
    if (argc < params && !(argc + 1 == params && m.variadic)) {
      diags.error(
          locate(name),
          "macro '" + m.name + "' requires " + params + " argument" + (params == 1 ? "" : "s")
              + ", but " + argc + " given");
      return null;
    }
    if (argc > params) {
      diags.error(
          locate(name),
          "macro '" + m.name + "' passed " + argc + " argument" + (argc == 1 ? "" : "s")
              + ", but takes just " + params);
      return null;
    }
    // gcc: ", ## __VA_ARGS__" drops the comma only when the variable arguments are absent.
    boolean absent = m.variadic && (argc < params || (argc == 1 && args.get(0).isEmpty()));
    while (args.size() < params) {
      args.add(new ArrayList<>());
    }
    return new Args(args, absent);
  }

  private static List<PpToken> trimPadding(List<PpToken> arg) {
    int n = arg.size();
    while (n > 0 && arg.get(n - 1).kind == PpToken.Kind.PADDING) {
      n--;
    }
    return n == arg.size() ? arg : new ArrayList<>(arg.subList(0, n));
  }

  /**
   * The replacement list with parameters replaced (§6.10.3.1), {@code #} applied (§6.10.3.2) and
   * {@code ##} applied (§6.10.3.3); null if the token budget is exhausted.
   */
  private List<PpToken> substitute(Macro m, Args args, PpToken name) {
    PpToken[] body = m.body;
    List<PpToken> out = new ArrayList<>(body.length + 4);
    List<List<PpToken>> expanded = new ArrayList<>();
    for (int i = 0; i < m.params.size(); i++) {
      expanded.add(null);
    }
    for (int i = 0; i < body.length; i++) {
      PpToken src = body[i];
      int p = m.paramIndex[i];
      if (p < 0) {
        out.add(src);
        continue;
      }
      List<PpToken> arg = args.list().get(p);
      boolean afterPaste = i > 0 && body[i - 1].has(PpToken.PASTE_LEFT);
      int pasteFlagAt = -1;
      List<PpToken> from;
      if (src.has(PpToken.STRINGIFY)) {
        if (!budget.chargeTokens(arg.size() + 1, locate(name))) {
          return null;
        }
        from = List.of(stringify(arg, src));
      } else if (src.has(PpToken.PASTE_LEFT)) {
        from = arg;
      } else if (afterPaste) {
        from = arg;
        if (!out.isEmpty()) {
          int last = out.size() - 1;
          if (out.get(last).is(",") && m.variadic && p == m.params.size() - 1) {
            if (args.varargsAbsent()) {
              out.remove(last); // gcc: ", ## __VA_ARGS__" with no variable arguments
            } else {
              pasteFlagAt = last; // ... else the comma stays and nothing is pasted
            }
          } else if (arg.isEmpty()) {
            pasteFlagAt = last; // a placemarker on the right (§6.10.3.3p3)
          }
        }
      } else {
        if (expanded.get(p) == null) {
          expanded.set(p, expandArg(arg, name));
        }
        from = expanded.get(p);
      }
      if (!inDirective && i > 0 && !afterPaste) {
        out.add(PpToken.padding(src));
      }
      if (!from.isEmpty()) {
        out.addAll(from);
        if (src.has(PpToken.PASTE_LEFT)) {
          pasteFlagAt = out.size() - 1;
        }
      }
      if (!inDirective && !src.has(PpToken.PASTE_LEFT)) {
        out.add(PpToken.AVOID_PASTE);
      }
      if (pasteFlagAt >= 0) {
        PpToken x = out.get(pasteFlagAt);
        out.set(
            pasteFlagAt,
            src.has(PpToken.PASTE_LEFT)
                ? x.withFlags(PpToken.PASTE_LEFT)
                : x.withoutFlags(PpToken.PASTE_LEFT));
      }
    }
    if (!budget.chargeTokens(out.size(), locate(name))) {
      return null;
    }
    return pasteAll(out);
  }

  /** Performs the {@code ##} operations, left to right as gcc does (§6.10.3.3p3). */
  private List<PpToken> pasteAll(List<PpToken> in) {
    boolean any = false;
    for (PpToken t : in) {
      if (t.has(PpToken.PASTE_LEFT)) {
        any = true;
        break;
      }
    }
    if (!any) {
      return in;
    }
    List<PpToken> out = new ArrayList<>(in.size());
    for (int i = 0; i < in.size(); i++) {
      PpToken t = in.get(i);
      if (!t.has(PpToken.PASTE_LEFT) || t.kind == PpToken.Kind.PADDING) {
        out.add(t);
        continue;
      }
      PpToken lhs = t;
      PpToken rhs = null;
      do {
        if (i + 1 >= in.size()) {
          break;
        }
        rhs = in.get(++i);
        if (rhs.kind == PpToken.Kind.PADDING) {
          continue; // a placemarker: nothing to paste
        }
        PpToken pasted = paste(lhs, rhs);
        if (pasted == null) {
          i--; // the right operand is read again on its own
          break;
        }
        lhs = pasted;
      } while (rhs.has(PpToken.PASTE_LEFT));
      if (!inDirective) {
        out.add(PpToken.padding(t));
      }
      out.add(lhs.withoutFlags(PpToken.PASTE_LEFT));
      if (!inDirective) {
        out.add(PpToken.AVOID_PASTE);
      }
    }
    return out;
  }

  private PpToken paste(PpToken lhs, PpToken rhs) {
    PpToken pasted = HashOperators.paste(lhs, rhs);
    if (pasted == null) {
      diags.error(
          locateInvocation(lhs),
          "pasting '" + lhs.text + "' and '" + rhs.text
              + "' does not give a valid preprocessing token");
    }
    return pasted;
  }

  private PpToken stringify(List<PpToken> arg, PpToken src) {
    return HashOperators.stringify(
        arg, src, () -> diags.warning(locate(src), "invalid string literal, ignoring final '\\'"));
  }

  /** §6.10.3.1: an argument is completely macro-replaced as if it formed the rest of the file. */
  private List<PpToken> expandArg(List<PpToken> arg, PpToken name) {
    if (arg.isEmpty()) {
      return arg;
    }
    if (argDepth >= Budget.MAX_NESTING) {
      budget.exhaust(
          locate(name),
          "macro expansion exceeds the limit of " + Budget.MAX_NESTING + " nested arguments");
      return arg;
    }
    argDepth++;
    List<PpToken> tokens = new ArrayList<>(arg.size() + 1);
    tokens.addAll(arg);
    tokens.add(PpToken.ARG_END);
    Context c = new Context(null, tokens);
    stack.add(c);
    List<PpToken> out = new ArrayList<>();
    try {
      while (true) {
        PpToken t = get();
        if (t.kind == PpToken.Kind.EOF) {
          break;
        }
        out.add(t);
      }
    } finally {
      while (!stack.isEmpty()) {
        Context top = stack.get(stack.size() - 1);
        pop();
        if (top == c) {
          break;
        }
      }
      argDepth--;
    }
    return out;
  }

  // ---------------------------------------------------------------- built-ins

  private int builtin(Macro m, PpToken name) {
    if (m.builtin == Macro.Builtin.PRAGMA) {
      return inDirective ? 0 : pragmaOperator(name);
    }
    PpToken where = trigger != null ? trigger : name;
    String text;
    PpToken.Kind kind;
    if (m.builtin == Macro.Builtin.FILE) {
      kind = PpToken.Kind.STRING;
      text = quote(where.file.name());
    } else {
      kind = PpToken.Kind.NUMBER;
      text = Integer.toString(where.file.lineOf(where.start));
    }
    PpToken t =
        new PpToken(
            kind, text, name.file, name.start, name.end,
            name.flags & (PpToken.IN_BODY | PpToken.SPACE_BEFORE), null);
    stack.add(new Context(null, List.of(t)));
    expansionsStarted++;
    return 1;
  }

  /** {@code _Pragma ( string-literal )} (C11 §6.10.9): pragmas are ignored, so it vanishes. */
  private int pragmaOperator(PpToken name) {
    PpToken open = nextNonPadding();
    if (open.is("(")) {
      PpToken str = nextNonPadding();
      if (str.kind == PpToken.Kind.STRING) {
        PpToken close = nextNonPadding();
        if (close.is(")")) {
          expansionsStarted++;
          return 2;
        }
      }
    }
    diags.error(locate(name), "_Pragma takes a parenthesized string literal");
    return 0;
  }

  private PpToken nextNonPadding() {
    PpToken t;
    do {
      t = get();
    } while (t.kind == PpToken.Kind.PADDING);
    if (t.kind == PpToken.Kind.EOF) {
      backup();
    }
    return t;
  }

  static String quote(String s) {
    StringBuilder b = new StringBuilder("\"");
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '"' || c == '\\') {
        b.append('\\');
      }
      b.append(c);
    }
    return b.append('"').toString();
  }
}
