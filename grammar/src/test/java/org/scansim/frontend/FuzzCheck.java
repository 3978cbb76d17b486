package org.scansim.frontend;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.scansim.frontend.diag.Diagnostic;
import org.scansim.frontend.diag.SourceFile;
import org.scansim.frontend.diag.Span;
import org.scansim.frontend.ir.IrPrinter;
import org.scansim.frontend.ir.IrVerifier;
import org.scansim.frontend.pp.IncludeLoader;

/**
 * The property every input of the robustness suite must have: compiling it through the whole
 * front end does not throw and ends either in errors whose positions lie inside the file, or in
 * an IR that {@link IrVerifier} accepts and {@link IrPrinter} prints. An "internal error"
 * diagnostic (the lowering's own crash report) counts as a failure.
 */
final class FuzzCheck {
  private FuzzCheck() {}

  /** What happened to one input. {@code problem} is null when the property holds. */
  record Outcome(boolean ok, String problem) {}

  static Outcome run(String text) {
    SourceFile file = new SourceFile("fuzz.cu", text);
    Frontend.Result r;
    try {
      r = Frontend.compile(file, Map.of(), IncludeLoader.NONE);
    } catch (Throwable t) {
      return new Outcome(false, "threw " + stackSummary(t));
    }
    List<String> problems = new ArrayList<>();
    for (Diagnostic d : r.diagnostics().all()) {
      checkDiagnostic(d, problems);
    }
    if (!r.ok()) {
      if (!r.diagnostics().hasErrors()) {
        problems.add("no IR and no error");
      }
      return new Outcome(false, problems.isEmpty() ? null : String.join("\n", problems));
    }
    try {
      problems.addAll(IrVerifier.verify(r.ir()));
    } catch (Throwable t) {
      problems.add("IrVerifier threw " + stackSummary(t));
    }
    try {
      IrPrinter.print(r.ir());
    } catch (Throwable t) {
      problems.add("IrPrinter threw " + stackSummary(t));
    }
    return new Outcome(true, problems.isEmpty() ? null : String.join("\n", problems));
  }

  private static void checkDiagnostic(Diagnostic d, List<String> problems) {
    if (d.message() == null || d.message().contains("internal error")) {
      problems.add("internal error reported: " + d.headline());
    }
    checkSpan(d.span(), d, problems);
    if (d.span() != null && d.span().macro() != null) {
      checkSpan(d.span().macro().spelling(), d, problems);
    }
    for (Diagnostic n : d.notes()) {
      checkDiagnostic(n, problems);
    }
  }

  /** A position inside its file: 1 <= line <= lines + 1 (the end of the last line), col >= 1. */
  private static void checkSpan(Span s, Diagnostic d, List<String> problems) {
    if (s == null) {
      return;
    }
    SourceFile f = s.file();
    if (f == null || s.line() < 1 || s.line() > f.lineCount() + 1 || s.col() < 1) {
      problems.add("diagnostic outside its file (" + (f == null ? "no file" : f.lineCount() + " lines") + "): "
          + s.line() + ":" + s.col() + ": " + d.message());
    }
  }

  static String stackSummary(Throwable t) {
    StringBuilder s = new StringBuilder(t.toString());
    StackTraceElement[] st = t.getStackTrace();
    for (int i = 0; i < Math.min(8, st.length); i++) {
      s.append("\n    at ").append(st[i]);
    }
    return s.toString();
  }
}
