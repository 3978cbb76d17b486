package org.scansim.frontend.pp;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.IntSupplier;
import org.scansim.frontend.diag.Diagnostics;
import org.scansim.frontend.diag.SourceFile;
import org.scansim.frontend.diag.Span;

/**
 * Executes preprocessing directives (C11 §6.10): conditional inclusion and the skipping of groups
 * (§6.10.1), {@code #include} (§6.10.2), {@code #define} / {@code #undef} (§6.10.3), {@code #line}
 * (§6.10.4, accepted and ignored), {@code #error} (§6.10.5), {@code #pragma} (§6.10.6, only
 * {@code once} has an effect), the null directive (§6.10.7), and gcc's {@code #warning},
 * {@code #ident} and line markers. Each directive line, and each skipped group, is recorded as a
 * blank range of its file, written out as its newlines only.
 */
final class DirectiveProcessor {

  private final Diagnostics diags;
  private final MacroTable table;
  private final Budget budget;
  private final IncludeLoader loader;
  private final Set<String> onceFiles;
  private final IntSupplier includeDepth;

  DirectiveProcessor(
      Diagnostics diags, MacroTable table, Budget budget, IncludeLoader loader,
      Set<String> onceFiles, IntSupplier includeDepth) {
    this.diags = diags;
    this.table = table;
    this.budget = budget;
    this.loader = loader;
    this.onceFiles = onceFiles;
    this.includeDepth = includeDepth;
  }

  /**
   * Processes the directive introduced by {@code hash} (the first token of a line). Returns the
   * file a {@code #include} asks to read at this point, or null.
   *
   * @param inArguments the directive is inside the arguments of a macro invocation
   *     (§6.10.3p11: undefined; like gcc, everything but #include works)
   */
  SourceFile process(FileState fs, PpToken hash, boolean inArguments) {
    PpLexer lx = fs.lexer;
    PpToken name = lx.next();
    if (name.has(PpToken.BOL) || name.kind == PpToken.Kind.EOF) {
      lx.pushBack(name); // the null directive
      blank(fs, hash.start, hash.end);
      return null;
    }
    if (name.kind == PpToken.Kind.NUMBER) { // gcc line marker "# 33 "file""
      blank(fs, hash.start, end(name, readLine(lx)));
      return null;
    }
    if (name.kind != PpToken.Kind.IDENT) {
      diags.error(name.span(), "invalid preprocessing directive");
      blank(fs, hash.start, end(name, readLine(lx)));
      return null;
    }
    if (name.text.equals("include")) {
      return include(fs, hash, name, inArguments);
    }
    List<PpToken> rest = readLine(lx);
    int end = end(name, rest);
    switch (name.text) {
      case "define" -> {
        for (PpToken t : rest) {
          if (t.has(PpToken.UNTERMINATED)) {
            diags.warning(t.span(), PpLexer.unterminatedMessage(t));
          }
        }
        Macro m = MacroDefinitionParser.parse(rest, name.span(), diags);
        if (m != null) {
          table.define(m);
        }
      }
      case "undef" -> {
        if (rest.isEmpty()) {
          diags.error(name.span(), "no macro name given in #undef directive");
        } else if (MacroDefinitionParser.checkName(rest.get(0), diags)) {
          extraTokens(rest, 1, "undef");
          table.undef(rest.get(0));
        }
      }
      case "if" -> {
        boolean value = evaluate(fs, name, rest, end);
        fs.conditionals.push(new FileState.Conditional(hash, name, false, value));
        if (!value) {
          end = Math.max(end, skipGroup(fs));
        }
      }
      case "ifdef", "ifndef" -> {
        boolean value = definedTest(name, rest);
        fs.conditionals.push(new FileState.Conditional(hash, name, false, value));
        if (!value) {
          end = Math.max(end, skipGroup(fs));
        }
      }
      case "elif", "elifdef", "elifndef", "else" -> {
        FileState.Conditional c = fs.conditionals.peek();
        boolean isElse = name.text.equals("else");
        if (c == null) {
          diags.error(name.span(), "#" + name.text + " without #if");
        } else {
          if (c.sawElse) {
            diags.error(name.span(), "#" + name.text + " after #else");
          }
          if (isElse) {
            c.sawElse = true;
            extraTokens(rest, 0, "else");
          }
          // The group before was included: everything up to #endif is skipped.
          end = Math.max(end, skipGroup(fs));
        }
      }
      case "endif" -> {
        if (fs.conditionals.isEmpty()) {
          diags.error(name.span(), "#endif without #if");
        } else {
          fs.conditionals.pop();
          extraTokens(rest, 0, "endif");
        }
      }
      case "line", "ident", "sccs" -> {}
      case "pragma" -> {
        if (!rest.isEmpty() && rest.get(0).isIdent("once")) {
          onceFiles.add(fs.file.name());
        }
      }
      case "error", "warning" -> {
        String message = "#" + name.text + (rest.isEmpty() ? "" : " " + spell(rest));
        Span at = fs.file.span(hash.start, end);
        if (name.text.equals("error")) {
          diags.error(at, message);
        } else {
          diags.warning(at, message);
        }
      }
      case "include_next", "import" ->
          diags.error(name.span(), "#" + name.text + " is not supported");
      default -> diags.error(name.span(), "invalid preprocessing directive #" + name.text);
    }
    blank(fs, hash.start, end);
    return null;
  }

