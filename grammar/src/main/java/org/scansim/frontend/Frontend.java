package org.scansim.frontend;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.scansim.frontend.ast.TranslationUnit;
import org.scansim.frontend.diag.Diagnostics;
import org.scansim.frontend.diag.SourceFile;
import org.scansim.frontend.diag.SourceReader;
import org.scansim.frontend.ir.IrModule;
import org.scansim.frontend.ir.Lowering;
import org.scansim.frontend.parse.SyntaxParser;
import org.scansim.frontend.pp.IncludeLoader;
import org.scansim.frontend.pp.PreprocessedSource;
import org.scansim.frontend.pp.Preprocessor;
import org.scansim.frontend.sema.Sema;
import org.scansim.frontend.sema.TypeChecker;

/**
 * The front end's one entry point: {@code .cu} text → preprocessor → ANTLR parse → AST → type
 * checker → IR. Each stage runs only if the previous one reported no error, so the user sees the
 * first stage's complete list of errors rather than a cascade.
 */
public final class Frontend {
  /** What the type checker knows by name, for the parser's resolution of {@code std::} names. */
  public static final org.scansim.frontend.parse.KnownNames KNOWN_NAMES = new org.scansim.frontend.parse.KnownNames() {
    @Override
    public boolean stream(String qualified) {
      return org.scansim.frontend.sema.Type.Stream.NAMES.contains(qualified);
    }

    @Override
    public boolean builtIn(String name) {
      return org.scansim.frontend.sema.Builtin.byName(name) != null || org.scansim.frontend.sema.CLibrary.byName(name) != null;
    }
  };

  /** Inputs larger than this are refused before any work (a bound for hostile files). */
  public static final long MAX_SOURCE_BYTES = SourceReader.MAX_SOURCE_BYTES;
  private Frontend() {}

  /** What one compilation produced. {@code ast}, {@code sema} and {@code ir} are null after errors. */
  public record Result(SourceFile file, Diagnostics diagnostics, TranslationUnit ast, Sema sema, IrModule ir) {
    public boolean ok() {
      return !diagnostics.hasErrors() && ir != null;
    }
  }

  /** Compiles in-memory source. {@code defines} are the -D options in order (value null = "1"). */
  public static Result compile(SourceFile file, Map<String, String> defines, IncludeLoader includes) {
    return compile(java.util.List.of(file), defines, includes);
  }

  /**
   * Compiles a program of several translation units, each preprocessed and parsed on its own (its
   * own macros), then linked into one ({@link Linker}) and checked and lowered whole; the result
   * is named by the first file. Every unit is parsed before an error stops the compilation.
   */
  public static Result compile(java.util.List<SourceFile> files, Map<String, String> defines, IncludeLoader includes) {
    return compile(files, defines, includes, java.util.List.of());
  }

  /** As above, each translation unit reading {@code forced} first (nvcc's {@code -include FILE}). */
  public static Result compile(java.util.List<SourceFile> files, Map<String, String> defines, IncludeLoader includes,
      java.util.List<SourceFile> forced) {
    Diagnostics diags = new Diagnostics();
    SourceFile file = files.get(0);
    java.util.List<TranslationUnit> units = new java.util.ArrayList<>();
    for (SourceFile f : files) {
      int errors = diags.errorCount();
      Diagnostics first = new Diagnostics();
      PreprocessedSource pp = new Preprocessor(first, new LinkedHashMap<>(defines), includes).forcing(forced).run(f);
      if (first.hasErrors()) {
        pp = new Preprocessor(diags, new LinkedHashMap<>(defines), includes).forcing(forced).run(f); // its errors, every one counted
      } else if (Preprocessor.needsRuntime(pp.text())) {
        pp = new Preprocessor(diags, new LinkedHashMap<>(defines), includes).forcing(forced).runWithRuntime(f);
      } else {
        first.all().forEach(diags::report); // warnings only
      }
      if (diags.errorCount() == errors) {
        units.add(SyntaxParser.parse(f, pp.text(), pp::span, diags, KNOWN_NAMES));
      }
    }
    if (diags.hasErrors()) {
      return new Result(file, diags, units.isEmpty() ? null : units.get(0), null, null);
    }
    TranslationUnit unit = org.scansim.frontend.parse.VirtualDispatch.withDispatchers(Linker.link(units));
    // The type checker and the lowering recurse over the AST as the parser does, so they get a
    // large stack as the parser does: a 5000-long `else if` chain overflowed the default one.
    Result[] result = new Result[1];
    Throwable[] failure = new Throwable[1];
    org.scansim.threads.LargeStack.compile(
        () -> {
          try {
            result[0] = checkAndLower(file, diags, unit);
          } catch (Throwable t) { // rethrown on the caller's thread below
            failure[0] = t;
          }
        });
    if (failure[0] instanceof RuntimeException e) {
      throw e;
    }
    if (failure[0] instanceof Error e) {
      throw e;
    }
    return result[0];
  }

