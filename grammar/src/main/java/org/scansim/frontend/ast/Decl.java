package org.scansim.frontend.ast;

import java.util.List;
import java.util.Set;
import org.scansim.frontend.diag.Span;

/** A top-level declaration of a translation unit. */
public sealed interface Decl {
  Span span();

  <R> R accept(Visitor<R> v);

  interface Visitor<R> {
    R visitFunction(Function f);

    R visitVariables(Variables v);

    R visitStaticAssert(StaticAssert s);
  }

  /** {@code static_assert(condition, "message")} at file scope: checked by the type checker, nothing at run time. */
  record StaticAssert(Span span, Stmt.StaticAssert assertion) implements Decl {
    @Override
    public <R> R accept(Visitor<R> v) {
      return v.visitStaticAssert(this);
    }
  }

  /** A function definition, or a prototype when {@code body} is null. */
  record Function(
      Span span,
      Set<FunctionQualifier> qualifiers,
      TypeSpec returnSpec,
      List<PointerLevel> returnPointers,
      String name,
      Span nameSpan,
      List<Param> params,
      Stmt.Block body)
      implements Decl {
    public Function {
      qualifiers = Set.copyOf(qualifiers);
      returnPointers = List.copyOf(returnPointers);
      params = List.copyOf(params);
    }

    public boolean isKernel() {
      return qualifiers.contains(FunctionQualifier.GLOBAL);
    }

    /** Its prototype: the declaration without the body, default arguments kept. */
    public Function prototype() {
      return new Function(span, qualifiers, returnSpec, returnPointers, name, nameSpan, params, null);
    }

    /**
     * The definition that follows its prototype: its parameters without their default arguments,
     * which the prototype has and a later declaration may not repeat (C++ [dcl.fct.default] ¶4).
     */
    public Function afterPrototype() {
      List<Param> plain = params.stream().map(p -> p.defaultValue() == null ? p
          : new Param(p.span(), p.spec(), p.pointers(), p.name(), p.nameSpan(), p.dims(), null, p.reference())).toList();
      return new Function(span, qualifiers, returnSpec, returnPointers, name, nameSpan, plain, body);
    }

    @Override
    public <R> R accept(Visitor<R> v) {
      return v.visitFunction(this);
    }
  }

  /** File-scope variables ({@code __device__ int counter;}, {@code const int N = 8;}). */
  record Variables(Span span, List<VarDecl> vars) implements Decl {
    public Variables {
      vars = List.copyOf(vars);
    }

    @Override
    public <R> R accept(Visitor<R> v) {
      return v.visitVariables(this);
    }
  }
}
