package org.scansim.cli;

import org.scansim.frontend.Defines;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import org.scansim.frontend.Frontend;
import org.scansim.frontend.diag.DiagnosticPrinter;

/** Compiles a file for a command and prints its diagnostics the way every command does. */
final class Compilation {
  private Compilation() {}

  /** The compiled file, its diagnostics already printed to err (with gcc's summary line after errors). */
  static Frontend.Result compile(Path file, List<String> defines, PrintWriter err) {
    return compile(file, defines, List.of(), err);
  }

  /** As above, with the include path {@code -I DIR...}. */
  static Frontend.Result compile(Path file, List<String> defines, List<Path> includeDirs, PrintWriter err) {
    return compile(List.of(file), defines, includeDirs, err);
  }

  /** A program's translation units, linked as one, with the include path {@code -I DIR...}. */
  static Frontend.Result compile(List<Path> files, List<String> defines, List<Path> includeDirs, PrintWriter err) {
    return compile(files, defines, includeDirs, List.of(), err);
  }

  /** As above, each translation unit reading {@code forced} first ({@code -include FILE}, as nvcc's). */
  static Frontend.Result compile(List<Path> files, List<String> defines, List<Path> includeDirs, List<Path> forced, PrintWriter err) {
    Frontend.Result r = Frontend.compileFiles(files, Defines.parse(defines), includeDirs == null ? List.of() : includeDirs,
        forced == null ? List.of() : forced);
    err.print(DiagnosticPrinter.render(r.diagnostics().sorted(), r.diagnostics().dropped()));
    if (!r.ok()) {
      int n = r.diagnostics().errorCount();
      err.println(n + (n == 1 ? " error" : " errors") + " generated.");
    }
    err.flush();
    return r;
  }
}
