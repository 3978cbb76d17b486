package org.scansim.frontend.sema;

import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.scansim.frontend.ast.Decl;
import org.scansim.frontend.ast.Expr;
import org.scansim.frontend.ast.FunctionQualifier;
import org.scansim.frontend.ast.Initializer;
import org.scansim.frontend.ast.Param;
import org.scansim.frontend.ast.PointerLevel;
import org.scansim.frontend.ast.Stmt;
import org.scansim.frontend.ast.StructDef;
import org.scansim.frontend.ast.TypeSpec;
import org.scansim.frontend.ast.VarDecl;
import org.scansim.frontend.diag.Span;

/**
 * Closure types (C++ [expr.prim.lambda.closure]): each lambda expression gets a class of its own,
 * named after its position ({@code lambda_12_5}), with a field per captured variable (a copy, or
 * for a capture by reference the variable's address) and an {@code operator()} whose body is the
 * lambda's, after one reference per capture that names it by the variable's own name ({@code int
 * &n = *this->n;}). The lambda expression stands for a value of the class with its fields set, so
 * that it is passed, copied, deduced as a template argument and called as any function object.
 *
 * <p>What is captured: the automatic variables of the enclosing function (and {@code this}) its
 * body names, each as the capture list says, or by its default ({@code [&]}, {@code [=]}). The
 * return type, unless written, is the first {@code return}'s value type ({@code void} without
 * one). A {@code __device__} lambda written in host code captures by copy only (nvcc's rule for
 * extended lambdas).
 */
final class Closures {
  private final Context cx;
  private final ExprChecker exprs;
  /** How many closure types each position has named (a lambda in a template is one per instance). */
  private final Map<String, Integer> names = new java.util.HashMap<>();

  Closures(Context cx, ExprChecker exprs) {
    this.cx = cx;
    this.exprs = exprs;
  }

  /** One variable the closure holds. */
  private record Captured(String name, Symbol.Variable variable, boolean byReference, Span at) {}

  /** The closure type of {@code e}, made and its call operator checked on first use. */
  Type type(Expr.Lambda e) {
    Expr.Call made = cx.sema.closures.get(e);
    if (made != null) {
      return cx.sema.typeOf(made);
    }
    Space space = space(e);
    List<Captured> captures = captures(e, space);
    if (captures == null) {
      return Type.ERR;
    }
    Span at = e.span();
    String base = "lambda_" + at.line() + "_" + at.col();
    int seen = names.merge(base, 1, Integer::sum);
    StructDef def = new StructDef(seen == 1 ? base : base + "_" + seen, at);
    def.markClass();
    List<StructDef.Field> fields = new ArrayList<>();
    List<Expr> values = new ArrayList<>();
    List<Stmt> prologue = new ArrayList<>();
    for (Captured c : captures) {
      Type held = c.variable().type();
      if (held instanceof Type.Array arr && !c.byReference()) {
        cx.error(c.at(), "capturing the array '" + c.name() + "' by copy is not supported: capture it by reference (&" + c.name() + ")");
        return Type.ERR;
      }
      if (held instanceof Type.Err) {
        return Type.ERR; // its declaration was reported
      }
      if (held instanceof Type.Struct object && !c.byReference() && (exprs.copyConstructorOf(object) != null
          || cx.scope.lookup(object.def().destructorName()) != null)) {
        cx.error(c.at(), "capturing '" + c.name() + "' of class '" + object.spelling() + "' by copy is not supported (its copy"
            + " constructor and destructor would not run for the closure's copy): capture it by reference (&" + c.name() + ")");
        return Type.ERR;
      }
      Type fieldType = held instanceof Type.Array arr ? new Type.Pointer(arr.element(), c.variable().isConst(), false)
          : c.byReference() ? new Type.Pointer(held, c.variable().isConst(), false) : held;
      org.scansim.frontend.ast.FunctionTemplate.Arg spelled = TemplateArgs.of(fieldType, c.at());
      if (spelled == null) {
        cx.error(c.at(), "capturing '" + c.name() + "' of type '" + held.spelling() + "' is not supported");
        return Type.ERR;
      }
      fields.add(new StructDef.Field(c.at(), spelled.spec(), spelled.pointers(), c.name(), c.at(), List.of()));
      // The enclosing object's pointer is this in a member function, __this in a lambda inside one.
      String source = c.name().equals(Expr.Lambda.CAPTURED_THIS) && !(cx.scope.lookup(c.name()) instanceof Symbol.Variable) ? "this" : c.name();
      Expr.Name variable = new Expr.Name(c.at(), source);
      values.add(c.byReference() && !(held instanceof Type.Array) ? new Expr.Unary(c.at(), Expr.UnaryOp.ADDR, variable) : variable);
      prologue.add(reference(c, held, fieldType, e.mutable()));
    }
    def.define(at, fields);
    Type.Struct closure = cx.structs.of(def);
    // The closure's value: its fields set from the captured variables (or their addresses).
    Expr.Call value = new Expr.Call(at, "(lambda)", at, values);
    for (int i = 0; i < values.size(); i++) {
      Type t = exprs.checkValue(values.get(i));
      if (t instanceof Type.Err) {
        return Type.ERR;
      }
    }
    cx.sema.types.put(value, closure);
    cx.sema.callees.put(value, new MakeVector(closure));
    cx.sema.closures.put(e, value);
    // operator(): const unless mutable, its body the captures' references then the lambda's own statements.
    List<Param> params = new ArrayList<>();
    params.add(Param.self(at, def, !e.mutable()));
    params.addAll(e.params());
    // The captures' references, then the lambda's body as a block of its own, so that a name it declares hides a capture's.
    List<Stmt> body = new ArrayList<>(prologue);
    body.add(e.body());
    TypeSpec ret = e.ret() != null ? e.ret().spec() : new TypeSpec(at, org.scansim.frontend.ast.BaseType.AUTO, false, false);
    List<PointerLevel> retPointers = e.ret() != null ? e.ret().pointers() : List.of();
    Set<FunctionQualifier> qualifiers = EnumSet.noneOf(FunctionQualifier.class);
    if (space.onDevice()) {
      qualifiers.add(FunctionQualifier.DEVICE);
    }
    if (space.onHost()) {
      qualifiers.add(FunctionQualifier.HOST);
    }
    Decl.Function call = new Decl.Function(at, qualifiers, ret, retPointers, def.name() + "::operator()", at, params,
        new Stmt.Block(e.body().span(), body));
    cx.lambdas.apply(call);
    return closure;
  }