  private static Result checkAndLower(SourceFile file, Diagnostics diags, TranslationUnit unit) {
    Sema sema;
    try {
      sema = TypeChecker.check(unit, diags);
    } catch (StackOverflowError e) {
      diags.error(null, file.name() + ": expression or statement nesting too deep");
      return new Result(file, diags, unit, null, null);
    }
    if (diags.hasErrors()) {
      return new Result(file, diags, unit, sema, null);
    }
    try {
      IrModule ir = Lowering.lower(unit, sema);
      org.scansim.frontend.ir.DeviceRecursion.check(ir, diags);
      return new Result(file, diags, unit, sema, ir);
    } catch (StackOverflowError e) {
      diags.error(null, file.name() + ": expression or statement nesting too deep");
      return new Result(file, diags, unit, sema, null);
    } catch (org.scansim.frontend.diag.Cancellation e) {
      throw e;
    } catch (RuntimeException e) {
      // A checked program the lowering cannot handle is a bug of ours; say so plainly, once.
      diags.error(null, "internal error while lowering " + file.name() + " to IR (" + e.getClass().getSimpleName()
          + (e.getMessage() == null ? "" : ": " + e.getMessage()) + "); please report this file");
      return new Result(file, diags, unit, sema, null);
    }
  }

  /**
   * Reads and compiles a file; a missing, unreadable, oversized or non-UTF-8 file, a folder, a
   * pipe or a device is a diagnostic that says which ({@link SourceReader}).
   */
  public static Result compileFile(Path path, Map<String, String> defines) {
    return compileFile(path, defines, java.util.List.of());
  }

  /**
   * As {@link #compileFile(Path, Map)}, with the include path {@code includeDirs} ({@code -I}):
   * where {@code <name>} and a quoted name not beside its includer are looked for, in order.
   */
  public static Result compileFile(Path path, Map<String, String> defines, java.util.List<Path> includeDirs) {
    return compileFiles(java.util.List.of(path), defines, includeDirs);
  }

  /**
   * Reads and compiles a program's translation units ({@code main.cu scan.cu}), linked as nvcc
   * links them; a file that cannot be read is a diagnostic, as for one file.
   */
  public static Result compileFiles(java.util.List<Path> paths, Map<String, String> defines, java.util.List<Path> includeDirs) {
    return compileFiles(paths, defines, includeDirs, java.util.List.of());
  }

  /** As above, each unit reading the files {@code forced} first, in order (nvcc's {@code -include FILE}). */
  public static Result compileFiles(java.util.List<Path> paths, Map<String, String> defines, java.util.List<Path> includeDirs,
      java.util.List<Path> forced) {
    java.util.List<SourceFile> files = new java.util.ArrayList<>();
    java.util.List<SourceFile> forcedFiles = new java.util.ArrayList<>();
    Diagnostics unreadable = new Diagnostics();
    for (Path path : forced) {
      String name = path.toString();
      SourceReader.Read read = SourceReader.read(path, name);
      if (!read.ok()) {
        read.report(name, unreadable);
      } else {
        forcedFiles.add(read.file());
      }
    }
    for (Path path : paths) {
      String name = path.toString();
      SourceReader.Read read = SourceReader.read(path, name);
      if (!read.ok()) {
        read.report(name, unreadable);
      }
      files.add(read.ok() ? read.file() : read.file() != null ? read.file() : new SourceFile(name, ""));
    }
    if (unreadable.hasErrors()) {
      return new Result(files.get(0), unreadable, null, null, null);
    }
    return compile(files, defines, IncludeLoader.withPath(IncludeLoader.fileSystem(), includeDirs), forcedFiles);
  }
}
