package org.scansim.frontend.pp;

import java.util.ArrayDeque;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.scansim.frontend.diag.Diagnostics;
import org.scansim.frontend.diag.SourceFile;

/**
 * One run of the preprocessor: reads the files token by token, lets directives and macro
 * invocations happen, and writes the result. Text outside directives and invocations is copied as
 * it is (comments become a space plus their newlines, line splices their newline); a directive or
 * skipped group becomes its newlines; an invocation becomes its expansion, tokens separated by
 * single spaces, followed by the newlines it spanned, so lines stay where they were.
 */
final class PpSession implements TokenSource {

  private enum Mode {
    /** The main loop: an #include may be entered. */
    MAIN,
    /** Collecting macro arguments. */
    ARGUMENTS,
    /** Looking for the '(' after a function-like macro's name: directives wait. */
    LOOKAHEAD
  }

  /** Returned by {@link #nextToken} when an #include is to be entered. */
  private static final PpToken INCLUDE = new PpToken(PpToken.Kind.OTHER, "", null, 0, 0, 0, null);

  private final Diagnostics diags;
  private final Budget budget;
  private final MacroTable table;
  private final OutputBuilder out;
  private final ArrayDeque<FileState> files = new ArrayDeque<>();
  private final DirectiveProcessor directives;
  private final MacroExpander expander;
  private SourceFile pendingInclude;
  private boolean needSpace;

  PpSession(Diagnostics diags, Map<String, String> defines, IncludeLoader loader) {
    this.diags = diags;
    this.budget = new Budget(diags);
    this.table = new MacroTable(diags);
    this.out = new OutputBuilder(budget);
    Set<String> onceFiles = new HashSet<>();
    this.directives =
        new DirectiveProcessor(diags, table, budget, loader, onceFiles, files::size);
    this.expander = new MacroExpander(table, diags, budget, this, false);
    InitialMacros.installBuiltIns(table, diags);
    InitialMacros.installCommandLine(table, defines, diags);
  }

  PreprocessedSource run(SourceFile main) {
    return run(main, false);
  }

  /** With {@code runtime}, the built-in cuda_runtime.h's declarations are read first, as nvcc reads the header before the file. */
  PreprocessedSource run(SourceFile main, boolean runtime) {
    return run(main, runtime, java.util.List.of());
  }

  /** As above, reading {@code forced} (nvcc's {@code -include FILE}, in order) after cuda_runtime.h and before the file. */
  PreprocessedSource run(SourceFile main, boolean runtime, java.util.List<SourceFile> forced) {
    files.push(new FileState(main, diags));
    for (int i = forced.size() - 1; i >= 0; i--) {
      files.push(new FileState(forced.get(i), diags));
    }
    if (runtime) {
      files.push(new FileState(new SourceFile("<cuda_runtime.h>", SystemHeaders.CUDA_RUNTIME), diags));
    }
    while (!files.isEmpty() && !out.full()) {
      org.scansim.frontend.diag.Cancellation.check();
      FileState fs = files.peek();
      PpToken t = nextToken(Mode.MAIN);
      if (t == INCLUDE) {
        int directiveEnd = fs.blanks.peekLast()[1];
        gap(fs, directiveEnd);
        files.push(new FileState(pendingInclude, diags));
        pendingInclude = null;
      } else if (t.kind == PpToken.Kind.EOF) {
        gap(fs, fs.file.text().length());
        directives.endOfFile(fs);
        files.pop();
      } else if (t.kind == PpToken.Kind.IDENT
          && table.get(t.text) != null
          && !budget.macrosExhausted()) {
        fs.pushed = t;
        List<PpToken> result = expander.run();
        PpToken last = expander.lastFromBase();
        if (!expander.expandedAnything() && last == t) {
          verbatim(fs, t); // a function-like macro's name without arguments
        } else {
          invocation(fs, t, last, result);
        }
      } else {
        verbatim(fs, t);
      }
    }
    return out.finish(main);
  }

  // ---------------------------------------------------------------- reading

  @Override
  public PpToken next(boolean lookingForParen) {
    return nextToken(lookingForParen ? Mode.LOOKAHEAD : Mode.ARGUMENTS);
  }

  @Override
  public void pushBack(PpToken t) {
    files.peek().pushed = t;
  }