  /** Where the call operator runs: the enclosing function's space in device code, else as the lambda's qualifiers say. */
  private Space space(Expr.Lambda e) {
    if (cx.space == Space.DEVICE || cx.space == Space.GLOBAL) {
      return Space.DEVICE;
    }
    if (cx.space == Space.HOST_DEVICE) {
      return Space.HOST_DEVICE;
    }
    if (e.qualifiers().contains(FunctionQualifier.DEVICE)) {
      return e.qualifiers().contains(FunctionQualifier.HOST) ? Space.HOST_DEVICE : Space.DEVICE;
    }
    return Space.HOST;
  }

  /**
   * {@code T &x = *this->x;} (by reference) or {@code T &x = this->x;} (by copy, {@code const}
   * unless the lambda is mutable): the captured variable's name in the body.
   */
  private static Stmt reference(Captured c, Type held, Type fieldType, boolean mutable) {
    Span at = c.at();
    Expr field = Expr.Member.of("this", c.name(), at, at);
    Type named = held instanceof Type.Array ? fieldType : held;
    org.scansim.frontend.ast.FunctionTemplate.Arg spelled = TemplateArgs.of(named, at);
    boolean viaPointer = c.byReference() && !(held instanceof Type.Array);
    Expr init = viaPointer ? new Expr.Unary(at, Expr.UnaryOp.DEREF, field) : field;
    boolean constant = viaPointer ? c.variable().isConst() : !mutable || c.variable().isConst();
    TypeSpec spec = spelled.spec();
    List<PointerLevel> pointers = new ArrayList<>(spelled.pointers());
    if (constant && pointers.isEmpty()) {
      spec = new TypeSpec(spec.span(), spec.base(), true, spec.isVolatile(), spec.struct(), spec.incomplete());
    } else if (constant) {
      PointerLevel last = pointers.remove(pointers.size() - 1);
      pointers.add(new PointerLevel(true, last.isVolatile(), last.isRestrict()));
    }
    return new Stmt.DeclStmt(at, List.of(new VarDecl(at, Set.of(), spec, pointers, c.name(), at, List.of(),
        new Initializer.Single(at, init), true)));
  }

