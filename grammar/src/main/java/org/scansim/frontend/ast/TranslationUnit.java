package org.scansim.frontend.ast;

import java.util.List;
import org.scansim.frontend.diag.SourceFile;

/**
 * One preprocessed {@code .cu} file: its top-level declarations in source order (the instances of
 * function templates with explicit arguments among them, each before its first use), and its
 * function templates by qualified name, for the instances the type checker deduces, and the structs
 * it defines, in source order.
 */
public record TranslationUnit(SourceFile file, List<Decl> decls, java.util.Map<String, FunctionTemplate> templates,
    List<StructDef> structs) {
  public TranslationUnit {
    decls = List.copyOf(decls);
    templates = java.util.Map.copyOf(templates);
    structs = List.copyOf(structs);
  }

  /** A unit without templates or structs. */
  public TranslationUnit(SourceFile file, List<Decl> decls) {
    this(file, decls, java.util.Map.of(), List.of());
  }
}