  /** The next token of the current file that is not part of a directive. */
  private PpToken nextToken(Mode mode) {
    while (true) {
      FileState fs = files.peek();
      PpToken t;
      if (fs.pushed != null) {
        t = fs.pushed;
        fs.pushed = null;
      } else {
        t = fs.lexer.next();
      }
      if (t.kind == PpToken.Kind.EOF) {
        return t;
      }
      if (t.has(PpToken.BOL) && t.isHash()) {
        if (mode == Mode.LOOKAHEAD) {
          return t;
        }
        SourceFile include = directives.process(fs, t, mode == Mode.ARGUMENTS);
        if (include != null) {
          pendingInclude = include;
          return INCLUDE;
        }
        continue;
      }
      if (t.has(PpToken.UNTERMINATED) && mode != Mode.LOOKAHEAD) {
        diags.error(t.span(), PpLexer.unterminatedMessage(t));
      }
      return t;
    }
  }

  // ---------------------------------------------------------------- writing

  private void verbatim(FileState fs, PpToken t) {
    gap(fs, t.start);
    if (needSpace && !separates(out.lastChar()) && !separates(t.text.charAt(0))) {
      out.whole(" ", fs.file, t.start, t.start);
    }
    needSpace = false;
    if (t.has(PpToken.SPLICED)) {
      out.spliced(t);
      newlines(fs.file, t.start, t.end); // keep the lines the splices joined
    } else {
      out.linear(fs.file, t.start, t.end);
    }
    fs.written = t.end;
  }

  /** The expansion of the invocation {@code [first.start, last.end)} of the current file. */
  private void invocation(FileState fs, PpToken first, PpToken last, List<PpToken> tokens) {
    gap(fs, first.start);
    out.beginInvocation();
    if (!tokens.isEmpty()
        && !separates(out.lastChar())
        && !separates(tokens.get(0).text.charAt(0))) {
      out.expansionSpace(); // an empty expansion leaves the separation to what follows
    }
    for (int i = 0; i < tokens.size(); i++) {
      if (i > 0) {
        out.expansionSpace();
      }
      out.expansionToken(tokens.get(i));
    }
    out.endInvocation(fs.file, first.start, last.end, first.text);
    newlines(fs.file, first.start, last.end);
    fs.written = Math.max(fs.written, last.end);
    needSpace = true;
  }

  /** The white space, comments and blank ranges from where the file was written up to {@code to}. */
  private void gap(FileState fs, int to) {
    String s = fs.file.text();
    int p = fs.written;
    int before = out.length();
    while (p < to) {
      while (!fs.blanks.isEmpty() && fs.blanks.peekFirst()[1] <= p) {
        fs.blanks.pollFirst();
      }
      int[] blank = fs.blanks.peekFirst();
      if (blank != null && blank[0] <= p) {
        int e = Math.min(blank[1], to);
        newlines(fs.file, p, e);
        p = e;
        continue;
      }
      int stop = blank != null ? Math.min(blank[0], to) : to;
      int splice = PpLexer.spliceAt(s, p, stop);
      char c = s.charAt(p);
      if (splice > 0) {
        out.linear(fs.file, p + splice - 1, p + splice);
        p += splice;
      } else if (c == '/' && p + 1 < stop && isCommentStart(s, p, stop)) {
        int n = PpLexer.skipSplices(s, p + 1, stop);
        int e = s.charAt(n) == '*' ? PpLexer.blockCommentEnd(s, p, stop) : PpLexer.lineCommentEnd(s, p, stop);
        if (e < 0) {
          e = stop;
        }
        out.whole(" ", fs.file, p, e);
        newlines(fs.file, p, e);
        p = e;
      } else if (c == '\uFEFF') {
        out.whole(" ", fs.file, p, p + 1);
        p++;
      } else {
        int q = p + 1;
        while (q < stop && s.charAt(q) != '\\' && s.charAt(q) != '/' && s.charAt(q) != '\uFEFF') {
          q++;
        }
        out.linear(fs.file, p, q);
        p = q;
      }
    }
    fs.written = Math.max(fs.written, to);
    if (out.length() > before) {
      needSpace = false;
    }
  }

  /**
   * Whether {@code c} keeps the tokens on either side of it apart: white space, or a punctuator
   * that is no part of a longer one.
   */
  private static boolean separates(char c) {
    return Character.isWhitespace(c) || "();,[]{}?~".indexOf(c) >= 0;
  }

  private static boolean isCommentStart(String s, int p, int stop) {
    int n = PpLexer.skipSplices(s, p + 1, stop);
    return n < stop && (s.charAt(n) == '*' || s.charAt(n) == '/');
  }

  /** The newlines of {@code [from, to)}, each mapped to itself. */
  private void newlines(SourceFile f, int from, int to) {
    String s = f.text();
    for (int i = from; i < to; i++) { // never past to: a search to the next newline made one-line files quadratic
      if (s.charAt(i) == '\n') {
        out.linear(f, i, i + 1);
      }
    }
  }
}
