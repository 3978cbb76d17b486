package org.scansim.frontend.pp;

import java.util.LinkedHashMap;
import java.util.Map;
import org.scansim.frontend.diag.Diagnostics;
import org.scansim.frontend.diag.SourceFile;

/**
 * The C preprocessor of the front end (C11 §6.10, behaving as gcc's cpp does for C++17, which is
 * how nvcc preprocesses CUDA). Each {@link #run} is independent: it starts from the predefined
 * macros and the {@code -D} options.
 */
public final class Preprocessor {
  private final Diagnostics diags;
  private final Map<String, String> defines;
  private final IncludeLoader loader;

  /** defines: the -D options in order, NAME -> VALUE (VALUE null means "1", as with -DNAME). */
  public Preprocessor(Diagnostics diags, Map<String, String> defines, IncludeLoader loader) {
    this.diags = diags;
    this.defines = defines == null ? Map.of() : new LinkedHashMap<>(defines);
    this.loader = loader == null ? IncludeLoader.NONE : loader;
  }

  /** Files read before each file, after cuda_runtime.h (nvcc's {@code -include FILE}, in order). */
  private java.util.List<SourceFile> forced = java.util.List.of();

  /** This preprocessor, reading {@code files} before each file it runs on. */
  public Preprocessor forcing(java.util.List<SourceFile> files) {
    this.forced = java.util.List.copyOf(files);
    return this;
  }

  /** Preprocesses {@code main}; never throws on bad input, reports into the diagnostics. */
  public PreprocessedSource run(SourceFile main) {
    return new PpSession(diags, defines, loader).run(main, false, forced);
  }

  /**
   * As {@link #run}, for a file that names {@code cudaDeviceProp}: the declarations of
   * cuda_runtime.h that the subset does not build in are read first, as nvcc reads that header
   * before every file (read only where used, so that other files' text and token counts are theirs).
   */
  public PreprocessedSource runWithRuntime(SourceFile main) {
    return new PpSession(diags, defines, loader).run(main, true, forced);
  }

  /** Whether preprocessed text names what only the built-in cuda_runtime.h declares. */
  public static boolean needsRuntime(String text) {
    return text.contains("cudaDeviceProp");
  }
}