  /** Reports the conditionals left open at the end of a file (§6.10.1: they cannot span files). */
  void endOfFile(FileState fs) {
    for (Iterator<FileState.Conditional> it = fs.conditionals.descendingIterator(); it.hasNext(); ) {
      FileState.Conditional c = it.next();
      diags.error(fs.file.span(c.hash.start, c.name.end), "unterminated #" + c.name.text);
    }
    fs.conditionals.clear();
  }

  // ---------------------------------------------------------------- #include (§6.10.2)

  private SourceFile include(FileState fs, PpToken hash, PpToken name, boolean inArguments) {
    PpLexer lx = fs.lexer;
    PpToken header = lx.headerName();
    List<PpToken> rest = readLine(lx);
    int end = header == null ? end(name, rest) : Math.max(header.end, end(name, rest));
    blank(fs, hash.start, end);
    Span directive = fs.file.span(hash.start, end);
    String target;
    Span targetSpan;
    if (header != null) {
      extraTokens(rest, 0, "include");
      if (header.text.startsWith("<")) {
        return system(fs, header.text.substring(1, header.text.length() - 1), header.span(), directive, inArguments);
      }
      target = header.text.substring(1, header.text.length() - 1);
      targetSpan = header.span();
    } else {
      // §6.10.2p4: the tokens are macro-replaced and must then form one of the two forms.
      List<PpToken> toks = expandLine(fs, rest, end);
      if (!toks.isEmpty() && toks.get(0).is("<")) {
        return null;
      }
      if (toks.isEmpty() || toks.get(0).kind != PpToken.Kind.STRING || !toks.get(0).text.startsWith("\"")) {
        diags.error(rest.isEmpty() ? name.span() : rest.get(0).span(), "#include expects \"FILENAME\" or <FILENAME>");
        return null;
      }
      PpToken t = toks.get(0);
      target = t.text.substring(1, t.text.length() - 1);
      targetSpan = rest.get(0).span();
    }
    if (target.isEmpty()) {
      diags.error(targetSpan, "empty filename in #include");
      return null;
    }
    if (inArguments) {
      diags.error(directive, "#include inside the arguments of a macro invocation is not supported");
      return null;
    }
    if (includeDepth.getAsInt() >= Budget.MAX_INCLUDE_DEPTH) {
      diags.error(
          directive,
          "#include nested depth " + includeDepth.getAsInt() + " exceeds maximum of "
              + Budget.MAX_INCLUDE_DEPTH);
      return null;
    }
    if (!budget.chargeInclude(directive)) {
      return null;
    }
    Optional<SourceFile> loaded = read(() -> loader.load(fs.file, target), target, targetSpan);
    if (loaded == null) {
      return null;
    }
    if (loaded.isEmpty()) {
      // As a compiler does, a quoted name not found beside the file (or on the include path) is
      // looked for among the system headers: built in, like <...>.
      if (SystemHeaders.known(target)) {
        return builtIn(target);
      }
      diags.error(targetSpan, target + ": No such file or directory");
      return null;
    }
    return onceFiles.contains(loaded.get().name()) ? null : loaded.get();
  }

