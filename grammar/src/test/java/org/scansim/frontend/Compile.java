package org.scansim.frontend;

import java.util.List;
import java.util.Map;
import org.scansim.frontend.diag.Diagnostic;
import org.scansim.frontend.diag.SourceFile;
import org.scansim.frontend.ir.IrPrinter;
import org.scansim.frontend.pp.IncludeLoader;

/** Test helpers: compile a snippet through the whole front end. */
public final class Compile {
  private Compile() {}

  public static Frontend.Result source(String text) {
    return Frontend.compile(new SourceFile("t.cu", text), Map.of(), IncludeLoader.NONE);
  }

  /** The errors (and warnings) as {@code line:col: severity: message}, in source order. */
  public static List<String> diagnostics(String text) {
    return source(text).diagnostics().sorted().stream().map(Compile::brief).toList();
  }

  public static String brief(Diagnostic d) {
    return (d.span() == null ? "?" : d.span().line() + ":" + d.span().col()) + ": " + d.severity().label() + ": " + d.message();
  }

  /** The printed IR of an error-free snippet; fails with the diagnostics otherwise. */
  public static String ir(String text) {
    Frontend.Result r = source(text);
    if (!r.ok()) {
      throw new AssertionError("expected no errors, got " + r.diagnostics().sorted().stream().map(Compile::brief).toList());
    }
    return IrPrinter.print(r.ir());
  }
}
