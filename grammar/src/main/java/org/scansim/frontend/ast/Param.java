package org.scansim.frontend.ast;

import java.util.List;
import org.scansim.frontend.diag.Span;

/**
 * A function parameter. {@code name} may be null in a prototype; array parameters ({@code float
 * a[]}) are recorded in {@code dims} and adjusted to pointers by the type checker (C11 §6.7.6.3).
 * {@code defaultValue} is its default argument ({@code int *partial = NULL}, C++ [dcl.fct.default]),
 * or null. {@code reference}: declared {@code T &name}, bound to the caller's object (C++ [dcl.ref]).
 */
public record Param(
    Span span,
    TypeSpec spec,
    List<PointerLevel> pointers,
    String name,
    Span nameSpan,
    List<ArrayDim> dims,
    Expr defaultValue,
    boolean reference) {
  public Param {
    pointers = List.copyOf(pointers);
    dims = List.copyOf(dims);
  }

  /**
   * A member function's {@code this}: a const pointer to {@code owner} (to a const one for a
   * {@code const} member function), as C++'s {@code this} is a prvalue ([expr.prim.this]).
   */
  public static Param self(Span at, StructDef owner, boolean constThis) {
    return new Param(at, TypeSpec.of(at, owner, constThis, false), List.of(new PointerLevel(true, false, false)), "this", at, List.of(),
        null, false);
  }

  /** A parameter without a default argument. */
  public Param(Span span, TypeSpec spec, List<PointerLevel> pointers, String name, Span nameSpan, List<ArrayDim> dims) {
    this(span, spec, pointers, name, nameSpan, dims, null, false);
  }
}