  /** The variables the lambda captures, in the order written then first named; null after an error (reported). */
  private List<Captured> captures(Expr.Lambda e, Space space) {
    Set<String> params = new java.util.HashSet<>();
    e.params().forEach(p -> params.add(p.name()));
    Set<String> inside = new java.util.HashSet<>(params);
    LinkedHashSet<String> named = new LinkedHashSet<>();
    collect(e.body(), named, inside);
    if (e.captureDefault() != 0) {
      // With a default, every name of an enclosing variable is captured, also one the body declares again in an inner block
      // (its own declaration hides the capture there): only the parameters are the lambda's at its top.
      inside.retainAll(params);
    }
    Map<String, Captured> out = new LinkedHashMap<>();
    boolean ok = true;
    boolean extended = cx.space == Space.HOST && space.onDevice();
    for (Expr.Lambda.Capture c : e.captures()) {
      String name = c.name().equals("this") ? Expr.Lambda.CAPTURED_THIS : c.name();
      Symbol.Variable v = automatic(name);
      if (c.name().equals("this")) {
        v = v != null ? v : automatic("this");
        if (v == null) {
          cx.error(c.span(), "'this' cannot be captured outside a member function");
          ok = false;
          continue;
        }
      } else if (v == null) {
        cx.error(c.span(), cx.scope.lookup(name) instanceof Symbol.Variable
            ? "'" + name + "' cannot be captured because it does not have automatic storage duration (name it without capturing it)"
            : "use of undeclared identifier '" + name + "' in the capture list");
        ok = false;
        continue;
      }
      if (out.containsKey(name)) {
        cx.error(c.span(), "'" + c.name() + "' can appear only once in a capture list");
        ok = false;
        continue;
      }
      if (c.byReference() == (e.captureDefault() == '&') && e.captureDefault() != 0 && !c.name().equals("this")) {
        cx.error(c.span(), "'" + (c.byReference() ? "&" : "") + c.name() + "' cannot be captured " + (c.byReference() ? "by reference" : "by copy")
            + " when the capture default is '" + e.captureDefault() + "'");
        ok = false;
        continue;
      }
      out.put(name, new Captured(name, v, c.byReference() && !c.name().equals("this"), c.span()));
    }
    for (String name : named) {
      if (inside.contains(name) || out.containsKey(name)) {
        continue;
      }
      if (cx.scope.lookup(name) instanceof Symbol.Variable shared && shared.isShared()) {
        // The enclosing kernel's __shared__ memory is not captured in C++ (it is not automatic), but the call operator is a
        // function of its own here: it reaches the block's memory through the variable's address, as a reference would.
        out.put(name, new Captured(name, shared, true, e.span()));
        continue;
      }
      Symbol.Variable v = automatic(name);
      if (v == null && name.equals(Expr.Lambda.CAPTURED_THIS)) {
        v = automatic("this");
      }
      if (v == null || v.isConst() && v.constValue() != null && !(v.type() instanceof Type.Pointer)) {
        continue; // a global, a function, a builtin, a constant (const int N = 10, not odr-used): named directly
      }
      boolean self = name.equals(Expr.Lambda.CAPTURED_THIS);
      if (e.captureDefault() == 0) {
        cx.error(e.span(), self ? "'this' cannot be implicitly captured in this context: capture it ([this], [&] or [=])"
            : "variable '" + name + "' cannot be implicitly captured in a lambda with no capture-default specified");
        ok = false;
        continue;
      }
      out.put(name, new Captured(name, v, e.captureDefault() == '&' && !self, e.span()));
    }
    if (extended) {
      for (Captured c : out.values()) {
        if (c.byReference() && !c.variable().isShared()) {
          cx.error(c.at(), "a __device__ lambda written in host code cannot capture '" + c.name() + "' by reference (the device cannot"
              + " reach the host's variables): capture it by copy");
          ok = false;
        }
      }
    }
    return ok ? new ArrayList<>(out.values()) : null;
  }

  /** The automatic variable (a local or parameter of the enclosing function) {@code name} denotes here, or null. */
  private Symbol.Variable automatic(String name) {
    Symbol s = cx.scope.lookup(name);
    if (s instanceof Symbol.Variable v && (v.kind() == Symbol.VarKind.LOCAL || v.kind() == Symbol.VarKind.PARAM)
) { // a static local is a HOST_GLOBAL: named, not captured
      if (name.equals("this") || name.equals(Expr.Lambda.CAPTURED_THIS)) {
        return new Symbol.Variable(Expr.Lambda.CAPTURED_THIS, v.type(), Symbol.VarKind.LOCAL, false, false,
            v.declSpan(), null);
      }
      return v;
    }
    return null;
  }

