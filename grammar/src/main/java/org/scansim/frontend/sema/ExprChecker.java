package org.scansim.frontend.sema;

import java.util.List;
import org.scansim.text.Nearest;
import org.scansim.frontend.ast.Expr;
import org.scansim.frontend.ast.Expr.BinaryOp;
import org.scansim.frontend.ast.Expr.UnaryOp;
import org.scansim.frontend.diag.Span;

/**
 * Types expressions (C11 §6.5 with C++ results for comparisons and logic, which are {@code
 * bool}), resolves names, folds integer constants, and records all of it in {@link Sema}.
 */
final class ExprChecker implements Expr.Visitor<Type> {
  private final Context cx;
  private final BuiltinTyping builtins;
  private final GroupTyping groups;

  ExprChecker(Context cx) {
    this.cx = cx;
    this.builtins = new BuiltinTyping(cx, this);
    this.groups = new GroupTyping(cx, this);
    this.closures = new Closures(cx, this);
  }

  /** Checks a call's argument ahead of choosing its callee; the call's own check then takes the type found here. */
  Type checkAhead(Expr e) {
    Type t = checkValue(e);
    checkedAhead.add(e);
    return t;
  }

  /** Marks {@code e}, already checked, so that the next check of it takes its type as found. */
  void checkedAhead(Expr e) {
    checkedAhead.add(e);
  }

  /** Forgets the arguments checked ahead of a call that will not check them again (it failed). */
  void forgetAhead() {
    checkedAhead.clear();
  }

