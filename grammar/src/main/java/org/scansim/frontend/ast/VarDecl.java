package org.scansim.frontend.ast;

import java.util.List;
import java.util.Set;
import org.scansim.frontend.diag.Span;

/**
 * One declared variable: {@code __shared__ float temp[2 * N]}. A declaration statement with
 * several declarators ({@code int pout = 0, pin = 1;}) becomes several of these sharing {@code
 * spec} and {@code storage}. {@code reference}: a local {@code T &name = object;}, another name
 * for its initialiser's object (C++ [dcl.ref]).
 */
public record VarDecl(
    Span span,
    Set<Storage> storage,
    TypeSpec spec,
    List<PointerLevel> pointers,
    String name,
    Span nameSpan,
    List<ArrayDim> dims,
    Initializer init,
    boolean reference) {
  public VarDecl {
    storage = Set.copyOf(storage);
    pointers = List.copyOf(pointers);
    dims = List.copyOf(dims);
  }
}