  /**
   * The names {@code node} uses (variables, called names), in order, and in {@code declared} those
   * it declares: a walk over the AST's records, so that every kind of statement and expression is
   * covered without a case of its own.
   */
  private static void collect(Object node, Set<String> used, Set<String> declared) {
    if (node == null) {
      return;
    }
    if (node instanceof List<?> list) {
      list.forEach(x -> collect(x, used, declared));
      return;
    }
    if (node instanceof Expr.Name n) {
      used.add(n.id());
      return;
    }
    if (node instanceof Expr.Call c) {
      used.add(c.callee());
    }
    if (node instanceof Expr.Lambda inner) {
      // A nested lambda's written captures name the enclosing lambda's variables.
      inner.captures().forEach(c -> used.add(c.name().equals("this") ? Expr.Lambda.CAPTURED_THIS : c.name()));
    }
    if (node instanceof VarDecl d) {
      declared.add(d.name());
    }
    if (node instanceof Param p && p.name() != null) {
      declared.add(p.name());
    }
    if (!(node instanceof Record r) || node instanceof Span) {
      return;
    }
    for (RecordComponent rc : r.getClass().getRecordComponents()) {
      Class<?> type = rc.getType();
      if (type.isPrimitive() || type == String.class || type == Span.class) {
        continue;
      }
      try {
        collect(rc.getAccessor().invoke(r), used, declared);
      } catch (ReflectiveOperationException ex) {
        throw new IllegalStateException(ex);
      }
    }
  }

  /** The std::function makers made so far, by the std::function class and the callable's type or function. */
  private final Map<String, Symbol.Function> makers = new java.util.HashMap<>();

  /**
   * {@code value} (of type {@code from}) where the {@code std::function} class {@code fn} is
   * wanted: a lambda or function object ({@code from} a class with an {@code operator()}) or a
   * function's name, converted by a maker the checker writes, {@code fn __make_N(F f)}, which
   * copies the callable to the host heap and pairs it with {@code __invoke_N(void *, A...)}, a
   * function calling it. False when {@code value} is no callable of these kinds.
   */
  boolean toFunction(Type.Struct fn, Expr value, Type from) {
    Type.Struct.Field callField = fn.fields().stream().filter(f -> f.name().equals("__call")).findFirst().orElse(null);
    if (callField == null || !(callField.type() instanceof Type.Pointer cp) || !(cp.pointee() instanceof Type.Function sig)) {
      return false;
    }
    Span at = value.span();
    StructDef callable = from instanceof Type.Struct cs && cx.scope.lookup(cs.def().name() + "::operator()") != null ? cs.def() : null;
    Symbol.Function function = value instanceof Expr.Name n && cx.scope.lookup(n.id()) instanceof Symbol.Function f
        && !cx.overloads.containsKey(n.id()) ? f : null;
    if (callable == null && function == null) {
      return false;
    }
    if (cx.space != Space.HOST) {
      cx.error(value.span(), "std::function is host code's (as in CUDA): device code takes the callable as a template parameter");
      return true; // reported
    }
    if (callable != null && cx.scope.lookup(callable.name() + "::operator()") instanceof Symbol.Function op
        && op.paramTypes().get(0) instanceof Type.Pointer self && !self.constPointee()) {
      cx.error(value.span(), "a function object whose operator() is not const (a mutable lambda) in a std::function is not supported"
          + " (copies of the std::function would share its state): pass it as a template parameter");
      return true; // reported
    }
    String key = fn.def().name() + "|" + (callable != null ? callable.name() : "&" + function.name());
    Symbol.Function maker = makers.get(key);
    if (maker == null) {
      maker = maker(fn, sig, callable, function, at, makers.size());
      if (maker == null) {
        return false;
      }
      makers.put(key, maker);
    }
    // The callable passed as a copy of itself ((F) value): an expression of its own, so that the conversion recorded for the
    // value is not met again where the maker's argument is lowered.
    Expr argument = callable == null ? null
        : new Expr.Cast(at, new org.scansim.frontend.ast.TypeName(at, TypeSpec.of(at, callable, false, false), List.of()), value);
    Expr.Call call = new Expr.Call(at, maker.firstDecl().name(), at, argument != null ? List.of(argument) : List.of());
    if (callable != null) {
      exprs.checkedAhead(value); // checked already: its type is kept
    }
    exprs.checkCall(call, maker);
    cx.sema.types.put(call, fn);
    cx.sema.conversions.put(value, call);
    return true;
  }

