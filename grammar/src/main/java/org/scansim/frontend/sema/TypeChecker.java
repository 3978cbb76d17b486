package org.scansim.frontend.sema;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import org.scansim.text.Nearest;
import java.util.Map;
import java.util.Set;
import org.scansim.frontend.ast.ArrayDim;
import org.scansim.frontend.ast.Decl;
import org.scansim.frontend.ast.Expr;
import org.scansim.frontend.ast.FunctionQualifier;
import org.scansim.frontend.ast.Initializer;
import org.scansim.frontend.ast.Param;
import org.scansim.frontend.ast.PointerLevel;
import org.scansim.frontend.ast.Stmt;
import org.scansim.frontend.ast.Storage;
import org.scansim.frontend.ast.TranslationUnit;
import org.scansim.frontend.ast.VarDecl;
import org.scansim.frontend.diag.Diagnostic;
import org.scansim.frontend.diag.Diagnostics;
import org.scansim.frontend.diag.Span;

/**
 * Resolves names, types every expression and checks the rules of C++ and CUDA that the subset
 * relies on: declarations before use, execution spaces (no {@code __syncthreads} in host code, no
 * {@code __shared__} outside device code, launches only of kernels), assignability and const,
 * constant array sizes, loop-only {@code break}/{@code continue}, return types.
 */
public final class TypeChecker implements Decl.Visitor<Void>, Stmt.Visitor<Void> {
  /** Integer constants of the CUDA runtime API that the subset knows (cuda_runtime_api.h). */
  private static final Map<String, Long> RUNTIME_CONSTANTS =
      Map.ofEntries(
          Map.entry("cudaSuccess", 0L),
          Map.entry("cudaMemcpyHostToHost", 0L),
          Map.entry("cudaMemcpyHostToDevice", 1L),
          Map.entry("cudaMemcpyDeviceToHost", 2L),
          Map.entry("cudaMemcpyDeviceToDevice", 3L),
          Map.entry("cudaMemcpyDefault", 4L),
          Map.entry("cudaMemAttachGlobal", 1L),
          Map.entry("cudaMemAttachHost", 2L),
          Map.entry("cudaEventDefault", 0L),
          Map.entry("cudaEventBlockingSync", 1L),
          Map.entry("cudaEventDisableTiming", 2L),
          Map.entry("cudaHostAllocDefault", 0L),
          Map.entry("cudaStreamDefault", 0L),
          Map.entry("cudaStreamNonBlocking", 1L),
          Map.entry("cudaErrorInvalidValue", 1L),
          Map.entry("cudaErrorMemoryAllocation", 2L),
          Map.entry("cudaErrorInvalidDevice", 101L),
          Map.entry("cudaErrorInvalidResourceHandle", 400L),
          // cudaDeviceAttr (driver_types.h), the attributes cudaDeviceGetAttribute answers
          Map.entry("cudaDevAttrMaxThreadsPerBlock", 1L),
          Map.entry("cudaDevAttrMaxBlockDimX", 2L),
          Map.entry("cudaDevAttrMaxBlockDimY", 3L),
          Map.entry("cudaDevAttrMaxBlockDimZ", 4L),
          Map.entry("cudaDevAttrMaxGridDimX", 5L),
          Map.entry("cudaDevAttrMaxGridDimY", 6L),
          Map.entry("cudaDevAttrMaxGridDimZ", 7L),
          Map.entry("cudaDevAttrMaxSharedMemoryPerBlock", 8L),
          Map.entry("cudaDevAttrWarpSize", 10L),
          Map.entry("cudaDevAttrClockRate", 13L),
          Map.entry("cudaDevAttrMultiProcessorCount", 16L),
          Map.entry("cudaDevAttrMemoryClockRate", 36L),
          Map.entry("cudaDevAttrGlobalMemoryBusWidth", 37L),
          Map.entry("cudaDevAttrL2CacheSize", 38L),
          Map.entry("cudaDevAttrMaxThreadsPerMultiProcessor", 39L),
          Map.entry("cudaDevAttrComputeCapabilityMajor", 75L),
          Map.entry("cudaDevAttrComputeCapabilityMinor", 76L),
          Map.entry("cudaDevAttrMaxSharedMemoryPerMultiprocessor", 81L),
          Map.entry("cudaDevAttrMaxSharedMemoryPerBlockOptin", 97L));

  /** Largest array the checker accepts: a bound on what a hostile file can make us allocate. */
  static final long MAX_ARRAY_BYTES = 1L << 32;

  private final Context cx;
  private final ExprChecker exprs;
  private Type returnType = Type.VOID;
  /** Whether the function being checked returns a reference: its returns give an object's address. */
  private boolean returnsReference;
  /** The function whose body is being checked: its static locals are named after it. */
  private String functionName = "";
  private int loops;
  private int switches;

