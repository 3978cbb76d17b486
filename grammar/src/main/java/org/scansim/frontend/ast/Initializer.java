package org.scansim.frontend.ast;

import java.util.List;
import org.scansim.frontend.diag.Span;

/** What follows a declarator: {@code = expr}, {@code = { ... }} or {@code (args)}. */
public sealed interface Initializer {
  Span span();

  /** {@code = expr}. */
  record Single(Span span, Expr value) implements Initializer {}

  /** {@code = { a, b, ... }} (C11 §6.7.9), possibly nested. */
  record Braced(Span span, List<Initializer> items) implements Initializer {
    public Braced {
      items = List.copyOf(items);
    }
  }

  /** Direct initialisation {@code dim3 grid(x, y)} (C++ [dcl.init]); only for {@code dim3} and scalars. */
  record Constructor(Span span, List<Expr> args) implements Initializer {
    public Constructor {
      args = List.copyOf(args);
    }
  }
}
