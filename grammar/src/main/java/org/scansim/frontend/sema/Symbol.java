package org.scansim.frontend.sema;

import java.util.List;
import org.scansim.frontend.ast.Decl;
import org.scansim.frontend.diag.Span;

/** What a name refers to after resolution. Identity matters: one object per declaration. */
public sealed interface Symbol {
  String name();

  Span declSpan();

  /** Where a variable lives, which decides its IR storage and who may use it. */
  enum VarKind {
    LOCAL,
    PARAM,
    SHARED,
    DYNAMIC_SHARED,
    DEVICE_GLOBAL,
    CONSTANT,
    HOST_GLOBAL,
    /** threadIdx, blockIdx, blockDim, gridDim, warpSize. */
    BUILTIN,
    /** cudaMemcpyHostToDevice, cudaSuccess, ...: a named integer constant. */
    BUILTIN_CONSTANT
  }

  /**
   * A variable. {@code constValue} is set for a {@code const} integer initialised with a constant
   * (usable in array sizes and case labels, as C++ allows). {@code addressTaken} is set by the
   * checker when {@code &v} appears, which forces a scalar into memory.
   */
  final class Variable implements Symbol {
    private final String name;
    private final Type type;
    private final VarKind kind;
    private final boolean isConst;
    private final boolean isVolatile;
    private final Span declSpan;
    private Long constValue;
    private boolean addressTaken;

    public Variable(
        String name, Type type, VarKind kind, boolean isConst, boolean isVolatile, Span declSpan, Long constValue) {
      this.name = name;
      this.type = type;
      this.kind = kind;
      this.isConst = isConst;
      this.isVolatile = isVolatile;
      this.declSpan = declSpan;
      this.constValue = constValue;
    }

    @Override
    public String name() {
      return name;
    }

    public Type type() {
      return type;
    }

    public VarKind kind() {
      return kind;
    }

    public boolean isConst() {
      return isConst;
    }

    public boolean isVolatile() {
      return isVolatile;
    }

    @Override
    public Span declSpan() {
      return declSpan;
    }

    public Long constValue() {
      return constValue;
    }

    /** Set once the initialiser is checked (the variable is already in scope while it is). */
    void setConstValue(Long v) {
      constValue = v;
    }

    public boolean addressTaken() {
      return addressTaken;
    }

    void markAddressTaken() {
      addressTaken = true;
    }

    private boolean reference;
    private Long initialValue;

    /** A non-const host variable of file scope initialised with an integer constant: that value; else null. */
    public Long initialValue() {
      return initialValue;
    }

    void setInitialValue(Long v) {
      initialValue = v;
    }

    /** Whether this names another object ({@code T &x}: a non-const reference parameter or local), held by its address. */
    public boolean isReference() {
      return reference;
    }

    void markReference() {
      reference = true;
    }

    /** Memory shared by the threads of a block (static or dynamic). */
    public boolean isShared() {
      return kind == VarKind.SHARED || kind == VarKind.DYNAMIC_SHARED;
    }

    @Override
    public String toString() {
      return name;
    }
  }

  /** A user function; {@code definition} is null until a body has been seen. */
  final class Function implements Symbol {
    private String name;
    private final Space space;
    private Type returnType;
    private final List<Type> paramTypes;
    private final Decl.Function firstDecl;
    private Decl.Function definition;
    /** The default argument of each parameter (null where none), once a declaration gave them. */
    private List<org.scansim.frontend.ast.Expr> defaults;

    public Function(String name, Space space, Type returnType, List<Type> paramTypes, Decl.Function firstDecl) {
      this.name = name;
      this.space = space;
      this.returnType = returnType;
      this.paramTypes = List.copyOf(paramTypes);
      this.firstDecl = firstDecl;
    }

    @Override
    public String name() {
      return name;
    }

    public Space space() {
      return space;
    }

    /** The result's type; for a function returning a reference ({@code T &}), the object's address ({@code T *}). */
    public Type returnType() {
      return returnType;
    }

    /** A lambda's call operator declared 'auto': the type its body's returns gave, once they are checked. */
    void deduceReturnType(Type t) {
      returnType = t;
    }

    /** Whether the function returns a reference ({@code T &at(int)}): its calls designate the object its result points to. */
    public boolean returnsReference() {
      return org.scansim.frontend.ast.PointerLevel.endsInReference(firstDecl.returnPointers());
    }

    public List<Type> paramTypes() {
      return paramTypes;
    }

    /**
     * Whether parameter {@code i} is a non-const lvalue reference ({@code T &x}), bound to the
     * caller's object and passed by its address; a const one ({@code const T &x}) is taken as
     * a copy, which it cannot be told apart from unless the object changes during the call.
     */
    public boolean byReference(int i) {
      List<org.scansim.frontend.ast.Param> ps = firstDecl.params();
      if (i >= ps.size() || !ps.get(i).reference()) {
        return false;
      }
      org.scansim.frontend.ast.Param p = ps.get(i);
      return !TypeResolver.outerConst(p.spec(), p.pointers()) || constReference(i);
    }

    /**
     * Whether parameter {@code i} is a const reference to a class with virtual functions
     * ({@code const Shape &s}): bound by the object's address as a non-const one is, since a copy
     * would be of the base alone and lose the object's class (C++ [class.virtual]).
     */
    public boolean constReference(int i) {
      List<org.scansim.frontend.ast.Param> ps = firstDecl.params();
      if (i >= ps.size() || ps.get(i) == null || !ps.get(i).reference()) {
        return false;
      }
      org.scansim.frontend.ast.Param p = ps.get(i);
      return p.pointers().isEmpty() && p.spec().struct() != null && p.spec().struct().isPolymorphic()
          && TypeResolver.outerConst(p.spec(), p.pointers());
    }

    public Decl.Function firstDecl() {
      return firstDecl;
    }

    public Decl.Function definition() {
      return definition;
    }

    void define(Decl.Function d) {
      definition = d;
    }

    /** The name as the source writes it: an overload's without its signature. */
    public String sourceName() {
      int paren = name.indexOf('(');
      return paren < 0 ? name : name.substring(0, paren);
    }

    /**
     * Gives an overloaded function its signature in its name, {@code add(float, float)}, so that
     * each overload is an IR function of its own.
     */
    void nameBySignature() {
      if (!bySignature) { // operator() ends in ')' before it is named so: a flag, not its spelling
        bySignature = true;
        name = name + "(" + String.join(", ", paramTypes.stream().map(t -> t.spelling().strip()).toList()) + ")";
      }
    }

    private boolean bySignature;

    /** Each parameter's default argument, null where it has none; empty list: none at all. */
    public List<org.scansim.frontend.ast.Expr> defaults() {
      return defaults == null ? java.util.Collections.nCopies(paramTypes.size(), null) : defaults;
    }

    /** How many arguments a call must give: the parameters before the first default. */
    public int requiredArguments() {
      List<org.scansim.frontend.ast.Expr> d = defaults();
      int k = d.size();
      while (k > 0 && d.get(k - 1) != null) {
        k--;
      }
      return k;
    }

    boolean hasDefaults() {
      return defaults != null;
    }

    void setDefaults(List<org.scansim.frontend.ast.Expr> d) {
      defaults = java.util.Collections.unmodifiableList(new java.util.ArrayList<>(d));
    }

    @Override
    public Span declSpan() {
      return firstDecl.nameSpan();
    }

    @Override
    public String toString() {
      return name;
    }
  }
}