  /**
   * {@code #include <name>}: a file on the include path ({@code -I}) is read; a system header
   * scansim knows is built in (its declarations, or the source text {@link SystemHeaders#text}
   * gives); any other is not read, with a warning that its declarations are missing.
   */
  private SourceFile system(FileState fs, String target, Span targetSpan, Span directive, boolean inArguments) {
    if (SystemHeaders.known(target)) {
      return builtIn(target); // built in even when an include path holds the real one (-I /usr/include), which scansim cannot read
    }
    Optional<SourceFile> loaded = read(() -> loader.loadSystem(fs.file, target), target, targetSpan);
    if (loaded == null) {
      return null;
    }
    if (loaded.isPresent()) {
      if (inArguments || includeDepth.getAsInt() >= Budget.MAX_INCLUDE_DEPTH || !budget.chargeInclude(directive)) {
        diags.error(directive, "#include <" + target + "> cannot be read here");
        return null;
      }
      return onceFiles.contains(loaded.get().name()) ? null : loaded.get();
    }
    if (SystemHeaders.known(target)) {
      return builtIn(target);
    }
    diags.warning(targetSpan, "<" + target + "> is neither a system header scansim knows nor on the include path (-I DIR):"
        + " it is not read, and what it declares is missing");
    return null;
  }

  /** What {@code load} finds (empty: nothing there), or null after reporting a file that is there but cannot be read. */
  private Optional<SourceFile> read(java.util.function.Supplier<Optional<SourceFile>> load, String target, Span targetSpan) {
    try {
      Optional<SourceFile> found = load.get();
      return found == null ? Optional.empty() : found;
    } catch (IncludeLoader.Unreadable e) {
      diags.error(targetSpan, target + ": " + e.getMessage());
    } catch (RuntimeException e) {
      diags.error(targetSpan, target + ": cannot be read: " + e.getMessage());
    }
    return null;
  }

  /** A known system header's built-in source text, once; null when its declarations are built into the subset. */
  private SourceFile builtIn(String target) {
    String text = SystemHeaders.text(target);
    String name = "<" + target + ">";
    return text == null || onceFiles.contains(name) ? null : new SourceFile(name, text);
  }

  // ---------------------------------------------------------------- conditionals (§6.10.1)

  private boolean definedTest(PpToken name, List<PpToken> rest) {
    if (rest.isEmpty()) {
      diags.error(name.span(), "no macro name given in #" + name.text + " directive");
      return false;
    }
    if (rest.get(0).kind != PpToken.Kind.IDENT) {
      diags.error(rest.get(0).span(), "macro names must be identifiers");
      return false;
    }
    extraTokens(rest, 1, name.text);
    boolean defined = table.isDefined(rest.get(0).text);
    return name.text.endsWith("ndef") != defined;
  }

  private boolean evaluate(FileState fs, PpToken name, List<PpToken> rest, int end) {
    PpToken eof = new PpToken(PpToken.Kind.EOF, "", fs.file, end, end, 0, null);
    MacroExpander exp = new MacroExpander(table, diags, budget, TokenSource.of(rest, eof), true);
    return new ConditionEvaluator(exp, table, diags).evaluate(name);
  }