  private Symbol.Function maker(Type.Struct fn, Type.Function sig, StructDef callable, Symbol.Function function, Span at, int n) {
    List<org.scansim.frontend.ast.PointerLevel> one = List.of(new PointerLevel(false, false, false));
    TypeSpec voidSpec = new TypeSpec(at, org.scansim.frontend.ast.BaseType.VOID, false, false);
    // R __invoke_N(void *__object, A... __aI) { return (*(F *) __object)(__aI...); }, or fname(__aI...)
    List<Param> params = new ArrayList<>();
    params.add(new Param(at, voidSpec, one, "__object", at, List.of(), null, false));
    List<Expr> args = new ArrayList<>();
    for (int i = 1; i < sig.params().size(); i++) {
      org.scansim.frontend.ast.FunctionTemplate.Arg a = TemplateArgs.of(sig.params().get(i), at);
      if (a == null) {
        return null;
      }
      params.add(new Param(at, a.spec(), a.pointers(), "__a" + i, at, List.of(), null, false));
      args.add(new Expr.Name(at, "__a" + i));
    }
    Expr call;
    if (callable != null) {
      Expr object = new Expr.Unary(at, Expr.UnaryOp.DEREF, new Expr.Cast(at, new org.scansim.frontend.ast.TypeName(at,
          TypeSpec.of(at, callable, false, false), one), new Expr.Name(at, "__object")));
      List<Expr> all = new ArrayList<>();
      all.add(object);
      all.addAll(args);
      call = new Expr.Call(at, ".operator()", at, all);
    } else {
      call = new Expr.Call(at, function.firstDecl().name(), at, args);
    }
    boolean isVoid = sig.result() instanceof Type.Void;
    TypeSpec resultSpec = voidSpec;
    List<org.scansim.frontend.ast.PointerLevel> resultPointers = List.of();
    if (!isVoid) {
      org.scansim.frontend.ast.FunctionTemplate.Arg r = TemplateArgs.of(sig.result(), at);
      if (r == null) {
        return null;
      }
      resultSpec = r.spec();
      resultPointers = r.pointers();
    }
    Set<FunctionQualifier> host = Set.of(FunctionQualifier.HOST);
    String invokeName = "__invoke_" + n;
    Decl.Function invoke = new Decl.Function(at, host, resultSpec, resultPointers, invokeName, at, params,
        new Stmt.Block(at, List.of(isVoid ? new Stmt.ExprStmt(at, call) : new Stmt.Return(at, call))));
    if (cx.instances.apply(invoke) == null) {
      return null;
    }
    // fn __make_N(F __callable) { fn __r; F *__h = (F *) operator new(sizeof(F)); *__h = __callable; __r.__object = __h;
    // __r.__call = __invoke_N; return __r; }   (a function's: __r.__object = 0)
    TypeSpec fnSpec = TypeSpec.of(at, fn.def(), false, false);
    List<Stmt> body = new ArrayList<>();
    body.add(new Stmt.DeclStmt(at, List.of(new VarDecl(at, Set.of(), fnSpec, List.of(), "__r", at, List.of(), null, false))));
    Expr objectValue;
    List<Param> makerParams = new ArrayList<>();
    if (callable != null) {
      TypeSpec cspec = TypeSpec.of(at, callable, false, false);
      makerParams.add(new Param(at, cspec, List.of(), "__callable", at, List.of(), null, false));
      org.scansim.frontend.ast.TypeName pointer = new org.scansim.frontend.ast.TypeName(at, cspec, one);
      Expr allocation = new Expr.Cast(at, pointer, new Expr.Call(at, "operator new", at,
          List.of(new Expr.SizeofType(at, new org.scansim.frontend.ast.TypeName(at, cspec, List.of())))));
      body.add(new Stmt.DeclStmt(at, List.of(new VarDecl(at, Set.of(), cspec, one, "__h", at, List.of(),
          new Initializer.Single(at, allocation), false))));
      body.add(new Stmt.ExprStmt(at, new Expr.Assign(at, null, new Expr.Unary(at, Expr.UnaryOp.DEREF, new Expr.Name(at, "__h")),
          new Expr.Name(at, "__callable"))));
      objectValue = new Expr.Name(at, "__h");
    } else {
      objectValue = new Expr.NullLit(at);
    }
    body.add(new Stmt.ExprStmt(at, new Expr.Assign(at, null, new Expr.Member(at, new Expr.Name(at, "__r"), "__object", at, false),
        objectValue)));
    body.add(new Stmt.ExprStmt(at, new Expr.Assign(at, null, new Expr.Member(at, new Expr.Name(at, "__r"), "__call", at, false),
        new Expr.Name(at, invokeName))));
    body.add(new Stmt.Return(at, new Expr.Name(at, "__r")));
    Decl.Function make = new Decl.Function(at, host, fnSpec, List.of(), "__make_" + n, at, makerParams, new Stmt.Block(at, body));
    return cx.instances.apply(make);
  }
}
