package org.scansim.frontend.pp;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.scansim.frontend.diag.Diagnostic;
import org.scansim.frontend.diag.Diagnostics;
import org.scansim.frontend.diag.Severity;
import org.scansim.frontend.diag.SourceFile;
import org.scansim.frontend.diag.Span;

/** Test support: one preprocessor run over a string, and ways to look at its result. */
final class Pp {
  final Diagnostics diags = new Diagnostics();
  final SourceFile file;
  final PreprocessedSource out;

  private Pp(String name, String text, Map<String, String> defines, IncludeLoader loader) {
    file = new SourceFile(name, text);
    out = new Preprocessor(diags, defines, loader).run(file);
  }

  static Pp run(String text) {
    return new Pp("test.cu", text, new LinkedHashMap<>(), IncludeLoader.NONE);
  }

  static Pp run(String text, Map<String, String> defines) {
    return new Pp("test.cu", text, defines, IncludeLoader.NONE);
  }

  static Pp run(String name, String text, IncludeLoader loader) {
    return new Pp(name, text, new LinkedHashMap<>(), loader);
  }

  String text() {
    return out.text();
  }

  /** The output's tokens, separated by single spaces. */
  String tokens() {
    return String.join(" ", tokensOf(out.text()));
  }

  static List<String> tokensOf(String text) {
    PpLexer lx = new PpLexer(new SourceFile("<out>", text), new Diagnostics());
    List<String> toks = new ArrayList<>();
    for (PpToken t = lx.next(); t.kind != PpToken.Kind.EOF; t = lx.next()) {
      toks.add(t.text);
    }
    return toks;
  }

  List<String> errors() {
    return messages(Severity.ERROR);
  }

  List<String> warnings() {
    return messages(Severity.WARNING);
  }

  private List<String> messages(Severity severity) {
    List<String> m = new ArrayList<>();
    for (Diagnostic d : diags.all()) {
      if (d.severity() == severity) {
        m.add(d.message());
      }
    }
    return m;
  }

  /** The only diagnostic whose message contains {@code part}. */
  Diagnostic diagnostic(String part) {
    List<Diagnostic> found = new ArrayList<>();
    for (Diagnostic d : diags.all()) {
      if (d.message().contains(part)) {
        found.add(d);
      }
    }
    if (found.size() != 1) {
      throw new AssertionError("expected one diagnostic containing '" + part + "', got " + diags.all());
    }
    return found.get(0);
  }

  /** The span of the {@code occurrence}-th (0-based) occurrence of {@code needle} in the output. */
  Span spanOfOutput(String needle, int occurrence) {
    int at = -1;
    for (int i = 0; i <= occurrence; i++) {
      at = out.text().indexOf(needle, at + 1);
      if (at < 0) {
        throw new AssertionError("'" + needle + "' not in output:\n" + out.text());
      }
    }
    return out.span(at, at + needle.length());
  }

  Span spanOfOutput(String needle) {
    return spanOfOutput(needle, 0);
  }

  /** 1-based line and column of the {@code occurrence}-th {@code needle} in the input. */
  int[] inputPosition(String needle, int occurrence) {
    int at = -1;
    for (int i = 0; i <= occurrence; i++) {
      at = file.text().indexOf(needle, at + 1);
    }
    if (at < 0) {
      throw new AssertionError("'" + needle + "' not in input");
    }
    return new int[] {file.lineOf(at), file.columnOf(at)};
  }

  int[] inputPosition(String needle) {
    return inputPosition(needle, 0);
  }

  static String where(Span s) {
    return s.file().name() + ":" + s.line() + ":" + s.col() + "-" + s.endLine() + ":" + s.endCol();
  }
}