  private List<PpToken> expandLine(FileState fs, List<PpToken> rest, int end) {
    PpToken eof = new PpToken(PpToken.Kind.EOF, "", fs.file, end, end, 0, null);
    MacroExpander exp = new MacroExpander(table, diags, budget, TokenSource.of(rest, eof), true);
    List<PpToken> out = new ArrayList<>();
    for (PpToken t = exp.get(); t.kind != PpToken.Kind.EOF; t = exp.get()) {
      out.add(t);
    }
    return out;
  }

  /**
   * Skips the rest of a group whose condition is false, or the remaining groups of a conditional
   * whose group was included: only directive names are looked at, to track nesting (§6.10.1p6).
   * Returns the raw end of what was skipped (-1 if nothing), stopping after the directive line
   * that starts an included group, or at the end of the file.
   */
  private int skipGroup(FileState fs) {
    PpLexer lx = fs.lexer;
    int end = -1;
    while (true) {
      PpToken t = lx.next();
      if (t.kind == PpToken.Kind.EOF) {
        lx.pushBack(t);
        return end;
      }
      end = t.end;
      if (!t.has(PpToken.BOL) || !t.isHash()) {
        continue;
      }
      PpToken d = lx.next();
      if (d.has(PpToken.BOL) || d.kind == PpToken.Kind.EOF) {
        lx.pushBack(d);
        continue;
      }
      List<PpToken> rest = readLine(lx);
      end = end(d, rest);
      if (d.kind != PpToken.Kind.IDENT) {
        continue;
      }
      switch (d.text) {
        case "if", "ifdef", "ifndef" ->
            fs.conditionals.push(new FileState.Conditional(t, d, true, false));
        case "elif", "elifdef", "elifndef" -> {
          FileState.Conditional c = fs.conditionals.peek();
          if (c != null && c.sawElse) {
            diags.error(d.span(), "#" + d.text + " after #else");
            continue;
          }
          if (c == null || c.wasSkipping || c.taken) {
            continue;
          }
          boolean value =
              d.text.equals("elif") ? evaluate(fs, d, rest, end) : definedTest(d, rest);
          if (value) {
            c.taken = true;
            return end;
          }
        }
        case "else" -> {
          FileState.Conditional c = fs.conditionals.peek();
          if (c == null) {
            continue;
          }
          if (c.sawElse) {
            diags.error(d.span(), "#else after #else");
          }
          c.sawElse = true;
          if (!c.wasSkipping && !c.taken) {
            extraTokens(rest, 0, "else");
            c.taken = true;
            return end;
          }
        }
        case "endif" -> {
          FileState.Conditional c = fs.conditionals.poll();
          if (c != null && !c.wasSkipping) {
            extraTokens(rest, 0, "endif");
            return end;
          }
        }
        default -> {}
      }
    }
  }

  // ---------------------------------------------------------------- helpers

  /** The rest of the directive line. */
  private static List<PpToken> readLine(PpLexer lx) {
    List<PpToken> out = new ArrayList<>();
    while (true) {
      PpToken t = lx.next();
      if (t.has(PpToken.BOL) || t.kind == PpToken.Kind.EOF) {
        lx.pushBack(t);
        return out;
      }
      out.add(t);
    }
  }

  private static int end(PpToken name, List<PpToken> rest) {
    return rest.isEmpty() ? name.end : rest.get(rest.size() - 1).end;
  }

  private static void blank(FileState fs, int start, int end) {
    fs.blanks.addLast(new int[] {start, end});
  }

  private void extraTokens(List<PpToken> rest, int from, String directive) {
    if (rest.size() > from) {
      diags.warning(rest.get(from).span(), "extra tokens at end of #" + directive + " directive");
    }
  }

  /** The tokens as written, white space between them reduced to one space. */
  static String spell(List<PpToken> toks) {
    StringBuilder b = new StringBuilder();
    for (PpToken t : toks) {
      if (b.length() > 0 && t.has(PpToken.SPACE_BEFORE)) {
        b.append(' ');
      }
      b.append(t.text);
    }
    return b.toString();
  }
}
