package org.scansim.frontend.sema;

import java.util.LinkedHashMap;
import java.util.Map;
import org.scansim.frontend.diag.Diagnostics;
import org.scansim.frontend.diag.Span;

/** The checker's mutable state shared by its statement and expression halves. */
final class Context {
  final Sema sema = new Sema();
  final Diagnostics diags;
  Scope scope;
  /** The execution space of the function being checked; HOST at file scope. */
  Space space = Space.HOST;
  /**
   * Whether a file-scope variable's initializer is being checked: there, an earlier host
   * variable's name is its initial value (C++'s initialisation before main, in order, when no
   * code has run yet).
   */
  boolean staticInit;
  /** Overloaded functions: the source name to every overload, in declaration order (the scope holds the first). */
  final Map<String, java.util.List<Symbol.Function>> overloads = new java.util.HashMap<>();
  /** The file's structs in source order, for a class named by a temporary ({@code Add()}). */
  java.util.List<org.scansim.frontend.ast.StructDef> unitStructs = java.util.List.of();
  /** The file's function templates by qualified name, for calls that deduce an instance. */
  java.util.Map<String, org.scansim.frontend.ast.FunctionTemplate> templates = java.util.Map.of();
  /** Declares a deduced template instance (its body is checked after the current declaration). */
  java.util.function.Function<org.scansim.frontend.ast.Decl.Function, Symbol.Function> instances;
  /** Declares a lambda's call operator and checks its body at once (deducing its return type), from the file scope. */
  java.util.function.Function<org.scansim.frontend.ast.Decl.Function, Symbol.Function> lambdas;
  /** The structs' types, laid out as they are first used. */
  StructTypes structs;
  /** Where each user function is first called or launched, in source order. */
  final Map<Symbol.Function, Span> firstUses = new LinkedHashMap<>();

  Context(Diagnostics diags, Scope fileScope) {
    this.diags = diags;
    this.scope = fileScope;
  }

  void error(Span at, String message) {
    diags.error(at, message);
  }
}
