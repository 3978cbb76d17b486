package org.scansim.frontend.ast;

import java.util.List;
import org.scansim.frontend.diag.SourceFile;

/** One preprocessed {@code .cu} file: its top-level declarations in source order. */
public record TranslationUnit(SourceFile file, List<Decl> decls) {
  public TranslationUnit {
    decls = List.copyOf(decls);
  }
}