  /** Expressions checked ahead (a call's arguments, to deduce its template's arguments): checked once, not twice. */
  private final java.util.Set<Expr> checkedAhead = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());

  /** Lambda expressions' closure types. */
  private final Closures closures;

  @Override
  public Type visitLambda(Expr.Lambda e) {
    return closures.type(e);
  }

  /** Checks {@code e} and returns its type (before decay). */
  Type check(Expr e) {
    org.scansim.frontend.diag.Cancellation.check();
    if (checkedAhead.remove(e)) {
      return cx.sema.types.get(e);
    }
    Type t = e.accept(this);
    cx.sema.types.put(e, t);
    return t;
  }

  /** Checks {@code e} as a value: arrays decay to pointers. */
  Type checkValue(Expr e) {
    Type t = check(e);
    if (t instanceof Type.Array) {
      return Conversions.decayToPointer(t);
    }
    return t;
  }

  /** Checks a controlling expression of if/while/for/?:/&&/||, which must be scalar. */
  void checkCondition(Expr e) {
    Type t = checkValue(e);
    // A string literal is an array that decays to a non-null pointer: true (assert(n > 0 && "message")).
    if (!(t instanceof Type.Err) && !t.isScalar() && !(t instanceof Type.Str)) {
      cx.error(e.span(), "value of type '" + t.spelling() + "' is not contextually convertible to 'bool'");
    }
  }

  /** Checks that a value of type {@code from} may be converted implicitly to {@code to}. */
  /** Where an implicit conversion happens, which decides the wording of its error (clang's). */
  enum Assigning {
    INITIALIZE("cannot initialize a variable of type '%1$s' with a value of type '%2$s'"),
    INITIALIZE_ELEMENT("cannot initialize an array element of type '%1$s' with a value of type '%2$s'"),
    INITIALIZE_MEMBER("cannot initialize a member of type '%1$s' with a value of type '%2$s'"),
    ASSIGN("assigning to '%1$s' from incompatible type '%2$s'"),
    PASS("cannot pass a value of type '%2$s' to a parameter of type '%1$s'"),
    RETURN("cannot return a value of type '%2$s' from a function returning '%1$s'");

    private final String format;

    Assigning(String format) {
      this.format = format;
    }

    String message(Type to, Type from) {
      return String.format(format, to.spelling(), from.spelling());
    }
  }

  void requireAssignable(Type to, Expr value, Type from, Assigning where) {
    Type f = from instanceof Type.Array ? Conversions.decayToPointer(from) : from;
    if (to instanceof Type.Struct st && !to.equals(f) && !(f instanceof Type.Err)
        && (st.def().name().startsWith("std::function<") ? closures.toFunction(st, value, f) : converted(st, value, f))) {
      return;
    }
    if (!Conversions.assignable(to, f, cx.sema.constantOf(value))) {
      cx.error(value.span(), where.message(to, f));
    } else if (to instanceof Type.Struct && Lvalues.isLvalue(value, cx.sema) && Lvalues.qualifiers(value, cx.sema).isVolatile()) {
      // C++ [class.copy.ctor]: the implicit copy takes a const T &, which a volatile object does not bind to.
      cx.error(value.span(), "cannot copy a volatile struct of type '" + to.spelling() + "': copy its fields one by one");
    }
  }

  /**
   * A value of another type where an object of scansim's own library class {@code st} is wanted
   * (C++ [class.conv.ctor]): converted by the class's constructor of one parameter that takes it,
   * {@code std::string(const char *)}; false when there is none. The conversion's temporary is
   * not ended (scansim's library classes own nothing but simulated heap bytes).
   */
  /**
   * Whether {@code def} is a class of scansim's own standard library ({@code std::string},
   * {@code std::vector<int>}): its temporaries may go unended, as its destructor only gives back
   * simulated heap bytes (nothing a program observes).
   */
  static boolean ownLibrary(org.scansim.frontend.ast.StructDef def) {
    return def.isClass() && def.name().startsWith("std::") && def.span() != null && def.span().file() != null
        && def.span().file().name().startsWith("<") && def.span().file().name().endsWith(">");
  }

  private boolean converted(Type.Struct st, Expr value, Type from) {
    if (!ownLibrary(st.def())) {
      return false;
    }
    String ctor = st.def().constructorName();
    List<Symbol.Function> candidates = cx.overloads.containsKey(ctor) ? cx.overloads.get(ctor)
        : cx.scope.lookup(ctor) instanceof Symbol.Function one ? List.of(one) : List.of();
    Long constant = cx.sema.constantOf(value);
    for (Symbol.Function c : candidates) {
      // std::string(const char *) converts; a constructor of a number (std::vector(n), std::mt19937(seed)) is explicit.
      if (c.paramTypes().size() == 2 && c.paramTypes().get(1) instanceof Type.Pointer
          && Conversions.assignable(c.paramTypes().get(1), from, constant)) {
        Expr.Call call = new Expr.Call(value.span(), ctor, value.span(), List.of(placeholder(st.def(), value.span()), value));
        checkedAhead.add(value); // checked already: its type is kept, not found again
        callFunction(call, c);
        cx.sema.conversions.put(value, call);
        return true;
      }
    }
    return false;
  }

  /**
   * Braced initialisation forbids narrowing conversions (C++ [dcl.init.list]p7): floating to
   * integer, a wider floating type to a narrower one and integer to floating unless the value is a
   * constant that fits exactly, integer to a narrower integer unless a constant that fits.
   */
  void requireNotNarrowing(Type to, Expr value, Type from) {
    if (!(to instanceof Type.Arith t) || !(from instanceof Type.Arith f) || t.scalar() == Scalar.BOOL && f.scalar() == Scalar.BOOL) {
      return;
    }
    Scalar ts = t.scalar();
    Scalar fs = f.scalar();
    Long c = cx.sema.constantOf(value);
    Double d = cx.sema.floatConstantOf(value);
    boolean narrowing;
    if (fs.isFloating() && ts.isInteger()) {
      narrowing = true;
    } else if (fs.isFloating()) {
      narrowing = fs.size() > ts.size() && (d == null || (double) (float) (double) d != d && !Double.isNaN(d));
    } else if (ts.isFloating()) {
      narrowing = c == null || (ts == Scalar.FLOAT ? (long) (float) c != c : (long) (double) c != c);
    } else if (c != null) {
      narrowing = Conversions.wrap(c, ts) != c;
    } else {
      boolean fits = fs == Scalar.BOOL
          || ts != Scalar.BOOL && (fs.isSigned() == ts.isSigned() && ts.size() >= fs.size()
              || !fs.isSigned() && ts.isSigned() && ts.size() > fs.size());
      narrowing = !fits;
    }
    if (narrowing) {
      String what = c != null ? "constant expression evaluates to " + c + " which" : d != null ? "constant " + d + " which" : "non-constant-expression";
      cx.error(value.span(), what + " cannot be narrowed from type '" + from.spelling() + "' to '" + to.spelling() + "' in initializer list");
    }
  }

  // ---- literals ----

  @Override
  public Type visitIntLit(Expr.IntLit e) {
    if (e.overflow()) {
      cx.error(e.span(), "integer literal is too large to be represented in any integer type");
      return Type.ERR;
    }
    Type t = intLiteralType(e);
    cx.sema.constants.put(e, Conversions.wrap(e.value(), ((Type.Arith) t).scalar()));
    return t;
  }

  /** C11 §6.4.4.1p5: the first type of the list for the suffix and radix that holds the value. */
  private static Type intLiteralType(Expr.IntLit e) {
    long v = e.value();
    boolean fitsInt = v >= 0 && v <= Integer.MAX_VALUE;
    boolean fitsUint = v >= 0 && v <= 0xFFFF_FFFFL;
    boolean fitsLong = v >= 0;
    boolean u = e.unsignedSuffix();
    int l = e.longSuffixes();
    if (l == 0 && !u) {
      if (fitsInt) {
        return Type.INT;
      }
      if (!e.decimal() && fitsUint) {
        return Type.UINT;
      }
      if (fitsLong) {
        return Type.LONG;
      }
      return Type.ULONG;
    }
    if (l == 0) {
      return fitsUint ? Type.UINT : Type.ULONG;
    }
    if (l == 1 && !u) {
      return fitsLong ? Type.LONG : Type.ULONG;
    }
    if (l == 1) {
      return Type.ULONG;
    }
    if (!u) {
      return fitsLong ? Type.LLONG : Type.ULLONG;
    }
    return Type.ULLONG;
  }

  @Override
  public Type visitFloatLit(Expr.FloatLit e) {
    cx.sema.floatConstants.put(e, e.isFloat() ? (double) (float) e.value() : e.value());
    return e.isFloat() ? Type.FLOAT : Type.DOUBLE;
  }

  @Override
  public Type visitBoolLit(Expr.BoolLit e) {
    cx.sema.constants.put(e, e.value() ? 1L : 0L);
    return Type.BOOL;
  }

  @Override
  public Type visitNullLit(Expr.NullLit e) {
    return Type.NULL;
  }

  @Override
  public Type visitCharLit(Expr.CharLit e) {
    cx.sema.constants.put(e, (long) (byte) e.value());
    return Type.CHAR;
  }

  @Override
  public Type visitStringLit(Expr.StringLit e) {
    return Type.STR;
  }

  // ---- names ----

  @Override
  public Type visitName(Expr.Name e) {
    Symbol s = cx.scope.lookup(e.id());
    if (s == null && Type.Stream.NAMES.contains(e.id())) {
      if (cx.space != Space.HOST) {
        cx.error(e.span(), "'" + e.id() + "' is the host's: device code prints with printf");
        return Type.ERR;
      }
      return new Type.Stream(e.id());
    }
    if (s == null) {
      Builtin b = Builtin.byName(e.id());
      if (b != null) {
        cx.error(e.span(), "'" + e.id() + "' is a function; did you mean '" + e.id() + "(...)'?");
      } else if (e.id().startsWith("std::")) {
        cx.error(e.span(), "'" + e.id() + "' is not supported: of the C++ standard library's streams, std::cout, std::cerr and std::clog"
            + " write with << (values, strings, std::endl), and the rest is outside the subset");
      } else {
        cx.error(e.span(), "use of undeclared identifier '" + e.id() + "'");
      }
      return Type.ERR;
    }
    cx.sema.names.put(e, s);
    if (s instanceof Symbol.Function f) {
      return functionPointer(e, f);
    }
    Symbol.Variable v = (Symbol.Variable) s;
    checkVariableAccess(e.span(), v);
    if (v.constValue() != null) {
      cx.sema.constants.put(e, v.constValue());
    } else if (cx.staticInit && v.initialValue() != null && v.kind() == Symbol.VarKind.HOST_GLOBAL) {
      cx.sema.constants.put(e, v.initialValue()); // int b = a * 2; at file scope: a's initial value
    }
    return v.type();
  }

  /**
   * A function's name used as a value: a pointer to it (C11 §6.3.2.1 ¶4), of host code's
   * functions in host code. What a call through the pointer could not pass as a direct call does
   * (an overload set, reference or struct parameters, a struct result) is refused by name.
   */
  private Type functionPointer(Expr.Name e, Symbol.Function f) {
    String why = cx.space != Space.HOST || !(f.space() == Space.HOST || f.space() == Space.GLOBAL)
        ? "function pointers of device code are not supported"
        : cx.overloads.containsKey(e.id()) ? "the address of an overloaded function ('" + e.id() + "') is not supported"
        : java.util.stream.IntStream.range(0, f.paramTypes().size()).anyMatch(f::byReference) ? "a pointer to a function with"
            + " reference parameters ('" + e.id() + "') is not supported"
        : f.returnType() instanceof Type.Struct || f.paramTypes().stream().anyMatch(t -> t instanceof Type.Struct)
            ? "a pointer to a function that passes or returns a struct by value ('" + e.id() + "') is not supported"
        : null;
    if (why != null) {
      cx.error(e.span(), why);
      return Type.ERR;
    }
    cx.firstUses.putIfAbsent(f, e.span());
    return new Type.Pointer(new Type.Function(f.returnType(), f.paramTypes()), false, false);
  }

  /** Whether {@code e} names a function (its value is a pointer to it, and so is its address). */
  boolean namesFunction(Expr e) {
    return e instanceof Expr.Name n && cx.sema.symbolOf(n) instanceof Symbol.Function;
  }

  /** Device code may not touch host variables, nor host code device-side ones. */
  private void checkVariableAccess(Span at, Symbol.Variable v) {
    Space space = cx.space;
    switch (v.kind()) {
      case BUILTIN -> {
        if (!space.onDevice()) {
          cx.error(at, "'" + v.name() + "' can only be used in device code");
        }
      }
      case SHARED, DYNAMIC_SHARED -> {
        if (!space.onDevice()) {
          cx.error(at, "__shared__ variable '" + v.name() + "' cannot be used in host code");
        }
      }
      case HOST_GLOBAL -> {
        if (space.onDevice() && v.constValue() == null) {
          cx.error(at, "host variable '" + v.name() + "' cannot be used in device code");
        }
      }
      case DEVICE_GLOBAL, CONSTANT -> {
        if (space == Space.HOST) {
          cx.error(at, "device variable '" + v.name() + "' cannot be used directly in host code");
        }
      }
      default -> {}
    }
  }

  @Override
  public Type visitMember(Expr.Member e) {
    if (e.arrow() && e.object() instanceof Expr.Unary u) { // p->x, built as (*p).x
      Type p = checkAhead(u.operand());
      if (!(p instanceof Type.Err) && !(p instanceof Type.Pointer) && !(p instanceof Type.Array)) {
        forgetAhead();
        cx.error(e.memberSpan(), "member reference type '" + p.spelling() + "' is not a pointer"
            + (p instanceof Type.Struct ? "; did you mean to use '.'?" : ""));
        return Type.ERR;
      }
    }
    Type t = check(e.object());
    if (t instanceof Type.Err) {
      return t;
    }
    if (t instanceof Type.Struct st) {
      return structMember(e, st);
    }
    if (t instanceof Type.Pointer p && p.pointee() instanceof Type.Struct) {
      cx.error(e.memberSpan(), "member reference type '" + t.spelling() + "' is a pointer; did you mean to use '->'?");
      return Type.ERR;
    }
    if (!(t instanceof Type.Dim3)) {
      cx.error(e.memberSpan(), "member reference base type '" + t.spelling() + "' is not a structure");
      return Type.ERR;
    }
    if (!List.of("x", "y", "z").contains(e.member())) {
      cx.error(e.memberSpan(), "no member named '" + e.member() + "' in '" + t.spelling() + "'");
      return Type.ERR;
    }
    return Type.UINT;
  }

  /**
   * A field of a struct (C11 §6.5.2.3): its type, an array's elements qualified as the object is
   * ({@code cs.v[i]} of a const struct is const); the field's own qualifiers, and the object's,
   * are {@link Lvalues#qualifiers}'.
   */
  private Type structMember(Expr.Member e, Type.Struct st) {
    if (!st.isComplete()) {
      cx.error(e.memberSpan(), "member access into incomplete type '" + st.spelling() + "'");
      return Type.ERR;
    }
    Type.Struct.Field f = st.field(e.member());
    if (f == null) {
      cx.error(e.memberSpan(), "no member named '" + e.member() + "' in '" + st.spelling() + "'");
      return Type.ERR;
    }
    Lvalues.Qualifiers q = Lvalues.qualifiers(e.object(), cx.sema);
    Type t = f.type();
    if (t instanceof Type.Array a && (q.isConst() || q.isVolatile() || f.isConst() || f.isVolatile())) {
      t = new Type.Array(a.element(), a.length(), a.constElements() || q.isConst() || f.isConst(),
          a.volatileElements() || q.isVolatile() || f.isVolatile());
    }
    return t;
  }

  /** Reports {@code t} when it is an incomplete struct ({@code what 'incomplete type 'Node''}); whether it was. */
  boolean incomplete(Type t, Span at, String what) {
    if (t instanceof Type.Struct s && !s.isComplete()) {
      cx.error(at, what + " an incomplete type '" + s.spelling() + "'");
      return true;
    }
    return false;
  }

  /** The name of a const field of {@code st} or of a struct in it, or null. */
  static String constField(Type.Struct st) {
    for (Type.Struct.Field f : st.fields()) {
      Type t = Type.innermost(f.type());
      if (f.isConst() || f.type() instanceof Type.Array a && a.constElements()) {
        return f.name();
      }
      String inner = t instanceof Type.Struct s ? constField(s) : null;
      if (inner != null) {
        return f.name() + "." + inner;
      }
    }
    return null;
  }

  @Override
  public Type visitIndex(Expr.Index e) {
    Type base = check(e.base());
    if (base instanceof Type.Struct st) {
      // v[i] of a class: its operator[] (C++ [over.sub]), called on v.
      Expr.Call call = new Expr.Call(e.span(), ".operator[]", e.span(), List.of(e.base(), e.index()));
      Type t = methodCall(call, st, e.base(), List.of(e.index()), "operator[]");
      cx.sema.callees.put(e, cx.sema.calleeOf(call));
      referenceIf(e, call);
      return t;
    }
    Type index = checkValue(e.index());
    if (base instanceof Type.Err || index instanceof Type.Err) {
      return Type.ERR;
    }
    // C allows i[a]; nobody writes it in a kernel, so keep the error simple.
    Type.Pointer p = Conversions.decayToPointer(base);
    if (p == null) {
      cx.error(e.base().span(), "subscripted value of type '" + base.spelling() + "' is not an array or pointer");
      return Type.ERR;
    }
    if (!index.isInteger()) {
      cx.error(e.index().span(), "array subscript is not an integer (it has type '" + index.spelling() + "')");
      return Type.ERR;
    }
    if (p.pointee() instanceof Type.Void) {
      cx.error(e.span(), "subscript of a pointer to void");
      return Type.ERR;
    }
    if (incomplete(p.pointee(), e.span(), "subscript of a pointer to")) {
      return Type.ERR;
    }
    if (p.pointee() instanceof Type.Dim3) {
      cx.error(e.span(), "pointers to dim3 are not supported");
      return Type.ERR;
    }
    return p.pointee();
  }

  // ---- calls ----

  @Override
  public Type visitCall(Expr.Call e) {
    if (GroupTyping.handles(e)) {
      return groups.type(e);
    }
    Symbol s = cx.scope.lookup(e.callee());
    if (s instanceof Symbol.Variable v && v.type() instanceof Type.Pointer p && p.pointee() instanceof Type.Function f) {
      return callThrough(e, v, f);
    }
    if (s instanceof Symbol.Variable v && v.type() instanceof Type.Struct st && cx.scope.lookup(st.def().name() + "::operator()") != null) {
      // A function object called: its operator() (C++ [over.call]).
      Expr.Name object = new Expr.Name(e.calleeSpan(), e.callee());
      checkValue(object);
      return methodCall(e, st, object, e.args(), "operator()");
    }
    if (s instanceof Symbol.Variable v && v.type() instanceof Type.Err) {
      e.args().forEach(this::checkValue);
      return Type.ERR; // its declaration was reported
    }
    if (s instanceof Symbol.Variable) {
      cx.error(e.calleeSpan(), "called object '" + e.callee() + "' is not a function");
      e.args().forEach(this::checkValue);
      return Type.ERR;
    }
    if (e.callee().startsWith(Expr.Call.DIRECT)) {
      return directCall(e);
    }
    Expr.Call inherited = s == null && e.callee().contains("::") ? inheritedMember(e) : null;
    if (inherited != null) {
      // Derived::f(args) or a derived class's f() of a member its base declares (a static one too): the base's.
      Type t = check(inherited);
      cx.sema.callees.put(e, new Rewritten(inherited));
      return t;
    }
    if (s instanceof Symbol.Function m && isMember(m) && cx.scope.lookup("this") instanceof Symbol.Variable self
        && self.type() instanceof Type.Pointer sp && sp.pointee() instanceof Type.Struct cls
        && m.paramTypes().get(0) instanceof Type.Pointer mp && mp.pointee() instanceof Type.Struct of && cls.def().derivesFrom(of.def())) {
      // Base::f(args) in a member function of a class derived from Base (or its own): this->Base::f(args), not dispatched.
      List<Expr> all = new java.util.ArrayList<>();
      all.add(new Expr.Name(e.calleeSpan(), "this"));
      all.addAll(e.args());
      Expr.Call direct = new Expr.Call(e.span(), Expr.Call.DIRECT + e.callee(), e.calleeSpan(), all);
      Type t = check(direct);
      cx.sema.callees.put(e, new Rewritten(direct));
      return t;
    }
    if (s instanceof Symbol.Function m && isMember(m)) {
      e.args().forEach(this::checkValue);
      String member = e.callee().substring(e.callee().lastIndexOf("::") + 2);
      cx.error(e.calleeSpan(), "'" + e.callee() + "' is a member function: call it on an object (x." + member + "(...)), or make it static");
      return Type.ERR;
    }
    if (s instanceof Symbol.Function && cx.overloads.containsKey(e.callee())) {
      Symbol.Function f = Overloads.resolve(this, cx, e.calleeSpan(), e.callee(), cx.overloads.get(e.callee()), e.args());
      return f == null ? Type.ERR : templateWouldWin(e, f, callFunction(e, f));
    }
    if (s instanceof Symbol.Function f) {
      return templateWouldWin(e, f, callFunction(e, f));
    }
    if (e.callee().startsWith(Expr.Call.TEMPORARY)) {
      return temporary(e);
    }
    if (e.callee().equals(Expr.Call.NEW_OBJECT)) {
      return newObject(e);
    }
    if (e.callee().equals(Expr.Call.CONSTRUCT) || e.callee().equals(Expr.Call.DESTRUCT)) {
      return lifetime(e, e.callee().equals(Expr.Call.CONSTRUCT));
    }
    if (e.callee().equals(Expr.Call.RANGE_BEGIN) || e.callee().equals(Expr.Call.RANGE_END)) {
      return rangeEnd(e, e.callee().equals(Expr.Call.RANGE_BEGIN));
    }
    if (s == null && cx.templates.containsKey(e.callee())) {
      org.scansim.frontend.ast.FunctionTemplate byArity = cx.templates.get(
          org.scansim.frontend.ast.FunctionTemplate.arityKey(e.callee(), e.args().size()));
      Symbol.Function f = deduce(e.calleeSpan(), byArity != null ? byArity : cx.templates.get(e.callee()), e.args());
      return f == null ? Type.ERR : callFunction(e, f);
    }
    org.scansim.frontend.ast.StructDef vector = s == null && e.callee().startsWith("make_")
        ? org.scansim.frontend.ast.StructDef.vector(e.callee().substring("make_".length())) : null;
    if (vector != null) {
      return makeVector(e, cx.structs.of(vector));
    }

    Builtin b = Builtin.byName(e.callee());
    if (b != null) {
      cx.sema.callees.put(e, b);
      if (!b.callableFrom(cx.space)) {
        String side = b.where() == Builtin.Where.HOST ? "device" : "host";
        cx.error(e.calleeSpan(), b.spelling().startsWith("operator ")
            ? "'" + b.spelling().substring("operator ".length()) + "' in device code is not supported (the device's heap is not simulated)"
            : "'" + b.spelling() + "' cannot be called from " + side + " code");
      }
      return builtins.type(e, b);
    }
    CLibrary.Function lib = CLibrary.byName(e.callee());
    if (lib != null) {
      return library(e, lib);
    }
    e.args().forEach(this::checkValue);
    String message = unknownFunctionMessage(e.callee());
    if (message.startsWith("use of undeclared function")) {
      // The nearest name a call could mean: the file's functions and variables, the builtins, the C library.
      List<String> names = new java.util.ArrayList<>(cx.scope.visibleNames());
      names.addAll(Builtin.names());
      names.addAll(CLibrary.names());
      String near = Nearest.of(e.callee(), names);
      message += near == null ? "" : "; did you mean '" + near + "'?";
    }
    cx.error(e.calleeSpan(), message);
    return Type.ERR;
  }

  /**
   * {@code T()}: a value-initialised temporary of a class of member functions only (a function
   * object, {@code Add()}); one with fields or a constructor is refused by name.
   */
  private Type temporary(Expr.Call e) {
    String name = e.callee().substring(Expr.Call.TEMPORARY.length());
    org.scansim.frontend.ast.StructDef def = cx.unitStructs.stream().filter(d -> d.name().equals(name)).findFirst().orElse(null);
    Type.Struct st = def == null ? null : cx.structs.of(def);
    if (st == null) {
      cx.error(e.calleeSpan(), "no class '" + name + "' here");
      return Type.ERR;
    }
    String simple = def.simpleName();
    String ctor = def.constructorName();
    Symbol s = cx.scope.lookup(ctor);
    if (s instanceof Symbol.Function && cx.scope.lookup(def.destructorName()) != null && !ownLibrary(def)) {
      e.args().forEach(this::checkValue);
      cx.error(e.calleeSpan(), "a temporary '" + simple + "(...)' of a class with a destructor is not supported (it would not be"
          + " ended): declare a variable (" + simple + " v(...);), which is ended at its block's end");
      return Type.ERR;
    }
    if (s instanceof Symbol.Function) {
      // T(args) of a class with a constructor: a temporary object made by the constructor the
      // arguments choose (C++ [expr.type.conv]); it is not destroyed (its bytes are what it is passed on as).
      Expr.Call call = constructorCall(e, def, e.calleeSpan(), e.args(), (Symbol.Function) s);
      if (call == null) {
        return Type.ERR;
      }
      cx.sema.callees.put(e, new TemporaryObject(st, call));
      return st;
    }
    if (!e.args().isEmpty()) {
      e.args().forEach(this::checkValue);
      cx.error(e.calleeSpan(), "'" + simple + "' has no constructor to take these arguments (C++17 makes an aggregate from braces"
          + " only: " + simple + " v = {...};)");
      return Type.ERR;
    }
    if (!st.fields().isEmpty()) {
      cx.error(e.calleeSpan(), "a temporary '" + simple + "()' of a class with fields and no constructor is not supported: declare a"
          + " variable (" + simple + " v = {};) and pass it");
      return Type.ERR;
    }
    cx.sema.callees.put(e, new MakeVector(st)); // no fields to set: the temporary itself
    return st;
  }

  /**
   * A class's field made by its class's constructor (the one the arguments choose) or ended by
   * its destructor, {@code F::F(&this->f, args)} or {@code F::~F(&this->f)}; nothing when the
   * class has no destructor, or no constructor and no arguments.
   */
  private Type lifetime(Expr.Call e, boolean construct) {
    Type t = checkAhead(e.args().get(0));
    if (!(t instanceof Type.Pointer p) || !(p.pointee() instanceof Type.Struct st)) {
      e.args().subList(1, e.args().size()).forEach(this::checkValue);
      return Type.VOID;
    }
    String name = construct ? st.def().constructorName() : st.def().destructorName();
    Symbol s = cx.scope.lookup(name);
    if (!(s instanceof Symbol.Function)) {
      forgetAhead();
      e.args().subList(1, e.args().size()).forEach(this::checkValue);
      if (construct && e.args().size() > 1) {
        cx.error(e.span(), "'" + st.spelling() + "' has no constructor to take these arguments");
      }
      cx.sema.callees.put(e, new Rewritten(new Expr.IntLit(e.span(), 0, true, false, 0, false, "0")));
      checkValue(((Rewritten) cx.sema.callees.get(e)).expr());
      return Type.VOID;
    }
    Expr.Call call = new Expr.Call(e.span(), name, e.calleeSpan(), e.args());
    Symbol.Function f = cx.overloads.containsKey(name) ? Overloads.resolve(this, cx, e.calleeSpan(), name, cx.overloads.get(name), e.args())
        : (Symbol.Function) s;
    if (f == null) {
      return Type.ERR;
    }
    callFunction(call, f);
    cx.sema.callees.put(e, new MethodCall(call));
    return Type.VOID;
  }

  /**
   * A range-based for's begin or end (C++ [stmt.ranged]): {@code range + 0} or {@code range + N}
   * of an array of N, {@code range.begin()} or {@code range.end()} of a class.
   */
  private Type rangeEnd(Expr.Call e, boolean begin) {
    Expr range = e.args().get(0);
    checkAhead(range);
    Type whole = cx.sema.typeOf(range);
    if (whole instanceof Type.Array a && a.length() >= 0) {
      long n = begin ? 0 : a.length();
      Expr end = new Expr.Binary(e.span(), org.scansim.frontend.ast.Expr.BinaryOp.ADD, range,
          new Expr.IntLit(e.span(), n, true, false, 0, false, Long.toString(n)));
      Type t = checkValue(end);
      cx.sema.callees.put(e, new Rewritten(end));
      return t;
    }
    if (whole instanceof Type.Struct st) {
      return methodCall(e, st, range, List.of(), begin ? "begin" : "end");
    }
    forgetAhead();
    if (!(whole instanceof Type.Err)) {
      cx.error(range.span(), "a range-based for goes over an array of known size or an object of a class with begin() and end(), not '"
          + whole.spelling() + "'");
    }
    return Type.ERR;
  }

  /**
   * {@code a + b} where an operand is a struct: its class's member {@code operator+} (called on
   * {@code a}) or a function {@code operator+(a, b)} (C++ [over.binary], [over.match.oper]).
   */
  private Type overloadedOperator(Expr.Binary e, Type lt, Type rt) {
    String name = "operator" + e.op().symbol();
    if (lt instanceof Type.Struct st && cx.scope.lookup(st.def().name() + "::" + name) != null) {
      Expr.Call call = new Expr.Call(e.span(), "." + name, e.span(), List.of(e.left(), e.right()));
      Type t = methodCall(call, st, e.left(), List.of(e.right()), name);
      cx.sema.callees.put(e, cx.sema.calleeOf(call));
      referenceIf(e, call);
      return t;
    }
    // The operators declared where it is used and in its operands' namespaces (std::operator+ of two std::strings, found
    // through the operand's class, C++ [basic.lookup.argdep]), resolved together.
    List<Symbol.Function> candidates = new java.util.ArrayList<>(overloadsOf(name));
    for (Type operand : List.of(lt, rt)) {
      if (operand instanceof Type.Struct os && os.def().name().contains("::")) {
        String home = os.def().name().substring(0, os.def().name().lastIndexOf("::") + 2);
        overloadsOf(home + name).stream().filter(f -> !candidates.contains(f)).forEach(candidates::add);
      }
    }
    if (!candidates.isEmpty()) {
      Expr.Call call = new Expr.Call(e.span(), candidates.get(0).firstDecl().name(), e.span(), List.of(e.left(), e.right()));
      Symbol.Function f = candidates.size() > 1 ? Overloads.resolve(this, cx, e.span(), name, candidates, call.args()) : candidates.get(0);
      return f == null ? Type.ERR : callsAs(e, call, f);
    }
    cx.error(e.span(), "invalid operands to binary expression ('" + lt.spelling() + "' and '" + rt.spelling() + "'): no '" + name + "' for them");
    return Type.ERR;
  }

  /** The functions named {@code name} here: its overloads, or the one declared, or none. */
  private List<Symbol.Function> overloadsOf(String name) {
    return cx.overloads.containsKey(name) ? cx.overloads.get(name) : cx.scope.lookup(name) instanceof Symbol.Function f ? List.of(f) : List.of();
  }

  /** {@code e}, which stands for {@code call} (an operator, a subscript, a member call), designates an object when the call does. */
  private void referenceIf(Expr e, Expr.Call call) {
    if (cx.sema.referenceCalls.contains(call)) {
      cx.sema.referenceCalls.add(e);
    }
  }

  /** {@code (T *) operand} for the struct {@code def}: a constructor's or member's {@code this} the checker writes itself. */
  static Expr.Cast pointerTo(org.scansim.frontend.ast.StructDef def, Span at, Expr operand) {
    return Expr.Cast.toPointer(def, false, at, operand);
  }

  /** {@code (T *) 0}: where the lowering puts an address it makes (a temporary's, an allocation's), a placeholder of its type. */
  static Expr.Cast placeholder(org.scansim.frontend.ast.StructDef def, Span at) {
    return pointerTo(def, at, new Expr.IntLit(at, 0, true, false, 0, false, "0"));
  }

  /** Reports making an object of {@code st} when it is abstract (C++ [class.abstract] ¶3); whether it is. */
  boolean abstractClass(Type.Struct st, Span at) {
    if (!st.def().isAbstract()) {
      return false;
    }
    String pure = st.def().virtuals().stream().filter(v -> !v.equals(org.scansim.frontend.ast.StructDef.VIRTUAL_DESTRUCTOR)
        && st.def().finalOverrider(v) == null).findFirst().orElseThrow();
    cx.error(at, "cannot make an object of abstract class '" + st.spelling() + "': its '" + pure + "' is pure virtual");
    return true;
  }

  /** Whether {@code f} is a class's member function with a {@code this}. */
  static boolean isMember(Symbol.Function f) {
    return !f.firstDecl().params().isEmpty() && "this".equals(f.firstDecl().params().get(0).name());
  }

  /** Whether objects of {@code st} have a constructor or destructor to run (C++ [class.ctor], [class.dtor]). */
  boolean hasLifetime(Type.Struct st) {
    return st.def().isClass() && (cx.scope.lookup(st.def().constructorName()) != null || cx.scope.lookup(st.def().destructorName()) != null);
  }

  /**
   * {@code new T(args)} of a class: the allocation's {@code T *}, the object made by the
   * constructor the arguments choose (without one, a class is allocated as a struct is, and takes
   * no arguments).
   */
  private Type newObject(Expr.Call e) {
    Type t = checkValue(e.args().get(0));
    List<Expr> args = e.args().subList(1, e.args().size());
    if (!(t instanceof Type.Pointer p) || !(p.pointee() instanceof Type.Struct st)) {
      args.forEach(this::checkValue);
      return Type.ERR;
    }
    if (abstractClass(st, e.args().get(0).span())) {
      args.forEach(this::checkValue);
      return Type.ERR;
    }
    String ctor = st.def().constructorName();
    Symbol s = cx.scope.lookup(ctor);
    if (!(s instanceof Symbol.Function)) {
      args.forEach(this::checkValue);
      if (!args.isEmpty()) {
        cx.error(e.span(), "'" + st.spelling() + "' has no constructor to take these arguments");
        return Type.ERR;
      }
      cx.sema.callees.put(e, new NewObject(e.args().get(0), null));
      return t;
    }
    Expr.Call call = constructorCall(e, st.def(), e.args().get(0).span(), args, (Symbol.Function) s);
    if (call == null) {
      return Type.ERR;
    }
    cx.sema.callees.put(e, new NewObject(e.args().get(0), call));
    return t;
  }

  /**
   * {@code T::T((T *) 0, args)}, checked: the constructor of {@code def} the arguments choose
   * (among its overloads, or {@code only}), called on a placeholder for the object the lowering
   * makes (at {@code at}); null after an error (reported).
   */
  private Expr.Call constructorCall(Expr.Call e, org.scansim.frontend.ast.StructDef def, Span at, List<Expr> args, Symbol.Function only) {
    String ctor = def.constructorName();
    List<Expr> all = new java.util.ArrayList<>();
    all.add(placeholder(def, at));
    all.addAll(args);
    Expr.Call call = new Expr.Call(e.span(), ctor, e.calleeSpan(), all);
    Symbol.Function f = cx.overloads.containsKey(ctor) ? Overloads.resolve(this, cx, e.calleeSpan(), ctor, cx.overloads.get(ctor), all) : only;
    if (f == null) {
      return null;
    }
    callFunction(call, f);
    return call;
  }

  /** A call of {@code f} the checker made itself (a constructor's, a destructor's), checked as written calls are. */
  Type checkCall(Expr.Call call, Symbol.Function f) {
    return callFunction(call, f);
  }

  /**
   * A member function's call, {@code object.name(args)} (or {@code p->name(args)}, whose object is
   * {@code *p}): the call {@code Class::name(&object, args)}, checked and lowered as that call is.
   */
  Type methodCall(Expr.Call e, Type.Struct st, Expr object, List<Expr> rest, String name) {
    String full = st.def().name() + "::" + name;
    Symbol s = cx.scope.lookup(full);
    org.scansim.frontend.ast.StructDef owner = st.def();
    for (org.scansim.frontend.ast.StructDef d = st.def().base(); s == null && d != null; d = d.base()) {
      // A member of a base class, the nearest that declares the name (C++ [class.member.lookup]); this converts to its class.
      if (cx.scope.lookup(d.name() + "::" + name) instanceof Symbol.Function found) {
        s = found;
        full = d.name() + "::" + name;
        owner = d;
      }
    }
    Type.Struct.Field held = s == null ? st.fields().stream().filter(f -> f.name().equals(name)).findFirst().orElse(null) : null;
    if (held != null && held.type() instanceof Type.Struct fs && cx.scope.lookup(fs.def().name() + "::operator()") != null) {
      // obj.f(args) of a field that is a function object (a std::function, a functor): its operator() (C++ [over.call]).
      Expr.Member field = new Expr.Member(e.calleeSpan(), object, name, e.calleeSpan(), false);
      List<Expr> all = new java.util.ArrayList<>();
      all.add(field);
      all.addAll(rest);
      Expr.Call call = new Expr.Call(e.span(), ".operator()", e.calleeSpan(), all);
      checkedAhead.add(object); // the object was checked by the caller
      Type t = check(call);
      cx.sema.callees.put(e, new Rewritten(call));
      return t;
    }
    if (!(s instanceof Symbol.Function)) {
      rest.forEach(this::checkValue);
      cx.error(e.calleeSpan(), "no member function '" + name + "' in '" + st.spelling() + "'");
      return Type.ERR;
    }
    List<Expr> all = new java.util.ArrayList<>();
    boolean value = !Lvalues.isLvalue(object, cx.sema);
    if (value) {
      // A member called on a value (a + b + c): this is the address of a temporary the lowering makes; here a placeholder of its type.
      all.add(placeholder(st.def(), object.span()));
    } else {
      all.add(new Expr.Unary(object.span(), UnaryOp.ADDR, object));
    }
    all.addAll(rest);
    Expr.Call call = new Expr.Call(e.span(), full, e.calleeSpan(), all);
    Symbol.Function f = cx.overloads.containsKey(full) ? Overloads.resolve(this, cx, e.calleeSpan(), full, cx.overloads.get(full), all)
        : (Symbol.Function) s;
    if (f == null) {
      return Type.ERR;
    }
    if (f.paramTypes().isEmpty() || !(f.paramTypes().get(0) instanceof Type.Pointer self)) {
      cx.error(e.calleeSpan(), "'" + full + "' is a static member function: call it as " + full + "(...)");
      return Type.ERR;
    }
    if (!self.constPointee() && Lvalues.isLvalue(object, cx.sema) && Lvalues.qualifiers(object, cx.sema).isConst()) {
      rest.forEach(this::checkValue);
      cx.error(e.calleeSpan(), "'" + name + "' is not a const member function: it cannot be called on a const '" + st.spelling() + "'");
      return Type.ERR;
    }
    if (owner.virtuals().contains(name) && cx.scope.lookup(full + org.scansim.frontend.ast.StructDef.DISPATCHER) instanceof Symbol.Function d) {
      // A virtual function: the object's own class chooses (C++ [class.virtual] ¶2), through the dispatcher VirtualDispatch wrote.
      call = new Expr.Call(e.span(), d.firstDecl().name(), e.calleeSpan(), all);
      f = d;
    }
    Type t = callFunction(call, f);
    cx.sema.callees.put(e, new MethodCall(call, value ? object : null));
    referenceIf(e, call);
    return t;
  }

  /**
   * {@code t}, the type of the call {@code e} of the function {@code f}; an error when {@code f}
   * takes an argument only through a derived-to-base conversion and a function template of the
   * same name exists, whose exact match C++ would choose instead ([over.match.best]), which the
   * front end's overload resolution (functions before templates) does not.
   */
  private Type templateWouldWin(Expr.Call e, Symbol.Function f, Type t) {
    if (!cx.templates.containsKey(e.callee())) {
      return t;
    }
    for (int i = 0; i < Math.min(e.args().size(), f.paramTypes().size()); i++) {
      Type param = f.paramTypes().get(i);
      Type arg = cx.sema.typeOf(e.args().get(i));
      if (param instanceof Type.Pointer pp && arg instanceof Type.Pointer ap) {
        param = pp.pointee();
        arg = ap.pointee();
      }
      if (Conversions.derivedToBase(param, arg)) {
        cx.error(e.calleeSpan(), "'" + e.callee() + "' takes this '" + arg.spelling() + "' as its base class '" + param.spelling()
            + "', and a function template '" + e.callee() + "' would take it as it is, which C++ prefers: not supported; name the"
            + " template's argument (" + e.callee() + "<" + arg.spelling() + ">(...)) or convert the argument");
        return Type.ERR;
      }
    }
    return t;
  }

  /** {@code e} as a call of the member its callee's class inherits under that name (C++ [class.member.lookup]), or null. */
  private Expr.Call inheritedMember(Expr.Call e) {
    String owner = e.callee().substring(0, e.callee().lastIndexOf("::"));
    String member = e.callee().substring(owner.length() + 2);
    org.scansim.frontend.ast.StructDef cls = cx.unitStructs.stream().filter(d -> d.name().equals(owner)).findFirst().orElse(null);
    for (org.scansim.frontend.ast.StructDef d = cls == null ? null : cls.base(); d != null; d = d.base()) {
      if (cx.scope.lookup(d.name() + "::" + member) instanceof Symbol.Function) {
        return new Expr.Call(e.span(), d.name() + "::" + member, e.calleeSpan(), e.args());
      }
    }
    return null;
  }

  /** A member function called as it is ({@link Expr.Call#DIRECT}): a virtual one's own body, not its class's dispatch. */
  private Type directCall(Expr.Call e) {
    String name = e.callee().substring(Expr.Call.DIRECT.length());
    Symbol s = cx.scope.lookup(name);
    if (!(s instanceof Symbol.Function only)) {
      e.args().forEach(this::checkValue);
      cx.error(e.calleeSpan(), "no member function '" + name + "' here");
      return Type.ERR;
    }
    Expr.Call call = new Expr.Call(e.span(), name, e.calleeSpan(), e.args());
    Symbol.Function f = cx.overloads.containsKey(name) ? Overloads.resolve(this, cx, e.calleeSpan(), name, cx.overloads.get(name), e.args())
        : only;
    if (f == null) {
      return Type.ERR;
    }
    return callsAs(e, call, f);
  }

  /** {@code e} stands for {@code call} of {@code f} (a member's, an operator's): checked, recorded as its callee, a reference if it is. */
  private Type callsAs(Expr e, Expr.Call call, Symbol.Function f) {
    Type t = callFunction(call, f);
    cx.sema.callees.put(e, new MethodCall(call));
    referenceIf(e, call);
    return t;
  }

  /** {@code f(args)} where f is a function pointer variable: the function it points to, called as a direct call would be. */
  private Type callThrough(Expr.Call e, Symbol.Variable v, Type.Function f) {
    if (cx.space != Space.HOST) {
      e.args().forEach(this::checkValue);
      cx.error(e.calleeSpan(), "function pointers of device code are not supported");
      return Type.ERR;
    }
    checkVariableAccess(e.calleeSpan(), v);
    checkArguments(e.span(), e.args(), f.params(), "a call through '" + e.callee() + "'");
    Expr.Name pointer = new Expr.Name(e.calleeSpan(), e.callee()); // the pointer's value, as the lowering reads it
    checkValue(pointer);
    cx.sema.callees.put(e, pointer);
    return f.result();
  }

  /** A call of the C library ({@link CLibrary}): host code only, its arguments converted as to a declared function's parameters. */
  private Type library(Expr.Call e, CLibrary.Function f) {
    List<Type> types = e.args().stream().map(this::checkValue).toList();
    if (cx.space != Space.HOST) {
      cx.error(e.calleeSpan(), "'" + e.callee() + "' is the host's C library here: device code cannot call it"
          + (f.params().stream().anyMatch(Type::isFloating) ? " (device math functions are not simulated)" : ""));
      return Type.ERR;
    }
    CLibrary.Function g = types.size() == f.params().size() ? CLibrary.overload(f, types) : f;
    Type file = filePointer();
    List<Type> params = g.params(file);
    if (types.size() < g.required() || types.size() > params.size() && !g.variadic()) {
      cx.error(e.span(), "too " + (types.size() < g.required() ? "few" : "many") + " arguments to '" + g.name() + "': expected "
          + (g.required() == params.size() ? String.valueOf(g.required()) : g.required() + " to " + params.size()) + ", have "
          + types.size());
    }
    for (int i = 0; i < Math.min(types.size(), params.size()); i++) {
      requireAssignable(params.get(i), e.args().get(i), types.get(i), Assigning.PASS);
    }
    for (int i = params.size(); g.variadic() && i < types.size(); i++) {
      Type t = types.get(i);
      if (!(t instanceof Type.Err) && !(t instanceof Type.Pointer p && !p.constPointee() && (p.pointee().isScalar()
          || p.pointee() instanceof Type.Pointer))) {
        cx.error(e.args().get(i).span(), "argument " + (i + 1) + " of '" + g.name() + "' must be a pointer to a number or to char,"
            + " where the format's conversion stores, not '" + t.spelling() + "'");
      }
    }
    cx.sema.callees.put(e, g);
    return g.result(file);
  }

  /** {@code FILE *} of this translation unit ({@link org.scansim.frontend.ast.StructDef#FILE}, opaque). */
  Type filePointer() {
    return new Type.Pointer(cx.structs.of(org.scansim.frontend.ast.StructDef.FILE), false, false);
  }

  /** {@code make_float4(x, y, z, w)} (vector_functions.h): one value per component, each converted to the element type. */
  private Type makeVector(Expr.Call e, Type.Struct vector) {
    List<Type.Struct.Field> fields = vector.fields();
    List<Type> args = e.args().stream().map(this::checkValue).toList();
    if (args.size() != fields.size()) {
      cx.error(e.calleeSpan(), "'" + e.callee() + "' takes " + fields.size() + " argument" + (fields.size() == 1 ? "" : "s")
          + ", not " + args.size());
      return Type.ERR;
    }
    boolean ok = true;
    for (int i = 0; i < args.size(); i++) {
      if (args.get(i) instanceof Type.Err) {
        ok = false;
      } else if (!args.get(i).isArithmetic()) {
        cx.error(e.args().get(i).span(), Assigning.PASS.message(fields.get(i).type(), args.get(i)));
        ok = false;
      }
    }
    cx.sema.callees.put(e, new MakeVector(vector));
    return ok ? vector : Type.ERR;
  }

  /** The NVIDIA library a C function of that name belongs to (cublasSgemm: cuBLAS), or null. */
  private static String library(String name) {
    for (String[] p : new String[][] {{"cublas", "cuBLAS"}, {"curand", "cuRAND"}, {"cufft", "cuFFT"}, {"cusparse", "cuSPARSE"},
        {"cusolver", "cuSOLVER"}, {"cudnn", "cuDNN"}, {"nvtx", "NVTX"}, {"nccl", "NCCL"}, {"nvrtc", "NVRTC"}, {"cuda::", "libcu++"}}) {
      if (name.startsWith(p[0])) {
        return p[1];
      }
    }
    return null;
  }

  private static String unknownFunctionMessage(String name) {
    return switch (name) {
      case "realloc" -> "'realloc' is not supported: malloc a new block, copy, and free the old one";
      case "__shfl", "__shfl_up", "__shfl_down", "__shfl_xor", "__ballot", "__any", "__all" ->
          "'" + name + "' was removed in CUDA 9: use '" + name + "_sync' with a lane mask";
      case "tex1Dfetch", "tex1D", "tex2D", "surf2Dread", "surf2Dwrite" -> "texture memory is not supported";
      case "__brev", "__brevll", "__clzll", "__ffsll", "__byte_perm", "__funnelshift_l", "__funnelshift_r", "__umulhi", "__mulhi",
          "__umul64hi", "__mul64hi", "__sad", "__usad", "__fmaf_rn", "__fma_rn", "fmaf", "fma", "__fdividef", "__expf", "__logf",
          "__powf", "__sinf", "__cosf", "__saturatef" -> "'" + name + "' is not supported: of the intrinsics, __popc, __popcll, __clz, __ffs"
          + " and the _rn arithmetic (__fadd_rn, __fmul_rn, ...) are";
      default -> library(name) != null ? library(name) + " is not simulated: " + name
          : name.matches("__[fd](add|sub|mul|div)_r[zud]") ? "'" + name + "' is not supported: only round-to-nearest (_rn) arithmetic"
          + " intrinsics are simulated"
          : name.startsWith("std::") ? "'" + name + "' is not supported: the C++ standard library is outside the subset"
          : "use of undeclared function '" + name + "'";
    };
  }

  private Type callFunction(Expr.Call e, Symbol.Function f) {
    cx.sema.callees.put(e, f);
    cx.firstUses.putIfAbsent(f, e.calleeSpan());
    if (f.space() == Space.GLOBAL) {
      cx.error(e.calleeSpan(), "a __global__ function call must be configured: use " + f.name() + "<<<grid, block>>>(...)");
    } else if (!cx.space.mayCall(f.space())) {
      cx.error(
          e.calleeSpan(),
          "calling a " + f.space().spelling() + " function ('" + f.name() + "') from a " + cx.space.spelling()
              + " function is not allowed");
    }
    checkArguments(e.span(), e.args(), f, "function '" + f.name() + "'");
    if (f.returnsReference() && f.returnType() instanceof Type.Pointer p) {
      cx.sema.referenceCalls.add(e); // designates *result (C++ [expr.call]p14: an lvalue)
      return p.pointee();
    }
    return f.returnType();
  }

  /**
   * The instance of template t that a call with these arguments needs (C++ [temp.deduct.call]):
   * each function parameter written with a type parameter ({@code T x}, {@code const T *in})
   * gives that parameter the argument's type under as many pointer levels; two that disagree, or
   * a parameter no argument gives and no default covers, are errors. Null after reporting.
   */
  private Symbol.Function deduce(Span at, org.scansim.frontend.ast.FunctionTemplate t, List<Expr> args) {
    List<Type> types = new java.util.ArrayList<>();
    for (Expr a : args) {
      types.add(checkAhead(a));
    }
    if (types.stream().anyMatch(x -> x instanceof Type.Err)) {
      forgetAhead();
      return null;
    }
    List<org.scansim.frontend.ast.FunctionTemplate.Param> params = t.params();
    org.scansim.frontend.ast.FunctionTemplate.Arg[] bound = new org.scansim.frontend.ast.FunctionTemplate.Arg[params.size()];
    String problem = null;
    for (int i = 0; i < Math.min(args.size(), t.patterns().size()) && problem == null; i++) {
      org.scansim.frontend.ast.FunctionTemplate.Pattern p = t.patterns().get(i);
      if (p == null) {
        continue;
      }
      Type a = types.get(i);
      for (int k = 0; k < p.pointers() && a != null; k++) {
        a = a instanceof Type.Pointer ptr ? ptr.pointee() : null;
      }
      org.scansim.frontend.ast.FunctionTemplate.Arg arg = a == null ? null : TemplateArgs.of(a, at);
      String param = params.get(p.param()).name();
      if (arg == null) {
        problem = "cannot deduce '" + param + "' from an argument of type '" + types.get(i).spelling() + "'";
      } else if (bound[p.param()] != null && !bound[p.param()].spelling().equals(arg.spelling())) {
        problem = "deduced conflicting types for parameter '" + param + "' ('" + bound[p.param()].spelling() + "' vs '" + arg.spelling() + "')";
      } else {
        bound[p.param()] = arg;
      }
    }
    for (int i = 0; i < params.size() && problem == null; i++) {
      if (bound[i] == null) {
        bound[i] = t.defaultArg(i, java.util.Arrays.asList(bound));
        if (bound[i] == null) {
          problem = "couldn't deduce template parameter '" + params.get(i).name() + "': write it, " + t.name() + "<...>(...)";
        }
      }
    }
    if (problem != null) {
      checkedAhead.clear();
      cx.error(at, "no matching function for call to '" + t.name() + "': " + problem);
      return null;
    }
    org.scansim.frontend.ast.Decl.Function instance = t.instantiate(List.of(bound));
    // Instances the new one needs (written with their arguments in its body) are declared first.
    for (org.scansim.frontend.ast.Decl.Function nested : t.newInstances()) {
      if (nested != instance) {
        cx.instances.apply(nested);
      }
    }
    if (instance == null) {
      checkedAhead.clear();
      cx.error(at, "'" + t.name() + "' could not be instantiated for these arguments");
      return null;
    }
    return cx.instances.apply(instance);
  }

  /** The arguments of a call of f: as many as its parameters, or fewer where its last ones have default arguments. */
  void checkArguments(Span at, List<Expr> args, Symbol.Function f, String what) {
    boolean member = isMember(f);
    if (member && args.size() - 1 < f.requiredArguments() - 1 || member && args.size() > f.paramTypes().size()) {
      // A member function's own arguments, without the object's address (this) the call passes first.
      int required = f.requiredArguments() - 1;
      int most = f.paramTypes().size() - 1;
      int have = args.size() - 1;
      cx.error(at, "too " + (have < required ? "few" : "many") + " arguments to " + what.replace("function '", "member function '") + ": expected "
          + (required == most ? String.valueOf(most) : have < required ? "at least " + required : "at most " + most) + ", have " + have);
      args.forEach(this::checkValue);
      return;
    }
    checkArguments(at, args, f.paramTypes(), f.requiredArguments(), what, f::byReference, f::constReference);
    for (int i = 0; i < Math.min(args.size(), f.paramTypes().size()); i++) {
      boolean declaredReference = i < f.firstDecl().params().size() && f.firstDecl().params().get(i) != null
          && f.firstDecl().params().get(i).reference();
      if (!declaredReference && f.paramTypes().get(i) instanceof Type.Struct st && Lvalues.isLvalue(args.get(i), cx.sema)) {
        Symbol.Function copy = copyConstructorOf(st);
        if (copy != null) {
          cx.sema.copies.put(args.get(i), copy); // passed by value: the parameter made by the copy constructor (C++ [expr.call] ¶7)
        }
      }
    }
  }

  /** {@code st}'s copy constructor ({@code T(const T &other)}), or null when it has none (a copy is then byte for byte). */
  Symbol.Function copyConstructorOf(Type.Struct st) {
    if (!st.def().isClass()) {
      return null;
    }
    String name = st.def().constructorName();
    List<Symbol.Function> set = cx.overloads.containsKey(name) ? cx.overloads.get(name)
        : cx.scope.lookup(name) instanceof Symbol.Function f ? List.of(f) : List.of();
    return set.stream().filter(f -> f.paramTypes().size() == 2 && f.paramTypes().get(1).equals(st)).findFirst().orElse(null);
  }

  void checkArguments(Span at, List<Expr> args, List<Type> params, String what) {
    checkArguments(at, args, params, params.size(), what, i -> false, i -> false);
  }

  /**
   * Binds {@code arg} (of type {@code argType}, already checked) to a non-const reference to
   * {@code t}: it must be a modifiable lvalue of that very type (C++ [dcl.init.ref]); a variable
   * bound so lives in memory, as one whose address is taken.
   */
  boolean bindReference(Expr arg, Type argType, Type t, String what) {
    return bindReference(arg, argType, t, what, false);
  }

  /**
   * Whether {@code arg} (of type {@code argType}, checked) would bind to a {@code const T &} of
   * type {@code t} by its address without an error: an object in memory of that type or one
   * derived from it, not in {@code __constant__} memory, not a dim3 or a builtin.
   */
  boolean bindsQuietly(Expr arg, Type argType, Type t) {
    return bindingProblem(arg, argType, t, "", true) == null;
  }

  /**
   * As above; {@code constReference}: a {@code const T &} bound as a non-const one is, by the
   * object's address (a class with virtual functions, whose copy would lose the object's class):
   * a const object binds to it.
   */
  boolean bindReference(Expr arg, Type argType, Type t, String what, boolean constReference) {
    String problem = bindingProblem(arg, argType, t, what, constReference);
    if (problem != null) {
      if (!problem.isEmpty()) {
        cx.error(arg.span(), problem);
      }
      return false;
    }
    if (arg instanceof Expr.Name n && cx.sema.symbolOf(n) instanceof Symbol.Variable v) {
      v.markAddressTaken();
    }
    return true;
  }

  /** Why {@code arg} cannot bind to a reference to {@code t} ({@code what} names the reference), "" after an earlier error; null when it can. */
  private String bindingProblem(Expr arg, Type argType, Type t, String what, boolean constReference) {
    if (argType instanceof Type.Err || t instanceof Type.Err) {
      return "";
    }
    if (!Lvalues.isLvalue(arg, cx.sema) || cx.sema.typeOf(arg) instanceof Type.Array) {
      return what + " of type '" + t.spelling() + " &' cannot bind to a temporary value: pass a variable";
    }
    if (!t.equals(argType) && !Conversions.derivedToBase(t, argType)) { // a derived object binds to a reference to its base ([dcl.init.ref] ¶5)
      return what + " of type '" + t.spelling() + " &' cannot bind to a value of type '" + argType.spelling() + "'";
    }
    if (Lvalues.qualifiers(arg, cx.sema).isConst() && !constReference) {
      return what + " of type '" + t.spelling() + " &' cannot bind to a const value (make it 'const " + t.spelling() + " &')";
    }
    if (t instanceof Type.Dim3 || arg instanceof Expr.Member m && cx.sema.typeOf(m.object()) instanceof Type.Dim3) {
      return what + " cannot bind to a dim3 or its component (a dim3 lives in registers): pass a copy";
    }
    Symbol.Variable root = Lvalues.rootVariable(arg, cx.sema);
    if (root != null && root.kind() == Symbol.VarKind.CONSTANT) {
      return what + " cannot bind to __constant__ variable '" + root.name() + "': device code cannot write it";
    }
    if (arg instanceof Expr.Name n && cx.sema.symbolOf(n) instanceof Symbol.Variable v && v.kind() == Symbol.VarKind.BUILTIN) {
      return what + " cannot bind to '" + n.id() + "'";
    }
    return null;
  }

  private void checkArguments(Span at, List<Expr> args, List<Type> params, int required, String what,
      java.util.function.IntPredicate byReference, java.util.function.IntPredicate constReference) {
    if (args.size() < required || args.size() > params.size()) {
      String expected = required == params.size() ? String.valueOf(params.size())
          : args.size() < required ? "at least " + required : "at most " + params.size();
      cx.error(at, "too " + (args.size() < required ? "few" : "many") + " arguments to " + what + ": expected "
          + expected + ", have " + args.size());
    }
    for (int i = 0; i < args.size(); i++) {
      Type t = checkValue(args.get(i));
      if (i < params.size() && byReference.test(i)) {
        bindReference(args.get(i), t, params.get(i), "parameter " + (i + 1) + " of " + what, constReference.test(i));
      } else if (i < params.size()) {
        requireAssignable(params.get(i), args.get(i), t, Assigning.PASS);
      }
    }
  }

  @Override
  public Type visitLaunch(Expr.Launch e) {
    Symbol s = cx.scope.lookup(e.kernel());
    if (cx.space != Space.HOST) {
      cx.error(e.span(), "kernel launches from device code (dynamic parallelism) are not supported");
    }
    int n = e.config().size();
    if (n < 2 || n > 4) {
      cx.error(e.span(), "a launch configuration takes 2 to 4 values (grid, block, shared bytes, stream), not " + n);
    }
    for (int i = 0; i < n; i++) {
      Expr c = e.config().get(i);
      Type t = checkValue(c);
      if (t instanceof Type.Err) {
        continue;
      }
      if (i < 2 && !(t instanceof Type.Dim3) && !t.isInteger()) {
        String what = i == 0 ? "grid" : "block";
        if (t.isArithmetic()) {
          // dim3's constructor takes unsigned int, so nvcc converts silently; say what happens.
          cx.diags.warning(c.span(), "implicit conversion of the " + what + " size from '" + t.spelling() + "' to 'unsigned int'");
        } else {
          cx.error(c.span(), "launch " + what + " size must be an integer or dim3, not '" + t.spelling() + "'");
        }
      } else if (i == 2 && !t.isInteger()) {
        cx.error(c.span(), "dynamic shared memory size must be an integer, not '" + t.spelling() + "'");
      } else if (i == 3 && !(t.isInteger() || t instanceof Type.Null)) {
        cx.error(c.span(), "streams are not supported; pass 0");
      }
    }
    if (s instanceof Symbol.Function && cx.overloads.containsKey(e.kernel())) {
      s = Overloads.resolve(this, cx, e.kernelSpan(), e.kernel(), cx.overloads.get(e.kernel()), e.args());
      if (s == null) {
        return Type.ERR;
      }
    }
    if (s == null && cx.templates.containsKey(e.kernel())) {
      s = deduce(e.kernelSpan(), cx.templates.get(e.kernel()), e.args());
      if (s == null) {
        return Type.ERR;
      }
    }
    if (s instanceof Symbol.Variable v && v.type() instanceof Type.Pointer p && p.pointee() instanceof Type.Function kernel) {
      // kernel<<<...>>>(args) where kernel is a pointer to a __global__ function: launched as the kernel it holds.
      if (!(kernel.result() instanceof Type.Void)) {
        cx.error(e.kernelSpan(), "'" + e.kernel() + "' points to a function returning '" + kernel.result().spelling() + "': a kernel returns void");
      }
      checkArguments(e.span(), e.args(), kernel.params(), "a launch through '" + e.kernel() + "'");
      Expr.Name pointer = new Expr.Name(e.kernelSpan(), e.kernel());
      checkValue(pointer);
      cx.sema.callees.put(e, pointer);
      return Type.VOID;
    }
    if (!(s instanceof Symbol.Function f)) {
      e.args().forEach(this::checkValue);
      cx.error(e.kernelSpan(), s == null ? "use of undeclared function '" + e.kernel() + "'" : "'" + e.kernel() + "' is not a function");
      return Type.ERR;
    }
    cx.sema.callees.put(e, f);
    cx.firstUses.putIfAbsent(f, e.kernelSpan());
    if (f.space() != Space.GLOBAL) {
      cx.error(e.kernelSpan(), "'" + f.name() + "' is not a __global__ function and cannot be launched");
    }
    checkArguments(e.span(), e.args(), f, "kernel '" + f.name() + "'");
    return Type.VOID;
  }

  // ---- operators ----

  @Override
  public Type visitUnary(Expr.Unary e) {
    UnaryOp op = e.op();
    Type t = op == UnaryOp.ADDR ? check(e.operand()) : checkValue(e.operand());
    if (t instanceof Type.Err) {
      return t;
    }
    if (op == UnaryOp.ADDR && namesFunction(e.operand())) {
      return t; // &f is f's value: a pointer to the function
    }
    if (op == UnaryOp.DEREF && t instanceof Type.Pointer fp && fp.pointee() instanceof Type.Function) {
      cx.error(e.span(), "'*' of a function pointer is not supported: call through the pointer itself, f(...)");
      return Type.ERR;
    }
    if (t instanceof Type.Group) {
      cx.error(e.span(), "a cooperative group has no address or value of its own: use its member functions");
      return Type.ERR;
    }
    switch (op) {
      case PLUS, NEG -> {
        if (!t.isArithmetic()) {
          return invalidOperand(e, t);
        }
        Type r = Type.arith(Conversions.promote(((Type.Arith) t).scalar()));
        cx.sema.operationTypes.put(e, r);
        fold(e, r, e.operand(), null);
        foldFloat(e, r, e.operand(), null);
        return r;
      }
      case BITNOT -> {
        if (!t.isInteger()) {
          return invalidOperand(e, t);
        }
        Type r = Type.arith(Conversions.promote(((Type.Arith) t).scalar()));
        cx.sema.operationTypes.put(e, r);
        fold(e, r, e.operand(), null);
        return r;
      }
      case NOT -> {
        if (t instanceof Type.Str) {
          cx.sema.constants.put(e, 0L); // a string literal is never null
          return Type.BOOL;
        }
        if (!t.isScalar()) {
          return invalidOperand(e, t);
        }
        Long v = cx.sema.constantOf(e.operand());
        if (v != null) {
          cx.sema.constants.put(e, v == 0 ? 1L : 0L);
        }
        return Type.BOOL;
      }
      case DEREF -> {
        if (!(t instanceof Type.Pointer p)) {
          cx.error(e.span(), "indirection requires pointer operand ('" + t.spelling() + "' invalid)");
          return Type.ERR;
        }
        if (p.pointee() instanceof Type.Void) {
          cx.error(e.span(), "indirection through a pointer to void");
          return Type.ERR;
        }
        if (p.pointee() instanceof Type.Dim3) {
          cx.error(e.span(), "pointers to dim3 are not supported");
          return Type.ERR;
        }
        return p.pointee();
      }
      case ADDR -> {
        if (!Lvalues.isLvalue(e.operand(), cx.sema)) {
          cx.error(e.operand().span(), "cannot take the address of an rvalue of type '" + t.spelling() + "'");
          return Type.ERR;
        }
        if (e.operand() instanceof Expr.Member m && !(cx.sema.typeOf(m.object()) instanceof Type.Struct)) {
          cx.error(e.span(), "taking the address of a dim3 member is not supported");
          return Type.ERR;
        }
        if (e.operand() instanceof Expr.Name n && cx.sema.symbolOf(n) instanceof Symbol.Variable v
            && v.kind() == Symbol.VarKind.BUILTIN) {
          // warpSize and threadIdx are special registers; nothing in memory has their address.
          cx.error(e.span(), "cannot take the address of built-in variable '" + n.id() + "'");
          return Type.ERR;
        }
        if (e.operand() instanceof Expr.Name n && cx.sema.symbolOf(n) instanceof Symbol.Variable v
            && v.kind() == Symbol.VarKind.HOST_GLOBAL && cx.space.onDevice()) {
          // Device code may use a host constant's value, but the variable lives in host memory.
          cx.error(e.span(), "cannot take the address of host variable '" + n.id() + "' in device code");
          return Type.ERR;
        }
        if (t instanceof Type.Dim3) {
          // A dim3 lives in three registers, not in memory.
          cx.error(e.span(), "taking the address of a dim3 is not supported");
          return Type.ERR;
        }
        if (e.operand() instanceof Expr.Name n && cx.sema.symbolOf(n) instanceof Symbol.Variable v) {
          v.markAddressTaken();
          if (t instanceof Type.Array a) {
            cx.error(e.span(), "pointers to arrays are not supported; use the array itself ('" + n.id() + "') as a pointer");
            return Type.ERR;
          }
          return new Type.Pointer(t, v.isConst(), v.isVolatile());
        }
        if (t instanceof Type.Array) {
          cx.error(e.span(), "pointers to arrays are not supported; use the array itself as a pointer");
          return Type.ERR;
        }
        Lvalues.Qualifiers q = Lvalues.qualifiers(e.operand(), cx.sema);
        return new Type.Pointer(t, q.isConst(), q.isVolatile());
      }
      default -> {
        // ++ and --
        return checkIncDec(e, t);
      }
    }
  }

  private Type checkIncDec(Expr.Unary e, Type t) {
    if (!requireModifiable(e.operand(), e.op().symbol())) {
      return Type.ERR;
    }
    if (t instanceof Type.Arith a && a.scalar() == Scalar.BOOL) {
      // C++17 removed ++ on bool; -- was never allowed ([expr.pre.incr]).
      cx.error(e.span(), "ISO C++17 does not allow '" + e.op().symbol() + "' on an operand of type 'bool'");
      return Type.ERR;
    }
    if (t.isArithmetic()) {
      cx.sema.operationTypes.put(e, Type.arith(Conversions.common(((Type.Arith) t).scalar(), Scalar.INT)));
      return t;
    }
    if (t instanceof Type.Pointer p && !(p.pointee() instanceof Type.Void)) {
      return t;
    }
    return invalidOperand(e, t);
  }

  private Type invalidOperand(Expr.Unary e, Type t) {
    cx.error(e.span(), "invalid argument type '" + t.spelling() + "' to unary operator '" + e.op().symbol() + "'");
    return Type.ERR;
  }

  /** Reports and returns false unless {@code target} is an lvalue that may be assigned. */
  boolean requireModifiable(Expr target, String what) {
    if (!Lvalues.isLvalue(target, cx.sema)) {
      cx.error(target.span(), "expression is not assignable");
      return false;
    }
    Type t = cx.sema.typeOf(target);
    if (t instanceof Type.Array) {
      cx.error(target.span(), "array type '" + t.spelling() + "' is not assignable");
      return false;
    }
    Lvalues.Qualifiers q = Lvalues.qualifiers(target, cx.sema);
    String op = what.equals("=") ? "" : " (operator '" + what + "')";
    if (q.isConst()) {
      Expr through = target instanceof Expr.Index ix ? ix.base()
          : target instanceof Expr.Unary u && u.op() == Expr.UnaryOp.DEREF ? u.operand() : null;
      Type via = through == null ? null : cx.sema.typeOf(through);
      if (via instanceof Type.Pointer) {
        cx.error(target.span(), "cannot assign through a pointer to const ('" + via.spelling() + "')" + op);
      } else if (via instanceof Type.Array) {
        cx.error(target.span(), "cannot assign to an element of a const array ('" + via.spelling() + "')" + op);
      } else {
        cx.error(target.span(), "cannot assign to " + Lvalues.describe(target, cx.sema) + " with const-qualified type" + op);
      }
      return false;
    }
    Symbol.Variable root = Lvalues.rootVariable(target, cx.sema);
    if (root != null && root.kind() == Symbol.VarKind.CONSTANT && cx.space.onDevice()) {
      // __constant__ memory is read-only for kernels (CUDA C Guide §7.2.3); the host fills it.
      cx.error(target.span(), "cannot write to __constant__ variable '" + root.name() + "' from device code" + op);
      return false;
    }
    return true;
  }

  @Override
  public Type visitBinary(Expr.Binary e) {
    BinaryOp op = e.op();
    if (op == BinaryOp.LOG_AND || op == BinaryOp.LOG_OR) {
      checkCondition(e.left());
      checkCondition(e.right());
      Long l = cx.sema.constantOf(e.left());
      Long r = cx.sema.constantOf(e.right());
      if (l != null && r != null) {
        boolean v = op == BinaryOp.LOG_AND ? l != 0 && r != 0 : l != 0 || r != 0;
        cx.sema.constants.put(e, v ? 1L : 0L);
      }
      return Type.BOOL;
    }
    Type lt = checkValue(e.left());
    Type rt = checkValue(e.right());
    if (op == BinaryOp.COMMA) {
      return rt;
    }
    if (lt instanceof Type.Stream || rt instanceof Type.Stream) {
      return streamOutput(e, lt, rt);
    }
    if (lt instanceof Type.Err || rt instanceof Type.Err) {
      return Type.ERR;
    }
    if (lt instanceof Type.Struct || rt instanceof Type.Struct) {
      return overloadedOperator(e, lt, rt);
    }
    Type r = binaryType(e, op, lt, rt);
    if (r instanceof Type.Err) {
      return r;
    }
    Type opType = cx.sema.operationType(e);
    if (opType != null && opType.isInteger()) {
      fold(e, opType, e.left(), e.right());
    } else if (opType != null && opType.equals(r)) {
      foldFloat(e, opType, e.left(), e.right());
    }
    return r;
  }

  /** The result type of {@code l op r}; records the operation type. Shared with compound assignment. */
  Type binaryType(Expr e, BinaryOp op, Type lt, Type rt) {
    switch (op) {
      case MUL, DIV -> {
        return arithmetic(e, op, lt, rt, false);
      }
      case REM, BIT_AND, BIT_OR, BIT_XOR -> {
        return arithmetic(e, op, lt, rt, true);
      }
      case SHL, SHR -> {
        if (!lt.isInteger() || !rt.isInteger()) {
          return invalidOperands(e, op, lt, rt);
        }
        Type r = Type.arith(Conversions.promote(((Type.Arith) lt).scalar()));
        cx.sema.operationTypes.put(e, r);
        return r;
      }
      case ADD -> {
        if (lt.isPointer() && rt.isInteger()) {
          return pointerArithmetic(e, (Type.Pointer) lt);
        }
        if (lt.isInteger() && rt.isPointer()) {
          return pointerArithmetic(e, (Type.Pointer) rt);
        }
        return arithmetic(e, op, lt, rt, false);
      }
      case SUB -> {
        if (lt.isPointer() && rt.isInteger()) {
          return pointerArithmetic(e, (Type.Pointer) lt);
        }
        if (lt instanceof Type.Pointer lp && rt instanceof Type.Pointer rp) {
          if (!Conversions.samePointee(lp.pointee(), rp.pointee())) {
            return invalidOperands(e, op, lt, rt);
          }
          cx.sema.operationTypes.put(e, lt);
          return Type.LONG;
        }
        return arithmetic(e, op, lt, rt, false);
      }
      case LT, GT, LE, GE, EQ, NE -> {
        if (lt.isArithmetic() && rt.isArithmetic()) {
          cx.sema.operationTypes.put(e, Type.arith(Conversions.common(((Type.Arith) lt).scalar(), ((Type.Arith) rt).scalar())));
          return Type.BOOL;
        }
        if (pointerComparable(lt, rt, op == BinaryOp.EQ || op == BinaryOp.NE, e)) {
          cx.sema.operationTypes.put(e, lt.isPointer() ? lt : rt);
          return Type.BOOL;
        }
        return invalidOperands(e, op, lt, rt);
      }
      default -> throw new IllegalStateException(op.name());
    }
  }

  private boolean pointerComparable(Type lt, Type rt, boolean equality, Expr e) {
    Expr.Binary b = e instanceof Expr.Binary x ? x : null;
    boolean lNull = lt instanceof Type.Null || b != null && lt.isInteger() && Long.valueOf(0).equals(cx.sema.constantOf(b.left()));
    boolean rNull = rt instanceof Type.Null || b != null && rt.isInteger() && Long.valueOf(0).equals(cx.sema.constantOf(b.right()));
    if (lt instanceof Type.Pointer lp && rt instanceof Type.Pointer rp) {
      return lp.pointee() instanceof Type.Void || rp.pointee() instanceof Type.Void
          || Conversions.samePointee(lp.pointee(), rp.pointee());
    }
    return equality && (lt.isPointer() && rNull || rt.isPointer() && lNull);
  }

  private Type pointerArithmetic(Expr e, Type.Pointer p) {
    if (p.pointee() instanceof Type.Void) {
      cx.error(e.span(), "arithmetic on a pointer to void");
      return Type.ERR;
    }
    if (incomplete(p.pointee(), e.span(), "arithmetic on a pointer to")) {
      return Type.ERR;
    }
    cx.sema.operationTypes.put(e, p);
    return p;
  }

  private Type arithmetic(Expr e, BinaryOp op, Type lt, Type rt, boolean integerOnly) {
    if (!lt.isArithmetic() || !rt.isArithmetic() || integerOnly && (!lt.isInteger() || !rt.isInteger())) {
      return invalidOperands(e, op, lt, rt);
    }
    Type r = Type.arith(Conversions.common(((Type.Arith) lt).scalar(), ((Type.Arith) rt).scalar()));
    cx.sema.operationTypes.put(e, r);
    return r;
  }

  private Type invalidOperands(Expr e, BinaryOp op, Type lt, Type rt) {
    cx.error(e.span(), "invalid operands to binary expression ('" + lt.spelling() + "' " + op.symbol() + " '" + rt.spelling() + "')");
    return Type.ERR;
  }

  @Override
  public Type visitAssign(Expr.Assign e) {
    Type target = check(e.target());
    Type value = checkValue(e.value());
    if (target instanceof Type.Err || value instanceof Type.Err) {
      return Type.ERR;
    }
    String sym = e.op() == null ? "=" : e.op().symbol() + "=";
    if (target instanceof Type.Struct st && cx.scope.lookup(st.def().name() + "::operator" + sym) != null) {
      // a = b, a += b of a class with its own operator= or operator+= (C++ [over.ass]): a member call on a.
      checkedAhead.add(e.target());
      checkedAhead.add(e.value());
      Expr.Call call = new Expr.Call(e.span(), ".operator" + sym, e.span(), List.of(e.target(), e.value()));
      Type t = methodCall(call, st, e.target(), List.of(e.value()), "operator" + sym);
      cx.sema.callees.put(e, cx.sema.calleeOf(call));
      referenceIf(e, call);
      return t;
    }
    if (target instanceof Type.Group) {
      cx.error(e.span(), "a cooperative group cannot be assigned: declare it with its value (auto tile = cg::tiled_partition<32>(block);)");
      return Type.ERR;
    }
    if (!requireModifiable(e.target(), sym)) {
      return Type.ERR;
    }
    if (e.op() == null) {
      requireAssignable(target, e.value(), value, Assigning.ASSIGN);
      if (target instanceof Type.Struct st && Lvalues.qualifiers(e.target(), cx.sema).isVolatile()) {
        // C++ [class.copy.assign]: the implicit assignment is not volatile-qualified.
        cx.error(e.span(), "cannot assign to a volatile struct of type '" + st.spelling() + "': assign its fields one by one");
        return Type.ERR;
      }
      String constant = target instanceof Type.Struct st ? constField(st) : null;
      if (constant != null) {
        cx.error(e.span(), "cannot assign to a struct of type '" + target.spelling() + "': its field '" + constant
            + "' is const (C++ deletes the assignment)");
        return Type.ERR;
      }
      return target;
    }
    if (target instanceof Type.Dim3) {
      cx.error(e.span(), "compound assignment to a dim3 is not supported");
      return Type.ERR;
    }
    Type r = binaryType(e, e.op(), target, value);
    if (r instanceof Type.Err) {
      return r;
    }
    // C11 §6.5.16.2p1: `p += n` needs a pointer on the left; `n += p` is not C.
    if (target.isPointer() != r.isPointer()) {
      cx.error(e.span(), "invalid operands to compound assignment ('" + target.spelling() + "' " + sym + " '" + value.spelling() + "')");
      return Type.ERR;
    }
    return target;
  }

  @Override
  public Type visitConditional(Expr.Conditional e) {
    checkCondition(e.cond());
    Type a = checkValue(e.then());
    Type b = checkValue(e.els());
    if (a instanceof Type.Err || b instanceof Type.Err) {
      return Type.ERR;
    }
    Type r;
    if (a.isArithmetic() && b.isArithmetic()) {
      r = Type.arith(Conversions.common(((Type.Arith) a).scalar(), ((Type.Arith) b).scalar()));
    } else if (a.equals(b)) {
      r = a;
    } else if (a.isPointer() && Conversions.assignable(a, b, cx.sema.constantOf(e.els()))) {
      r = a;
    } else if (b.isPointer() && Conversions.assignable(b, a, cx.sema.constantOf(e.then()))) {
      r = b;
    } else if (composite(a, b) != null) {
      r = composite(a, b); // argc > 1 ? argv[1] : "default": const char *
    } else {
      cx.error(e.span(), "incompatible operand types ('" + a.spelling() + "' and '" + b.spelling() + "')");
      return Type.ERR;
    }
    cx.sema.operationTypes.put(e, r);
    Long c = cx.sema.constantOf(e.cond());
    Long x = cx.sema.constantOf(e.then());
    Long y = cx.sema.constantOf(e.els());
    if (c != null && x != null && y != null && r.isInteger()) {
      cx.sema.constants.put(e, Conversions.wrap(c != 0 ? x : y, ((Type.Arith) r).scalar()));
    }
    return r;
  }

  /**
   * {@code stream << value}: a number, a character, a string (a {@code char} pointer), another
   * pointer, or {@code std::endl}/{@code std::flush}; the result is the stream, so that writes
   * chain. Anything else with a stream is refused by name.
   */
  private Type streamOutput(Expr.Binary e, Type lt, Type rt) {
    if (lt instanceof Type.Err || rt instanceof Type.Err) {
      return Type.ERR;
    }
    if (e.op() != BinaryOp.SHL || !(lt instanceof Type.Stream s && s.writable())) {
      cx.error(e.span(), lt instanceof Type.Stream s && s.writable() || rt instanceof Type.Stream r && r.writable()
          ? "a stream of <iostream> is written with << here (reading with >> and other operators are not supported)"
          : "invalid operands to binary expression ('" + lt.spelling() + "' and '" + rt.spelling() + "')");
      return Type.ERR;
    }
    if (rt instanceof Type.Struct text && ownLibrary(text.def()) && text.def().name().equals("std::string")) {
      // A std::string is written as its text: its c_str().
      Expr.Call call = new Expr.Call(e.right().span(), ".c_str", e.right().span(), List.of(e.right()));
      checkedAhead.add(e.right());
      Type t = methodCall(call, text, e.right(), List.of(), "c_str");
      cx.sema.types.put(call, t);
      cx.sema.streamTexts.put(e.right(), call);
      return t instanceof Type.Err ? t : lt;
    }
    if (rt instanceof Type.Stream r ? r.writable() : !(rt.isScalar() || rt instanceof Type.Str)) {
      cx.error(e.right().span(), "cannot write a value of type '" + rt.spelling() + "' to " + s.name() + " here (numbers, characters,"
          + " strings, pointers and std::endl are written)");
      return Type.ERR;
    }
    return lt;
  }

  /**
   * The composite pointer type of two pointers to the same type that differ in qualifiers (C++
   * [expr.type]p4): the pointee with both operands' qualifiers; a string literal is a
   * {@code const char *}. Null when there is none.
   */
  private static Type composite(Type a, Type b) {
    Type.Pointer p = a instanceof Type.Str ? new Type.Pointer(Type.CHAR, true, false) : a instanceof Type.Pointer x ? x : null;
    Type.Pointer q = b instanceof Type.Str ? new Type.Pointer(Type.CHAR, true, false) : b instanceof Type.Pointer y ? y : null;
    if (p == null || q == null || !Conversions.samePointee(p.pointee(), q.pointee())) {
      return null;
    }
    return new Type.Pointer(p.pointee(), p.constPointee() || q.constPointee(), p.volatilePointee() || q.volatilePointee());
  }

  @Override
  public Type visitCast(Expr.Cast e) {
    Type to = TypeResolver.of(e.type(), cx.structs);
    Type from = checkValue(e.operand());
    if (from instanceof Type.Err) {
      return Type.ERR;
    }
    if (e.operand() instanceof Expr.Call c && c.callee().equals("operator new[]") && to instanceof Type.Pointer p
        && p.pointee() instanceof Type.Struct st && hasLifetime(st)) {
      cx.error(e.span(), "'new[]' of a class with a constructor or destructor ('" + st.spelling() + "') is not supported: allocate the"
          + " objects one by one");
      return Type.ERR;
    }
    boolean ok =
        to instanceof Type.Void
            || to.isArithmetic() && (from.isArithmetic() || from.isPointer() && to.isInteger() && to.size() == 8)
            || to.isPointer() && (from.isPointer() || from.isInteger() || from instanceof Type.Null)
            || to instanceof Type.Dim3 && (from.isInteger() || from instanceof Type.Dim3)
            || to instanceof Type.Struct && to == from; // a copy (C++ [expr.static.cast] ¶4)
    if (!ok) {
      cx.error(e.span(), "cannot cast from type '" + from.spelling() + "' to '" + to.spelling() + "'");
      return Type.ERR;
    }
    Long v = cx.sema.constantOf(e.operand());
    if (v != null && to.isInteger()) {
      cx.sema.constants.put(e, Conversions.wrap(v, ((Type.Arith) to).scalar()));
    }
    foldFloat(e, to, e.operand(), null);
    return to;
  }

  @Override
  public Type visitSizeofType(Expr.SizeofType e) {
    Type t = TypeResolver.of(e.type(), cx.structs);
    if (t instanceof Type.Void) {
      cx.error(e.span(), "invalid application of 'sizeof' to type 'void'");
      return Type.ERR;
    }
    if (incomplete(t, e.span(), "invalid application of 'sizeof' to")) {
      return Type.ERR;
    }
    cx.sema.constants.put(e, t.size());
    return Type.SIZE_T;
  }

  @Override
  public Type visitSizeofExpr(Expr.SizeofExpr e) {
    Type t = check(e.operand());
    if (t instanceof Type.Err) {
      return Type.ERR;
    }
    if (t instanceof Type.Array a && a.length() < 0) {
      cx.error(e.span(), "invalid application of 'sizeof' to an incomplete type '" + t.spelling() + "'");
      return Type.ERR;
    }
    cx.sema.constants.put(e, t.size());
    return Type.SIZE_T;
  }

  // ---- integer constant folding (C11 §6.6) ----

  private void fold(Expr e, Type type, Expr left, Expr right) {
    Long a = cx.sema.constantOf(left);
    Long b = right == null ? null : cx.sema.constantOf(right);
    if (a == null || right != null && b == null || !(type instanceof Type.Arith ta) || !ta.scalar().isInteger()) {
      return;
    }
    Long v = ConstFolder.fold(e, ta.scalar(), a, b, cx);
    if (v != null) {
      cx.sema.constants.put(e, v);
    }
  }

  // ---- floating constant folding (C11 §6.6p5, arithmetic constant expressions) ----

  /** Records the value of {@code e} when it is +, -, *, / or a cast of floating constants. */
  private void foldFloat(Expr e, Type type, Expr left, Expr right) {
    if (!(type instanceof Type.Arith ta) || !ta.scalar().isFloating()) {
      return;
    }
    Double a = doubleOf(left);
    Double b = right == null ? null : doubleOf(right);
    if (a == null || right != null && b == null) {
      return;
    }
    double r;
    if (e instanceof Expr.Unary u) {
      r = u.op() == Expr.UnaryOp.NEG ? -a : a;
    } else if (e instanceof Expr.Binary bin) {
      switch (bin.op()) {
        case ADD -> r = a + b;
        case SUB -> r = a - b;
        case MUL -> r = a * b;
        case DIV -> r = a / b;
        default -> {
          return;
        }
      }
    } else {
      r = a; // a cast
    }
    cx.sema.floatConstants.put(e, ta.scalar() == Scalar.FLOAT ? (double) (float) r : r);
  }

  /** The value of a constant operand as a double (an unsigned 64-bit constant rounded as C does). */
  private Double doubleOf(Expr e) {
    Double f = cx.sema.floatConstantOf(e);
    if (f != null) {
      return f;
    }
    Long c = cx.sema.constantOf(e);
    if (c == null) {
      return null;
    }
    boolean u64 = cx.sema.typeOf(e) instanceof Type.Arith a && !a.scalar().isSigned() && a.scalar().size() == 8;
    return u64 ? Conversions.unsignedToDouble(c) : (double) c;
  }
}