  /** The file scope, where template instances are declared from wherever they are needed. */
  private final Scope fileScope;
  /** Deduced instances whose bodies are checked after the declaration that needed them. */
  private final java.util.ArrayDeque<Decl.Function> pendingInstances = new java.util.ArrayDeque<>();
  /** Function definitions already checked (an instance may be met both as deduced and in the file's list). */
  private final Set<Decl.Function> checkedBodies = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());

  private TypeChecker(Diagnostics diags) {
    Scope file = new Scope(null);
    this.fileScope = file;
    this.cx = new Context(diags, file);
    cx.instances = this::declareInstance;
    cx.lambdas = this::checkLambda;
    this.exprs = new ExprChecker(cx);
    cx.structs = new StructTypes(cx, exprs, file);
    for (String name : List.of("threadIdx", "blockIdx", "blockDim", "gridDim")) {
      file.define(new Symbol.Variable(name, Type.UINT3, Symbol.VarKind.BUILTIN, true, false, null, null));
    }
    file.define(new Symbol.Variable("warpSize", Type.INT, Symbol.VarKind.BUILTIN, true, false, null, null));
    RUNTIME_CONSTANTS.forEach(
        (name, value) -> file.define(new Symbol.Variable(name, Type.INT, Symbol.VarKind.BUILTIN_CONSTANT, true, false, null, value)));
    // The standard streams (C11 §7.21.1): stdout and stderr are both the program's output, stdin its input.
    Type stream = exprs.filePointer();
    file.define(new Symbol.Variable("stdout", stream, Symbol.VarKind.BUILTIN_CONSTANT, true, false, null, 1L));
    file.define(new Symbol.Variable("stderr", stream, Symbol.VarKind.BUILTIN_CONSTANT, true, false, null, 2L));
    file.define(new Symbol.Variable("stdin", stream, Symbol.VarKind.BUILTIN_CONSTANT, true, false, null, 3L));
  }

  /** Checks a parsed translation unit; errors go to {@code diags}. */
  public static Sema check(TranslationUnit unit, Diagnostics diags) {
    TypeChecker checker = new TypeChecker(diags);
    checker.cx.templates = unit.templates();
    checker.cx.unitStructs = unit.structs();
    for (Decl d : unit.decls()) {
      d.accept(checker);
      for (Decl.Function f; (f = checker.pendingInstances.poll()) != null; ) {
        f.accept(checker);
      }
    }
    checker.cx.structs.layOutAll(unit.structs());
    // One file is the whole program (no separate compilation, no linker): a function that is
    // called or launched needs its body here, or the IR would call nothing.
    checker.cx.firstUses.forEach(
        (f, at) -> {
          if (f.definition() == null) {
            checker.cx.diags.report(
                Diagnostic.error(at, "'" + f.name() + "' is used but never defined (its body must be in this file, or in another of the program's files given with it)")
                    .withNote(f.declSpan(), "declared here"));
          }
        });
    return checker.cx.sema;
  }

  // ---- declarations ----

  /**
   * Declares a template instance the checker deduced, at file scope (its body is checked once the
   * declaration being checked is done); an instance already declared is returned as it is.
   */
  private Symbol.Function declareInstance(Decl.Function f) {
    if (fileScope.lookupHere(f.name()) instanceof Symbol.Function existing) {
      return existing;
    }
    Scope here = cx.scope;
    Space space = cx.space;
    cx.scope = fileScope;
    try {
      Space fs = spaceOf(f);
      Type ret = TypeResolver.withPointers(f.returnSpec(), f.returnPointers(), cx.structs);
      List<Type> paramTypes = paramTypes(f, fs);
      Symbol.Function sym = declareFunction(f, fs, ret, paramTypes);
      if (sym != null) {
        defaults(f, sym, paramTypes);
        cx.sema.functions.put(f, sym);
        cx.sema.instances.add(f);
        pendingInstances.add(f);
      }
      return sym;
    } finally {
      cx.scope = here;
      cx.space = space;
    }
  }

  /** The lambda call operator whose declaration is being checked: it may be declared 'auto' (its returns give the type). */
  private Decl.Function lambdaOperator;
  /** The type the returns of an 'auto' call operator gave so far; null before the first. */
  private Type deducedReturn;
  /** Whether the body being checked is an 'auto' call operator's. */
  private boolean deducing;
  /** The scope where the lambda whose call operator is being checked was written. */
  private Scope lambdaScope;

  /**
   * A return of a lambda without a written return type: the first gives the type (its value's,
   * decayed; void without one), each other must give the same ({@code [expr.prim.lambda.closure]}).
   * False when it does not (reported).
   */
  private boolean deduce(Stmt.Return s) {
    Type t = s.value() == null ? Type.VOID : exprs.checkAhead(s.value());
    if (t instanceof Type.Err) {
      exprs.forgetAhead();
      return false;
    }
    if (t instanceof Type.Str) {
      t = new Type.Pointer(Type.CHAR, true, false);
    }
    if (deducedReturn == null) {
      deducedReturn = t;
      returnType = t;
      return true;
    }
    if (!t.equals(deducedReturn)) {
      exprs.forgetAhead();
      cx.error(s.value() != null ? s.value().span() : s.span(), "return type '" + t.spelling() + "' must match previous return type '"
          + deducedReturn.spelling() + "' when lambda expression has unspecified explicit return type");
      return false;
    }
    return true;
  }

  /**
   * Declares a lambda's call operator at file scope and checks its body now, in the middle of the
   * enclosing function's (whose state is kept), so that its return type is known where it is called.
   */
  private Symbol.Function checkLambda(Decl.Function f) {
    Scope here = cx.scope;
    Space space = cx.space;
    String name = functionName;
    int savedLoops = loops;
    int savedSwitches = switches;
    Type ret = returnType;
    boolean reference = returnsReference;
    java.util.Map<String, Stmt.Label> savedLabels = new java.util.HashMap<>(labels);
    List<Stmt.Goto> savedGotos = new ArrayList<>(gotos);
    Decl.Function operator = lambdaOperator;
    Type deduced = deducedReturn;
    boolean wasDeducing = deducing;
    Scope enclosing = lambdaScope;
    // Declared at file scope, so that any function calls it; its body sees the enclosing function's names but its
    // automatic variables (its static locals, constants): those it uses are its captures, named by its own references.
    lambdaScope = new Scope(fileScope);
    for (String visible : cx.scope.visibleNames()) {
      Symbol s = cx.scope.lookup(visible);
      boolean automatic = s instanceof Symbol.Variable v && (v.kind() == Symbol.VarKind.LOCAL || v.kind() == Symbol.VarKind.PARAM)
          && !(v.isConst() && v.constValue() != null && !(v.type() instanceof Type.Pointer));
      if (!automatic && lambdaScope.lookupHere(visible) == null && fileScope.lookup(visible) != s) {
        lambdaScope.define(s);
      }
    }
    int errorsBefore = cx.diags.errorCount();
    cx.scope = fileScope;
    lambdaOperator = f;
    deducedReturn = null;
    deducing = f.returnSpec().base() == org.scansim.frontend.ast.BaseType.AUTO;
    loops = 0;
    switches = 0;
    try {
      visitFunction(f);
      Symbol.Function sym = cx.sema.functions.get(f);
      if (sym != null) {
        if (sym.returnType() instanceof Type.Auto) {
          // A body with errors gives no type (its returns may not have been seen): its calls are not reported again.
          sym.deduceReturnType(deducedReturn != null ? deducedReturn : cx.diags.errorCount() > errorsBefore ? Type.ERR : Type.VOID);
        }
        cx.sema.instances.add(f);
      }
      return sym;
    } finally {
      cx.scope = here;
      cx.space = space;
      functionName = name;
      loops = savedLoops;
      switches = savedSwitches;
      returnType = ret;
      returnsReference = reference;
      labels.clear();
      labels.putAll(savedLabels);
      gotos.clear();
      gotos.addAll(savedGotos);
      lambdaOperator = operator;
      deducedReturn = deduced;
      deducing = wasDeducing;
      lambdaScope = enclosing;
    }
  }

  @Override
  public Void visitFunction(Decl.Function f) {
    if (f.body() != null && !checkedBodies.add(f)) {
      return null;
    }
    Space space = spaceOf(f);
    Type ret = TypeResolver.withPointers(f.returnSpec(), f.returnPointers(), cx.structs);
    if (space == Space.GLOBAL && !(ret instanceof Type.Void)) {
      cx.error(f.nameSpan(), "a __global__ function must return void, not '" + ret.spelling() + "'");
    }
    if (PointerLevel.endsInReference(f.returnPointers()) && ret instanceof Type.Pointer rp && rp.pointee() instanceof Type.Void) {
      cx.error(f.returnSpec().span(), "cannot form a reference to 'void'");
      ret = Type.ERR;
    }
    if (ret instanceof Type.Dim3) {
      cx.error(f.returnSpec().span(), "functions returning dim3 are not supported");
    }
    if (ret instanceof Type.Struct st && !st.isComplete()) {
      cx.error(f.returnSpec().span(), "a function cannot return the incomplete type '" + st.spelling() + "'");
      ret = Type.ERR;
    }
    if (ret instanceof Type.Auto && f == lambdaOperator) {
      // deduced from the body's returns (C++ [expr.prim.lambda.closure] ¶4)
    } else if (ret instanceof Type.Auto || ret instanceof Type.Group) {
      cx.error(f.returnSpec().span(), (ret instanceof Type.Auto ? "deduced return types ('auto')" : "functions returning cooperative groups")
          + " are not supported");
      ret = Type.ERR;
    }
    List<Type> paramTypes = paramTypes(f, space);
    int qualifier = f.name().lastIndexOf("::");
    String simple = qualifier < 0 ? f.name() : f.name().substring(qualifier + 2);
    boolean member = !f.params().isEmpty() && "this".equals(f.params().get(0).name());
    if (simple.startsWith("operator") && !simple.equals("operator()") && !simple.startsWith("operator new")
        && !simple.startsWith("operator delete")) {
      // A binary operator's operands: this and one more, or two of which one is a struct.
      if (paramTypes.size() != 2 || !member && paramTypes.stream().noneMatch(t -> t instanceof Type.Struct)) {
        cx.error(f.nameSpan(), "'" + simple + "' overloads a binary operator: it takes two operands, " + (member ? "this and one more"
            : "at least one of them a struct") + " (C++ [over.oper])");
        return null;
      }
    }
    Symbol.Function sym = declareFunction(f, space, ret, paramTypes);
    if (sym == null) {
      return null;
    }
    defaults(f, sym, paramTypes);
    cx.sema.functions.put(f, sym);
    if (f.body() == null) {
      return null;
    }
    if (sym.definition() != null) {
      cx.diags.report(
          Diagnostic.error(f.nameSpan(), "redefinition of '" + f.name() + "'")
              .withNote(sym.definition().nameSpan(), "previous definition is here"));
      return null;
    }
    sym.define(f);
    cx.space = space;
    functionName = sym.name();
    returnType = ret;
    returnsReference = PointerLevel.endsInReference(f.returnPointers());
    Scope outer = cx.scope;
    cx.scope = new Scope(f == lambdaOperator ? lambdaScope : outer);
    try {
      Set<String> seen = new HashSet<>();
      for (int i = 0; i < f.params().size(); i++) {
        Param p = f.params().get(i);
        if (p.name() == null) {
          continue;
        }
        if (!seen.add(p.name())) {
          cx.error(p.nameSpan(), "redefinition of parameter '" + p.name() + "'");
        }
        Symbol.Variable v =
            new Symbol.Variable(
                p.name(), paramTypes.get(i), Symbol.VarKind.PARAM, TypeResolver.outerConst(p.spec(), p.pointers()),
                TypeResolver.outerVolatile(p.spec(), p.pointers()), p.nameSpan(), null);
        if (p.reference() && space == Space.GLOBAL) {
          cx.error(p.nameSpan(), "a __global__ function's parameter cannot be a reference: the kernel would read host memory (pass a"
              + " pointer to device memory, or the value)");
        } else if (sym.byReference(i)) {
          v.markReference();
        }
        cx.sema.params.put(p, v);
        cx.scope.define(v);
        if (!p.reference() && paramTypes.get(i) instanceof Type.Struct pst && pst.def().isClass()
            && cx.scope.lookup(pst.def().destructorName()) instanceof Symbol.Function pd) {
          // A class's object passed by value is the callee's own: ended when the function returns (C++ [expr.call] ¶7).
          Expr.Call end = new Expr.Call(p.nameSpan(), pst.def().destructorName(), p.nameSpan(),
              List.of(ExprChecker.pointerTo(pst.def(), p.nameSpan(), new Expr.Unary(p.nameSpan(), Expr.UnaryOp.ADDR,
                  new Expr.Name(p.nameSpan(), p.name())))));
          exprs.checkCall(end, pd);
          cx.sema.paramDestructors.put(p, end);
        }
      }
      // The body shares the parameters' scope (C11 §6.2.1p4).
      labels.clear();
      gotos.clear();
      for (Stmt s : f.body().stmts()) {
        s.accept(this);
      }
      // A label's scope is the whole function (C11 §6.2.1p3): a goto may jump forward to one.
      for (Stmt.Goto g : gotos) {
        if (!labels.containsKey(g.label())) {
          String near = Nearest.of(g.label(), labels.keySet());
          cx.error(g.labelSpan(), "use of undeclared label '" + g.label() + "'" + (near == null ? "" : "; did you mean '" + near + "'?"));
        }
      }
    } finally {
      cx.scope = outer;
      cx.space = Space.HOST;
      returnType = Type.VOID;
    }
    return null;
  }

  /**
   * The default arguments a declaration gives (C++ [dcl.fct.default]): trailing, given by one
   * declaration only, of the parameter's type. Each is a constant here (a literal, {@code NULL},
   * arithmetic on them): scansim evaluates it at each call that leaves it out.
   */
  private void defaults(Decl.Function f, Symbol.Function sym, List<Type> paramTypes) {
    List<Expr> given = new ArrayList<>();
    f.params().forEach(p -> given.add(p.defaultValue()));
    int first = 0;
    while (first < given.size() && given.get(first) == null) {
      first++;
    }
    if (first == given.size() || sym.hasDefaults() && sym.firstDecl() == f) {
      return; // none, or this declaration's, recorded already (a deduced instance is met twice)
    }
    if (sym.hasDefaults()) {
      cx.diags.report(Diagnostic.error(given.get(first).span(), "redefinition of default argument")
          .withNote(sym.declSpan(), "previous declaration is here"));
      return;
    }
    for (int i = first; i < given.size(); i++) {
      Param p = f.params().get(i);
      Expr d = given.get(i);
      if (d == null) {
        cx.error(p.span(), "missing default argument on parameter" + (p.name() == null ? "" : " '" + p.name() + "'"));
        continue;
      }
      Type t = exprs.checkValue(d);
      if (t instanceof Type.Err) {
        continue;
      } else if (sym.byReference(i)) {
        cx.error(d.span(), "a default argument for the reference parameter" + (p.name() == null ? "" : " '" + p.name() + "'")
            + " is not supported (a non-const reference binds only to an object)");
      } else if (!constant(d)) {
        cx.error(d.span(), "the default argument of" + (p.name() == null ? " a parameter" : " '" + p.name() + "'")
            + " must be a constant here (literals, NULL, const variables of file scope, or arithmetic on them): scansim"
            + " evaluates it at each call");
      } else {
        exprs.requireAssignable(paramTypes.get(i), d, t, ExprChecker.Assigning.INITIALIZE);
      }
    }
    // Recorded even when one was refused, so that the calls relying on it are not reported too.
    sym.setDefaults(given);
  }

  /**
   * Whether e is built of literals and const variables of file scope alone (its value is the same
   * at every call; a name is bound here, where the function is declared, not where it is called).
   */
  private boolean constant(Expr e) {
    if (e instanceof Expr.IntLit || e instanceof Expr.FloatLit || e instanceof Expr.BoolLit || e instanceof Expr.NullLit
        || e instanceof Expr.CharLit || e instanceof Expr.SizeofType || e instanceof Expr.StringLit) {
      return true;
    }
    if (e instanceof Expr.Name n) {
      return cx.sema.symbolOf(n) instanceof Symbol.Variable v && v.isConst() && v.kind() == Symbol.VarKind.HOST_GLOBAL;
    }
    if (e instanceof Expr.Unary u) {
      return u.op() != Expr.UnaryOp.DEREF && u.op() != Expr.UnaryOp.ADDR && u.op() != Expr.UnaryOp.PRE_INC
          && u.op() != Expr.UnaryOp.PRE_DEC && u.op() != Expr.UnaryOp.POST_INC && u.op() != Expr.UnaryOp.POST_DEC
          && constant(u.operand());
    }
    if (e instanceof Expr.Binary b) {
      return constant(b.left()) && constant(b.right());
    }
    if (e instanceof Expr.Conditional c) {
      return constant(c.cond()) && constant(c.then()) && constant(c.els());
    }
    return e instanceof Expr.Cast c && constant(c.operand());
  }


  /** A function's parameter types; a cooperative group only on a __device__ function. */
  private List<Type> paramTypes(Decl.Function f, Space space) {
    List<Type> out = new ArrayList<>();
    for (Param p : f.params()) {
      Type t = paramType(p);
      if (t instanceof Type.Struct st && space == Space.GLOBAL && !(st.def().isClass() && st.isComplete() && st.fields().isEmpty())) {
        // A function object without fields (a stateless functor, a lambda that captures nothing) holds nothing the kernel
        // reads: its call operator runs on the device, and the host's copy is never dereferenced there.
        cx.error(p.span(), st.def().isClass() && !st.def().onlyImplicitConstructor() ? "a __global__ function's parameter of a class with fields ('" + st.spelling() + "') is not"
            + " supported (a function object without fields is: a functor of member functions only, a lambda that captures nothing):"
            + " pass a pointer to it" : "a struct parameter of a __global__ function is not supported: pass a pointer to it");
        t = Type.ERR;
      }
      if (t instanceof Type.Group && space != Space.DEVICE) {
        cx.error(p.span(), "a cooperative group is a parameter of __device__ functions only: a " + space.spelling()
            + " function makes its own (cg::this_thread_block())");
        t = Type.ERR;
      }
      out.add(t);
    }
    return out;
  }

  private Space spaceOf(Decl.Function f) {
    Set<FunctionQualifier> q = f.qualifiers();
    if (q.contains(FunctionQualifier.GLOBAL)) {
      if (q.contains(FunctionQualifier.HOST) || q.contains(FunctionQualifier.DEVICE)) {
        cx.error(f.nameSpan(), "a __global__ function cannot also be __host__ or __device__");
      }
      return Space.GLOBAL;
    }
    if (q.contains(FunctionQualifier.DEVICE)) {
      return q.contains(FunctionQualifier.HOST) ? Space.HOST_DEVICE : Space.DEVICE;
    }
    return Space.HOST;
  }

  private Type paramType(Param p) {
    Type t = TypeResolver.withPointers(p.spec(), p.pointers(), cx.structs);
    if (t instanceof Type.Auto) {
      cx.error(p.span(), "'auto' parameters are not supported");
      return Type.ERR;
    }
    if (p.reference() && t instanceof Type.Void) {
      cx.error(p.span(), "cannot form a reference to 'void'");
      return Type.ERR;
    }

    if (!p.dims().isEmpty()) {
      // float a[] and float a[N] are adjusted to float * (C11 §6.7.6.3p7).
      if (p.dims().size() > 1) {
        cx.error(p.span(), "multi-dimensional array parameters are not supported");
        return Type.ERR; // its uses stay silent
      }
      t = new Type.Pointer(t, p.spec().isConst() && p.pointers().isEmpty(), p.spec().isVolatile() && p.pointers().isEmpty());
    }
    if (t instanceof Type.Void && p.pointers().isEmpty()) {
      cx.error(p.span(), "parameter of type 'void'");
      return Type.ERR;
    }
    if (t instanceof Type.Dim3) {
      cx.error(p.span(), t.spelling() + " parameters are not supported");
      return Type.ERR;
    }
    if (t instanceof Type.Struct st && !st.isComplete()) {
      cx.error(p.span(), "parameter has incomplete type '" + st.spelling() + "'");
      return Type.ERR;
    }
    return t;
  }

  private Symbol.Function declareFunction(Decl.Function f, Space space, Type ret, List<Type> params) {
    Symbol existing = cx.scope.lookupHere(f.name());
    if (existing instanceof Symbol.Function first) {
      List<Symbol.Function> set = cx.overloads.getOrDefault(f.name(), List.of(first));
      for (Symbol.Function prev : set) {
        if (prev.paramTypes().equals(params)) {
          if (prev.space() != space || !prev.returnType().equals(ret)) {
            String why = !prev.returnType().equals(ret) ? "functions that differ only in their return type cannot be overloaded"
                : "it was declared " + prev.space().spelling() + " and is now " + space.spelling();
            cx.diags.report(Diagnostic.error(f.nameSpan(), "conflicting declaration of '" + f.name() + "': " + why)
                .withNote(prev.declSpan(), "previous declaration is here"));
            return null; // reported once; its body is not checked against the other declaration
          }
          return prev;
        }
      }
      // Another parameter list: an overload (C++ [over.load]); each is named by its signature.
      Symbol.Function sym = new Symbol.Function(f.name(), space, ret, params, f);
      List<Symbol.Function> grown = new ArrayList<>(set);
      grown.add(sym);
      grown.forEach(Symbol.Function::nameBySignature);
      cx.overloads.put(f.name(), grown);
      return sym;
    }
    if (existing != null) {
      cx.diags.report(
          Diagnostic.error(f.nameSpan(), "redefinition of '" + f.name() + "' as a different kind of symbol")
              .withNote(existing.declSpan(), "previous definition is here"));
    }
    if (Builtin.byName(f.name()) != null) {
      cx.error(f.nameSpan(), "'" + f.name() + "' is a built-in function and cannot be redefined");
    }
    Symbol.Function sym = new Symbol.Function(f.name(), space, ret, params, f);
    cx.scope.define(sym);
    return sym;
  }

  @Override
  public Void visitVariables(Decl.Variables v) {
    for (VarDecl d : v.vars()) {
      declareVariable(d, true);
    }
    return null;
  }

  /** Declares one variable at file or block scope, checking its type, storage and initialiser. */
  private void declareVariable(VarDecl d, boolean fileScope) {
    Symbol.VarKind kind = kindOf(d, fileScope);
    boolean isConst = TypeResolver.outerConst(d.spec(), d.pointers());
    boolean isVolatile = TypeResolver.outerVolatile(d.spec(), d.pointers());
    Type t = TypeResolver.withPointers(d.spec(), d.pointers(), cx.structs);
    if (t instanceof Type.Void) {
      cx.error(d.nameSpan(), "variable '" + d.name() + "' has type 'void'");
      t = Type.ERR;
    }
    if (d.spec().base() == org.scansim.frontend.ast.BaseType.AUTO) {
      t = deduced(d);
    }
    if (t instanceof Type.Group && (kind != Symbol.VarKind.LOCAL || !d.dims().isEmpty() || !d.pointers().isEmpty())) {
      cx.error(d.nameSpan(), "a cooperative group is supported only as a local variable of its own type");
      t = Type.ERR;
    }
    t = arrayType(d, t, kind, isConst, isVolatile);
    if (Type.innermost(t) instanceof Type.Struct st && !st.isComplete()) {
      cx.error(d.nameSpan(), "variable '" + d.name() + "' has incomplete type '" + st.spelling() + "'");
      t = Type.ERR;
    }
    if (t instanceof Type.Dim3 && (kind != Symbol.VarKind.LOCAL)) {
      cx.error(d.nameSpan(), "dim3 variables are supported only as local variables");
    }
    List<InitValue> layout = null;
    boolean constructed = t instanceof Type.Struct cs && cs.def().isClass() && cx.scope.lookup(cs.def().constructorName()) instanceof Symbol.Function;
    if (d.init() instanceof Initializer.Braced b && !(t instanceof Type.Err) && !(t instanceof Type.Dim3) && !constructed
        && kind != Symbol.VarKind.SHARED && kind != Symbol.VarKind.DYNAMIC_SHARED) {
      layout = InitLayout.of(t, b, cx, exprs::checkAhead);
      cx.sema.initializers.put(d, layout);
      if (t instanceof Type.Array a && a.length() < 0) {
        // int a[] = {...}: the values decide the outer dimension (C11 §6.7.9p22).
        t = new Type.Array(a.element(), Math.max(1, InitLayout.outerLength(a.element(), layout)), isConst, isVolatile);
      }
    }
    Symbol previous = cx.scope.lookupHere(d.name());
    if (previous != null) {
      cx.diags.report(
          Diagnostic.error(d.nameSpan(), "redefinition of '" + d.name() + "'")
              .withNote(previous.declSpan() != null ? previous.declSpan() : d.nameSpan(), "previous definition is here"));
    }
    // The variable is in scope from the end of its declarator, so its own initialiser already
    // sees it (C11 §6.2.1p7): in `{ int x = x + 1; }` both x are the new one.
    Symbol.Variable sym = new Symbol.Variable(d.name(), t, kind, isConst, isVolatile, d.nameSpan(), null);
    cx.sema.variables.put(d, sym);
    if (fileScope) {
      cx.sema.globals.add(sym);
    }
    boolean staticLocal = !fileScope && kind == Symbol.VarKind.HOST_GLOBAL;
    if (staticLocal) {
      String name = functionName + "::" + d.name();
      for (int k = 2; cx.sema.staticLocals.containsValue(name); k++) {
        name = functionName + "::" + d.name() + "#" + k;
      }
      cx.sema.staticLocals.put(d, name);
      cx.sema.staticLocalOrder.add(d);
    }
    cx.scope.define(sym);
    // A range-based for's hidden holder (auto &__range1 = range): the object a range names, or a copy of the value a call gives.
    boolean holdsValue = d.reference() && d.name().startsWith("__range") && d.init() instanceof Initializer.Single hs
        && !Lvalues.isLvalue(hs.value(), cx.sema);
    // const T &r = object in host code, or of a class with virtual functions anywhere: bound to the object as T &r is (it sees
    // the object's later changes; a Shape keeps its class), where the object may be named so. Otherwise (a value, __constant__
    // memory, a dim3, a builtin; device code's other objects, as nvcc keeps them in registers) it is held as a copy.
    boolean constObject = d.reference() && isConst && !holdsValue && d.init() instanceof Initializer.Single ps
        && (cx.space == Space.HOST || t instanceof Type.Struct pst && pst.def().isPolymorphic())
        && exprs.bindsQuietly(ps.value(), exprs.checkAhead(ps.value()), t);
    if (d.reference() && (!isConst || constObject) && !holdsValue) {
      // T &r = object: another name for the object, held by its address.
      if (d.init() instanceof Initializer.Single single) {
        Type it = exprs.checkValue(single.value());
        if (exprs.bindReference(single.value(), it, t, "reference '" + d.name() + "'", isConst)) {
          sym.markReference();
        }
      } else {
        cx.error(d.nameSpan(), "reference '" + d.name() + "' must be initialized with one object (T &" + d.name() + " = object;)");
      }
      return;
    }
    if (Type.innermost(t) instanceof Type.Struct st && st.def().isClass() && classObject(d, t, st, kind)) {
      return; // made by its constructor
    }
    cx.staticInit = fileScope;
    try {
      sym.setConstValue(checkInitializer(d, t, kind, isConst, layout, fileScope || staticLocal));
    } finally {
      cx.staticInit = false;
    }
    if (fileScope && kind == Symbol.VarKind.HOST_GLOBAL && !isConst && t.isInteger() && d.init() instanceof Initializer.Single single
        && cx.sema.constantOf(single.value()) != null) {
      sym.setInitialValue(Conversions.wrap(cx.sema.constantOf(single.value()), ((Type.Arith) t).scalar()));
    }
  }

  /**
   * An object of a class with a constructor or a destructor (C++ [class.ctor], [class.dtor]): a
   * local variable, made by the constructor its initializer's arguments choose ({@code T x;}, {@code
   * T x(a, b);}, {@code T x = {a, b};}, {@code T x = a;}; one initialised from another of its class is a
   * copy) and ended by the destructor when its scope
   * ends. Returns whether the constructor made it (else it is initialised as a struct).
   */
  private boolean classObject(VarDecl d, Type t, Type.Struct st, Symbol.VarKind kind) {
    Symbol ctor = cx.scope.lookup(st.def().constructorName());
    Symbol dtor = cx.scope.lookup(st.def().destructorName());
    if (!(ctor instanceof Symbol.Function) && !(dtor instanceof Symbol.Function)) {
      return false;
    }
    if (exprs.abstractClass(st, d.nameSpan())) {
      return true;
    }
    if (kind != Symbol.VarKind.LOCAL || !(t instanceof Type.Struct)) {
      cx.error(d.nameSpan(), "an object of a class with a constructor or destructor ('" + st.spelling() + "') is supported as a single"
          + " local variable of host or device code, not " + (t instanceof Type.Array ? "an array" : "a " + kind.name().toLowerCase(java.util.Locale.ROOT)
          .replace('_', ' ') + " variable"));
      return true;
    }
    boolean made = false;
    if (st.def().name().startsWith("std::vector<") && d.init() instanceof Initializer.Braced br && !br.items().isEmpty()) {
      cx.error(d.init().span(), "a std::vector made from a brace list (its std::initializer_list constructor) is not simulated:"
          + " fill it with push_back, or make n copies of a value with " + d.name() + "(n, value)");
      return true;
    }
    if (ctor instanceof Symbol.Function) {
      List<Expr> args;
      if (d.init() == null) {
        args = List.of();
      } else if (d.init() instanceof Initializer.Constructor c) {
        args = c.args();
      } else if (d.init() instanceof Initializer.Single one) {
        args = List.of(one.value());
      } else if (d.init() instanceof Initializer.Braced br && br.items().stream().allMatch(i -> i instanceof Initializer.Single)) {
        args = br.items().stream().map(i -> ((Initializer.Single) i).value()).toList();
      } else {
        args = null;
      }
      if (args == null) {
        cx.error(d.init().span(), "an object of a class with a constructor is made from its constructor's arguments, not nested braces");
        return true;
      }
      if (args.size() == 1 && st.equals(exprs.checkAhead(args.get(0))) && !(Lvalues.isLvalue(args.get(0), cx.sema)
          && exprs.copyConstructorOf(st) != null)) {
        // T x = y; or T x(y); of an object of its class: a copy, field by field (the implicit copy constructor).
        registerDestructor(d, st, dtor);
        return false;
      }
      if (!args.isEmpty() && st.def().onlyImplicitConstructor()) {
        // struct P { int n = 4; float x; }; P p{5, 1.5f}: C++14's aggregate initialisation of a struct with default member
        // initializers; scansim makes such a struct with its default member initializers only.
        args.forEach(exprs::checkValue);
        cx.error(d.init().span(), "initializing '" + st.spelling() + "', a struct with default member initializers, from values is"
            + " not supported: declare it (its defaults apply), then assign its fields");
        return true;
      }
      Expr.Call call = selfCall(d, st, st.def().constructorName(), args);
      Symbol.Function f = cx.overloads.containsKey(call.callee())
          ? Overloads.resolve(exprs, cx, d.nameSpan(), call.callee(), cx.overloads.get(call.callee()), call.args()) : (Symbol.Function) ctor;
      if (f != null) {
        exprs.checkCall(call, f);
        cx.sema.constructors.put(d, call);
      }
      made = true;
    }
    registerDestructor(d, st, dtor);
    return made;
  }

  /** The destructor call that ends the object {@code d} declares, when the class has a destructor. */
  private void registerDestructor(VarDecl d, Type.Struct st, Symbol dtor) {
    if (dtor instanceof Symbol.Function f) {
      Expr.Call call = selfCall(d, st, st.def().destructorName(), List.of());
      exprs.checkCall(call, f);
      cx.sema.destructors.put(d, call);
    }
  }

  /** {@code name((T *) &x, args)} for the object {@code d} declares (a const object too is made and ended). */
  private static Expr.Call selfCall(VarDecl d, Type.Struct st, String name, List<Expr> args) {
    List<Expr> all = new java.util.ArrayList<>();
    all.add(ExprChecker.pointerTo(st.def(), d.nameSpan(), new Expr.Unary(d.nameSpan(), Expr.UnaryOp.ADDR, new Expr.Name(d.nameSpan(), d.name()))));
    all.addAll(args);
    return new Expr.Call(d.span(), name, d.nameSpan(), all);
  }

  /**
   * The type {@code auto} stands for in {@code auto x = e;} (C++ [dcl.type.auto.deduct]): e's
   * type, decayed and without its top-level const; with {@code auto *p}, e must be a pointer.
   */
  private Type deduced(VarDecl d) {
    if (!(d.init() instanceof Initializer.Single s) || !d.dims().isEmpty()) {
      cx.error(d.nameSpan(), "'auto' needs an initializer to deduce the type of '" + d.name() + "' from (auto " + d.name() + " = ...;)");
      return Type.ERR;
    }
    Type t = exprs.checkAhead(s.value());
    if (t instanceof Type.Err) {
      return t;
    }
    if (t instanceof Type.Null || t instanceof Type.Str || t instanceof Type.Void || t instanceof Type.Dim3 && ((Type.Dim3) t).builtin()) {
      cx.error(s.value().span(), "cannot deduce the type of '" + d.name() + "' from a value of type '" + t.spelling() + "'");
      return Type.ERR;
    }
    if (!d.pointers().isEmpty() && !(t instanceof Type.Pointer)) {
      cx.error(s.value().span(), "'auto *' needs a pointer, not a value of type '" + t.spelling() + "'");
      return Type.ERR;
    }
    return t;
  }

  private Symbol.VarKind kindOf(VarDecl d, boolean fileScope) {
    Set<Storage> s = d.storage();
    boolean device = cx.space.onDevice();
    if (s.contains(Storage.SHARED)) {
      if (!fileScope && !device) {
        cx.error(d.nameSpan(), "__shared__ variable '" + d.name() + "' declared outside device code");
        return Symbol.VarKind.LOCAL; // reported once here, not again at every use
      }
      if (s.contains(Storage.EXTERN)) {
        return Symbol.VarKind.DYNAMIC_SHARED;
      }
      return Symbol.VarKind.SHARED;
    }
    if (s.contains(Storage.EXTERN)) {
      cx.error(d.nameSpan(), "'extern' variables other than 'extern __shared__' are not supported");
    }
    if (s.contains(Storage.CONSTANT)) {
      if (!fileScope) {
        cx.error(d.nameSpan(), "__constant__ variables must be declared at file scope");
      }
      return Symbol.VarKind.CONSTANT;
    }
    if (s.contains(Storage.DEVICE)) {
      if (!fileScope) {
        cx.error(d.nameSpan(), "__device__ variables must be declared at file scope");
      }
      return Symbol.VarKind.DEVICE_GLOBAL;
    }
    if (fileScope) {
      return Symbol.VarKind.HOST_GLOBAL;
    }
    if (s.contains(Storage.STATIC) && cx.space == Space.HOST) {
      return Symbol.VarKind.HOST_GLOBAL; // a static local: one object for the program's run, named in its function only
    }
    if (s.contains(Storage.STATIC)) {
      cx.error(d.nameSpan(), "static local variables of device code are not supported");
    }
    return Symbol.VarKind.LOCAL;
  }

  private Type arrayType(VarDecl d, Type elem, Symbol.VarKind kind, boolean isConst, boolean isVolatile) {
    List<ArrayDim> dims = d.dims();
    if (dims.isEmpty()) {
      if (kind == Symbol.VarKind.DYNAMIC_SHARED) {
        cx.error(d.nameSpan(), "extern __shared__ variable '" + d.name() + "' must be an unsized array (e.g. 'extern __shared__ float " + d.name() + "[];')");
      }
      return elem;
    }
    if (elem instanceof Type.Dim3) {
      cx.error(d.nameSpan(), "arrays of dim3 are not supported");
      return Type.ERR;
    }
    Type t = elem;
    long total = Math.max(1, elem.size());
    for (int i = dims.size() - 1; i >= 0; i--) {
      ArrayDim dim = dims.get(i);
      long length;
      if (dim.size() == null) {
        boolean allowed = i == 0 && (kind == Symbol.VarKind.DYNAMIC_SHARED || d.init() instanceof Initializer.Braced);
        if (!allowed) {
          cx.error(dim.span(), "array '" + d.name() + "' needs an explicit size");
          return Type.ERR;
        }
        length = -1; // from the initialiser, once its values are placed (declareVariable)
      } else {
        if (kind == Symbol.VarKind.DYNAMIC_SHARED) {
          cx.error(dim.span(), "sized extern __shared__ arrays are not supported: declare '" + d.name() + "[]' unsized, its size comes from the launch");
        }
        Type st = exprs.checkValue(dim.size());
        Long v = cx.sema.constantOf(dim.size());
        if (st instanceof Type.Err) {
          return Type.ERR;
        }
        if (!st.isInteger()) {
          cx.error(dim.size().span(), "size of array '" + d.name() + "' has non-integer type '" + st.spelling() + "'");
          return Type.ERR;
        }
        if (v == null) {
          cx.error(dim.size().span(), "size of array '" + d.name() + "' is not a constant expression (CUDA has no variable-length arrays: extern __shared__ takes a size known at launch)");
          return Type.ERR;
        }
        if (v <= 0) {
          cx.error(dim.size().span(), "size of array '" + d.name() + "' must be positive, not " + v);
          return Type.ERR;
        }
        length = v;
        total = Math.multiplyHigh(total, length) != 0 ? Long.MAX_VALUE : total * length;
        if (total > MAX_ARRAY_BYTES) {
          cx.error(dim.size().span(), "array '" + d.name() + "' is too large (" + (total == Long.MAX_VALUE ? "overflow" : total + " bytes") + ")");
          return Type.ERR;
        }
      }
      t = new Type.Array(t, length, isConst, isVolatile);
    }
    return t;
  }

  /** Checks the initialiser; returns the value of a const integer initialised by a constant. */
  private Long checkInitializer(
      VarDecl d, Type t, Symbol.VarKind kind, boolean isConst, List<InitValue> layout, boolean fileScope) {
    Initializer init = d.init();
    if (init == null) {
      if (isConst && !(t instanceof Type.Array a && a.length() < 0)) {
        cx.error(d.nameSpan(), "default initialization of an object of const type '" + ("const " + t.spelling()) + "'");
      }
      return null;
    }
    if (kind == Symbol.VarKind.SHARED || kind == Symbol.VarKind.DYNAMIC_SHARED) {
      cx.error(init.span(), "initialization is not supported for __shared__ variables");
      return null;
    }
    if (t instanceof Type.Err) {
      checkInitExprs(init);
      return null;
    }
    if (init instanceof Initializer.Single s) {
      if (t instanceof Type.Array) {
        exprs.checkValue(s.value());
        cx.error(init.span(), "array '" + d.name() + "' must be initialized with a brace-enclosed initializer");
        return null;
      }
      Type vt = exprs.checkValue(s.value());
      exprs.requireAssignable(t, s.value(), vt, ExprChecker.Assigning.INITIALIZE);
      requireStaticConstant(d, s.value(), fileScope);
      return constInit(t, s.value(), vt, isConst);
    }
    if (init instanceof Initializer.Braced) {
      if (t instanceof Type.Dim3) {
        checkInitExprs(init);
        cx.error(init.span(), "initialize a dim3 with dim3(x, y, z) or (x, y, z), not braces");
        return null;
      }
      ExprChecker.Assigning where = Type.innermost(t) instanceof Type.Struct ? ExprChecker.Assigning.INITIALIZE_MEMBER
          : t instanceof Type.Array ? ExprChecker.Assigning.INITIALIZE_ELEMENT : ExprChecker.Assigning.INITIALIZE;
      long limit = Type.scalars(t);
      for (InitValue v : layout) {
        Type vt = exprs.checkValue(v.value());
        if (v.index() >= limit) {
          continue; // excess values were reported when they were placed
        }
        exprs.requireAssignable(v.type(), v.value(), vt, where);
        exprs.requireNotNarrowing(v.type(), v.value(), vt);
        requireStaticConstant(d, v.value(), fileScope);
        if (fileScope && v.index() >= InitLayout.MAX_STATIC_INDEX) {
          cx.error(v.value().span(), "initializer of file-scope array '" + d.name() + "' reaches element " + v.index()
              + "; at most " + InitLayout.MAX_STATIC_INDEX + " elements can be initialized");
          return null;
        }
      }
      return layout.size() == 1 && !(t instanceof Type.Array) ? constInit(t, layout.get(0).value(), cx.sema.typeOf(layout.get(0).value()), isConst) : null;
    }
    Initializer.Constructor c = (Initializer.Constructor) init;
    if (t instanceof Type.Dim3) {
      if (c.args().isEmpty() || c.args().size() > 3) {
        cx.error(init.span(), "dim3 takes 1 to 3 integer values, not " + c.args().size());
      }
      for (Expr a : c.args()) {
        Type at = exprs.checkValue(a);
        if (!(at instanceof Type.Err) && !at.isInteger()) {
          cx.error(a.span(), "dim3 component must be an integer, not '" + at.spelling() + "'");
        }
      }
      return null;
    }
    if (c.args().size() != 1 || t instanceof Type.Array) {
      checkInitExprs(init);
      cx.error(init.span(), "direct initialization of '" + t.spelling() + "' takes one value");
      return null;
    }
    Expr value = c.args().get(0);
    Type vt = exprs.checkValue(value);
    exprs.requireAssignable(t, value, vt, ExprChecker.Assigning.INITIALIZE);
    requireStaticConstant(d, value, fileScope);
    return constInit(t, value, vt, isConst);
  }

  /** The value of a const integer variable initialised with an integer constant, else null. */
  private Long constInit(Type t, Expr value, Type vt, boolean isConst) {
    Long c = cx.sema.constantOf(value);
    if (isConst && c != null && t.isInteger() && !(vt instanceof Type.Err)) {
      return Conversions.wrap(c, ((Type.Arith) t).scalar());
    }
    return null;
  }

  /**
   * File-scope variables are initialised before any code runs, so their initial values must be
   * constants (C11 §6.7.9p4), or made of earlier host variables' initial values (C++'s dynamic
   * initialisation of {@code int b = a * 2;}, which runs before main in order); an initializer
   * that calls a function is not modelled.
   */
  private void requireStaticConstant(VarDecl d, Expr value, boolean fileScope) {
    if (!fileScope || cx.sema.typeOf(value) instanceof Type.Err) {
      return;
    }
    // A host pointer may hold a string literal's address (const char *name = "scan"), an address constant (C11 §6.6 ¶9).
    boolean literal = value instanceof Expr.StringLit && cx.space == Space.HOST && d.pointers().size() == 1 && d.dims().isEmpty()
        && d.storage().stream().allMatch(st -> st == Storage.STATIC || st == Storage.EXTERN);
    boolean constant = cx.sema.constantOf(value) != null || cx.sema.floatConstantOf(value) != null
        || value instanceof Expr.NullLit || literal;
    if (!constant) {
      cx.error(value.span(), "initializer of file-scope variable '" + d.name() + "' is not a constant expression");
    }
  }

  private void checkInitExprs(Initializer init) {
    if (init instanceof Initializer.Single s) {
      exprs.checkValue(s.value());
    } else if (init instanceof Initializer.Braced b) {
      b.items().forEach(this::checkInitExprs);
    } else {
      ((Initializer.Constructor) init).args().forEach(exprs::checkValue);
    }
  }

  // ---- statements ----

  private void inScope(Runnable body) {
    Scope outer = cx.scope;
    cx.scope = new Scope(outer);
    try {
      body.run();
    } finally {
      cx.scope = outer;
    }
  }

  /** A sub-statement gets its own scope (C11 §6.8.4p3), so `if (c) int x;` declares nothing outside. */
  private void nested(Stmt s) {
    inScope(() -> s.accept(this));
  }

  @Override
  public Void visitBlock(Stmt.Block s) {
    inScope(() -> s.stmts().forEach(x -> x.accept(this)));
    return null;
  }

  @Override
  public Void visitDecl(Stmt.DeclStmt s) {
    for (VarDecl d : s.vars()) {
      declareVariable(d, false);
    }
    return null;
  }

  @Override
  public Void visitExpr(Stmt.ExprStmt s) {
    exprs.checkValue(s.expr());
    return null;
  }

  @Override
  public Void visitIf(Stmt.If s) {
    exprs.checkCondition(s.cond());
    nested(s.then());
    if (s.els() != null) {
      nested(s.els());
    }
    return null;
  }

  @Override
  public Void visitFor(Stmt.For s) {
    inScope(
        () -> {
          if (s.init() != null) {
            s.init().accept(this);
          }
          if (s.cond() != null) {
            exprs.checkCondition(s.cond());
          }
          if (s.step() != null) {
            exprs.checkValue(s.step());
          }
          loop(s.body());
        });
    return null;
  }

  private void loop(Stmt body) {
    loops++;
    try {
      nested(body);
    } finally {
      loops--;
    }
  }

  @Override
  public Void visitWhile(Stmt.While s) {
    exprs.checkCondition(s.cond());
    loop(s.body());
    return null;
  }

  @Override
  public Void visitDoWhile(Stmt.DoWhile s) {
    loop(s.body());
    exprs.checkCondition(s.cond());
    return null;
  }

  @Override
  public Void visitBreak(Stmt.Break s) {
    if (loops == 0 && switches == 0) {
      cx.error(s.span(), "'break' statement not in loop or switch statement");
    }
    return null;
  }

  @Override
  public Void visitContinue(Stmt.Continue s) {
    if (loops == 0) {
      cx.error(s.span(), "'continue' statement not in loop statement");
    }
    return null;
  }

  @Override
  public Void visitReturn(Stmt.Return s) {
    if (deducing && !deduce(s)) {
      return null;
    }
    if (s.value() == null) {
      if (!(returnType instanceof Type.Void) && !(returnType instanceof Type.Err)) {
        cx.error(s.span(), "non-void function should return a value of type '" + returnType.spelling() + "'");
      }
      return null;
    }
    if (returnsReference) {
      // return x; of T &f(): x's address (C++ [dcl.init.ref]); the object must outlive the call.
      Type object = exprs.checkAhead(s.value());
      Type want = returnType instanceof Type.Pointer p ? p.pointee() : Type.ERR;
      String ref = "'" + want.spelling() + " &'";
      if (!(object instanceof Type.Err) && !Lvalues.isLvalue(s.value(), cx.sema)) {
        exprs.forgetAhead();
        cx.error(s.value().span(), "a function returning a reference (" + ref + ") returns an object (a variable, an element, *p),"
            + " not a value of type '" + object.spelling() + "'");
        return null;
      }
      Expr address = new Expr.Unary(s.value().span(), Expr.UnaryOp.ADDR, s.value());
      Type t = exprs.checkValue(address);
      if (t instanceof Type.Pointer got && !(want instanceof Type.Err) && !got.pointee().equals(want)) { // qualifiers are the pointer's, not the pointee's
        cx.error(s.value().span(), "a reference " + ref + " cannot name an object of type '" + got.pointee().spelling() + "'");
        return null;
      }
      if (!(t instanceof Type.Err)) {
        exprs.requireAssignable(returnType, address, t, ExprChecker.Assigning.RETURN); // const T & of a T; not T & of a const T
      }
      cx.sema.referenceReturns.put(s, address);
      return null;
    }
    Type t = exprs.checkValue(s.value());
    if (returnType instanceof Type.Struct rst && rst.equals(t) && Lvalues.isLvalue(s.value(), cx.sema)
        && !(s.value() instanceof Expr.Name rn && cx.sema.symbolOf(rn) instanceof Symbol.Variable rv && rv.kind() == Symbol.VarKind.LOCAL
        && !rv.isReference())) {
      // return p; of a parameter, a field, a reference: the caller's object made by the class's copy constructor
      // (a local object is the caller's itself, NRVO).
      Symbol.Function copy = exprs.copyConstructorOf(rst);
      if (copy != null) {
        cx.sema.copies.put(s.value(), copy);
      }
    }
    if (returnType instanceof Type.Void) {
      if (!(t instanceof Type.Void) && !(t instanceof Type.Err)) {
        cx.error(s.value().span(), "void function should not return a value");
      }
      return null;
    }
    exprs.requireAssignable(returnType, s.value(), t, ExprChecker.Assigning.RETURN);
    return null;
  }

  @Override
  public Void visitSwitch(Stmt.Switch s) {
    Type t = exprs.checkValue(s.value());
    if (!(t instanceof Type.Err) && !t.isInteger()) {
      cx.error(s.value().span(), "statement requires expression of integer type ('" + t.spelling() + "' invalid)");
    }
    Set<Long> labels = new HashSet<>();
    boolean sawDefault = false;
    switches++;
    try {
      Scope outer = cx.scope;
      cx.scope = new Scope(outer);
      try {
        VarDecl crossed = null;
        for (Stmt.Case c : s.cases()) {
          if (crossed != null) {
            // C++ [stmt.dcl]p3: the jump to this label would skip the initialisation.
            cx.diags.report(
                Diagnostic.error(c.span(), "cannot jump from switch statement to this case label")
                    .withNote(crossed.nameSpan(), "jump bypasses initialization of variable '" + crossed.name() + "'"));
            crossed = null;
          }
          if (c.label() == null) {
            if (sawDefault) {
              cx.error(c.span(), "multiple default labels in one switch");
            }
            sawDefault = true;
          } else {
            Type lt = exprs.checkValue(c.label());
            Long v = cx.sema.constantOf(c.label());
            if (!(lt instanceof Type.Err) && (v == null || !lt.isInteger())) {
              cx.error(c.label().span(), "case label is not an integer constant expression");
            } else if (v != null && !labels.add(caseValue(t, v))) {
              cx.error(c.label().span(), "duplicate case value '" + v + "'");
            }
          }
          c.body().forEach(x -> x.accept(this));
          for (Stmt x : c.body()) {
            if (x instanceof Stmt.DeclStmt ds) {
              for (VarDecl v : ds.vars()) {
                if (v.init() != null) {
                  crossed = v;
                }
              }
            }
          }
        }
      } finally {
        cx.scope = outer;
      }
    } finally {
      switches--;
    }
    return null;
  }

  /**
   * A case label's value converted to the promoted type of the controlling expression (C11
   * §6.8.4.2p5), which is what duplicates are judged by: in a switch on unsigned, -1 and
   * 0xffffffff are the same case.
   */
  private static long caseValue(Type controlling, long label) {
    return controlling instanceof Type.Arith a && a.scalar().isInteger() ? Conversions.wrap(label, Conversions.promote(a.scalar())) : label;
  }

  @Override
  public Void visitEmpty(Stmt.Empty s) {
    return null;
  }

  @Override
  public Void visitStaticAssert(Decl.StaticAssert d) {
    return visitStaticAssert(d.assertion());
  }

  /** static_assert: an integral constant, true, or an error with its message (C++ [dcl.pre]p10). */
  @Override
  public Void visitStaticAssert(Stmt.StaticAssert s) {
    Type t = exprs.checkValue(s.condition());
    if (t instanceof Type.Err) {
      return null;
    }
    Long v = cx.sema.constantOf(s.condition());
    if (!t.isScalar() || v == null) {
      cx.error(s.condition().span(), "static assertion expression is not an integral constant expression");
    } else if (v == 0) {
      cx.error(s.condition().span(), "static assertion failed" + (s.message() == null ? "" : ": " + s.message()));
    }
    return null;
  }

  /** The labels of the function being checked, and its gotos, checked against them at its end. */
  private final java.util.Map<String, Stmt.Label> labels = new java.util.HashMap<>();
  private final List<Stmt.Goto> gotos = new java.util.ArrayList<>();

  @Override
  public Void visitGoto(Stmt.Goto s) {
    if (cx.space != Space.HOST) {
      // A jump on the device could leave a warp's threads apart with no point where they meet again.
      cx.error(s.span(), "'goto' in device code is not supported (host code may use it)");
    }
    gotos.add(s);
    return null;
  }

  @Override
  public Void visitLabel(Stmt.Label s) {
    Stmt.Label before = labels.putIfAbsent(s.name(), s);
    if (before != null) {
      cx.diags.report(Diagnostic.error(s.span(), "redefinition of label '" + s.name() + "'")
          .withNote(before.span(), "previous definition is here"));
    }
    return null;
  }

  static Span spanOf(VarDecl d) {
    return d.nameSpan();
  }
}
