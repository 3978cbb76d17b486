package org.scansim.frontend.sema;

import org.scansim.frontend.diag.Diagnostics;
import org.scansim.frontend.diag.Span;

/** The checker's mutable state shared by its statement and expression halves. */
final class Context {
  final Sema sema = new Sema();
  final Diagnostics diags;
  Scope scope;
  /** The execution space of the function being checked; HOST at file scope. */
  Space space = Space.HOST;

  Context(Diagnostics diags, Scope fileScope) {
    this.diags = diags;
    this.scope = fileScope;
  }

  void error(Span at, String message) {
    diags.error(at, message);
  }
}
