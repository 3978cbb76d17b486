package org.scansim.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.scansim.frontend.Frontend;
import org.scansim.frontend.ir.IrFunction;
import org.scansim.frontend.ir.IrPrinter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code scansim check FILE... [-D NAME[=VALUE]]... [-I DIR]... [--ir]}: front-end diagnostics, optionally the IR. */
@Command(
    name = "check",
    mixinStandardHelpOptions = true,
    description = {
      "Preprocesses, parses and type-checks a CUDA file, or a program's files together, and lowers it to the simulator's IR.",
      "Prints diagnostics as file:line:col: error: ... with the source line and a caret."
    })
final class CheckCommand implements Callable<Integer> {
  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @Parameters(index = "0..*", arity = "1..*", paramLabel = "FILE", description = "the .cu file to check, or a program's "
      + "translation units (.cu, .cpp, .c), checked together as scansim run compiles them")
  List<Path> files;

  @Option(names = "-D", paramLabel = "NAME[=VALUE]", description = "define a preprocessor macro (repeatable)")
  List<String> defines;

  @Option(names = "-I", paramLabel = "DIR", description = "add DIR to the include path (#include <name>, and a quoted name not "
      + "beside its file), as nvcc's -I (repeatable)")
  List<Path> includeDirs;

  @Option(names = "-include", paramLabel = "FILE", description = "read FILE before the file, as nvcc's -include (repeatable)")
  List<Path> forcedIncludes;

  @Option(names = "--ir", description = "print the typed IR of every function")
  boolean printIr;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    if (!Outputs.distinct(err, files.toArray(new Path[0]))) {
      return Main.INVALID_INPUT;
    }
    Frontend.Result r = Compilation.compile(files, defines, includeDirs, forcedIncludes, err);
    if (!r.ok()) {
      return Main.INVALID_INPUT;
    }
    if (printIr) {
      out.print(IrPrinter.print(r.ir()));
    } else {
      StringBuilder summary = new StringBuilder();
      int n = 0;
      for (IrFunction f : r.ir().functions()) {
        if (f.span() != null && f.span().file() != null && f.span().file().name().startsWith("<") || f.name().startsWith("std::")
            || f.name().startsWith("__invoke_") || f.name().startsWith("__make_")) {
          continue; // scansim's own library (<vector>, a std::function's class and makers): not the file's
        }
        n++;
        summary.append(summary.length() == 0 ? "" : ", ").append(f.isKernel() ? "kernel " : "").append(f.name());
      }
      out.println(files.stream().map(Path::toString).collect(java.util.stream.Collectors.joining(" ")) + ": ok (" + n + (n == 1 ? " function: " : " functions: ") + summary + ")");
    }
    return Main.OK;
  }
}
