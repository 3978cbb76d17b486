package org.scansim.frontend.sema;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.scansim.frontend.ast.Decl;
import org.scansim.frontend.ast.Expr;
import org.scansim.frontend.ast.Param;
import org.scansim.frontend.ast.VarDecl;

/**
 * What the type checker learned about a translation unit, keyed by node identity: the type of
 * every expression, the symbol of every name and declaration, the callee of every call, the
 * computation type of arithmetic operators, and integer constants. The lowering reads only this
 * and the AST.
 */
public final class Sema {
  final Map<Expr, Type> types = new IdentityHashMap<>();
  final Map<Expr, Type> operationTypes = new IdentityHashMap<>();
  final Map<Expr, Long> constants = new IdentityHashMap<>();
  final Map<Expr, Double> floatConstants = new IdentityHashMap<>();
  final Map<VarDecl, List<InitValue>> initializers = new IdentityHashMap<>();
  final Map<Expr.Name, Symbol> names = new IdentityHashMap<>();
  final Map<Expr, Object> callees = new IdentityHashMap<>();
  final Map<VarDecl, Symbol.Variable> variables = new IdentityHashMap<>();
  final Map<Param, Symbol.Variable> params = new IdentityHashMap<>();
  final Map<Decl.Function, Symbol.Function> functions = new IdentityHashMap<>();
  final List<Symbol.Variable> globals = new ArrayList<>();
  /** Objects of classes: each one's constructor call ({@code Class::Class(&x, args)}) and destructor call, by declaration. */
  final Map<org.scansim.frontend.ast.VarDecl, Expr.Call> constructors = new IdentityHashMap<>();
  final Map<org.scansim.frontend.ast.VarDecl, Expr.Call> destructors = new IdentityHashMap<>();

  /** Calls of functions returning a reference ({@code v[i]}, {@code at(i)}): each designates the object its result points to. */
  final java.util.Set<Expr> referenceCalls = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
  /** {@code return x;} of a function returning a reference: the address it returns, {@code &x}. */
  final Map<org.scansim.frontend.ast.Stmt.Return, Expr> referenceReturns = new IdentityHashMap<>();

  /** Whether {@code e} calls a function returning a reference: its value is the address of the object it designates. */
  public boolean isReferenceCall(Expr e) {
    return referenceCalls.contains(e);
  }

  /** The address {@code return x;} of a function returning a reference gives ({@code &x}), or null. */
  public Expr referenceReturnOf(org.scansim.frontend.ast.Stmt.Return s) {
    return referenceReturns.get(s);
  }

  /** Objects of classes copied by their copy constructor: an argument passed by value, a returned field or parameter. */
  final Map<Expr, Symbol.Function> copies = new IdentityHashMap<>();
  /** Parameters of classes with a destructor passed by value: each one's destructor call, run when the function returns. */
  final Map<org.scansim.frontend.ast.Param, Expr.Call> paramDestructors = new IdentityHashMap<>();

  /** The copy constructor that makes the copy of the object {@code e} names (passed by value, returned), or null: a byte copy. */
  public Symbol.Function copyOf(Expr e) {
    return copies.get(e);
  }

  /** The destructor call that ends the by-value parameter {@code p} when its function returns, or null. */
  public Expr.Call paramDestructorOf(org.scansim.frontend.ast.Param p) {
    return paramDestructors.get(p);
  }

  /** cudaMemcpyToSymbol's and cudaMemcpyFromSymbol's variables, by call. */
  final Map<Expr, String> symbols = new IdentityHashMap<>();

  /** The {@code __device__} or {@code __constant__} variable a symbol copy names, or null. */
  public String symbolOf(Expr e) {
    return symbols.get(e);
  }

  /** {@code delete p} of an object whose class has a destructor: the destructor's name. */
  final Map<Expr, String> deletes = new IdentityHashMap<>();

  /** The destructor {@code delete} runs before it frees the object, or null. */
  public String destructorOfDelete(Expr e) {
    return deletes.get(e);
  }

  /** The constructor call that makes the object {@code d} declares, or null (no constructor: a struct's initialisation). */
  public Expr.Call constructorOf(org.scansim.frontend.ast.VarDecl d) {
    return constructors.get(d);
  }

  /** The destructor call that ends the object {@code d} declares, at the end of its scope; or null. */
  public Expr.Call destructorOf(org.scansim.frontend.ast.VarDecl d) {
    return destructors.get(d);
  }

  /** Host functions' static locals (C++ [stmt.dcl]), each with its module variable's name ("fill::calls"). */
  final Map<org.scansim.frontend.ast.VarDecl, String> staticLocals = new IdentityHashMap<>();
  /** The static locals in the order they were declared (a template's instances have equal declarations). */
  final List<org.scansim.frontend.ast.VarDecl> staticLocalOrder = new ArrayList<>();
  final List<org.scansim.frontend.ast.Decl.Function> instances = new ArrayList<>();

  /** Values converted to a class of scansim's library by its converting constructor (a const char * where a std::string is wanted). */
  final Map<org.scansim.frontend.ast.Expr, org.scansim.frontend.ast.Expr.Call> conversions = new IdentityHashMap<>();

  /** The constructor call (its first argument a placeholder for the temporary) that converts {@code e} where it is used, or null. */
  public org.scansim.frontend.ast.Expr.Call conversionOf(org.scansim.frontend.ast.Expr e) {
    return conversions.get(e);
  }

  /** A std::string written to a stream: the call of its c_str() the lowering writes instead. */
  final Map<org.scansim.frontend.ast.Expr, org.scansim.frontend.ast.Expr.Call> streamTexts = new IdentityHashMap<>();

  /** The text a stream writes for {@code e} ({@code s.c_str()} of a std::string), or null when it writes e's value. */
  public org.scansim.frontend.ast.Expr.Call streamTextOf(org.scansim.frontend.ast.Expr e) {
    return streamTexts.get(e);
  }

  /** Each lambda expression's closure value: a call making the closure type's object from the captured variables (or addresses). */
  final Map<org.scansim.frontend.ast.Expr.Lambda, org.scansim.frontend.ast.Expr.Call> closures = new IdentityHashMap<>();

  /** The value a lambda expression stands for: its closure object, made field by field ({@link MakeVector}'s call). */
  public org.scansim.frontend.ast.Expr.Call closureOf(org.scansim.frontend.ast.Expr.Lambda e) {
    return closures.get(e);
  }

  /** The template instances the checker deduced from calls, in the order it declared them (lowered after the file's own). */
  public List<org.scansim.frontend.ast.Decl.Function> instances() {
    return java.util.Collections.unmodifiableList(instances);
  }

  /** The type of an expression before array-to-pointer decay. */
  public Type typeOf(Expr e) {
    Type t = types.get(e);
    return t == null ? Type.ERR : t;
  }

  /**
   * The type both operands of a binary arithmetic or comparison operator (or a compound
   * assignment, or {@code ++}) are converted to before the operation (C11 §6.3.1.8).
   */
  public Type operationType(Expr e) {
    return operationTypes.get(e);
  }

  /** The value of an integer constant expression, or null. */
  public Long constantOf(Expr e) {
    return constants.get(e);
  }

  /** The value of a floating constant expression (literals and arithmetic on them), or null. */
  public Double floatConstantOf(Expr e) {
    return floatConstants.get(e);
  }

  /**
   * The values of a brace-enclosed initialiser placed at their elements (C11 §6.7.9), or null
   * when the declaration has no braced initialiser.
   */
  public List<InitValue> initializerOf(VarDecl d) {
    return initializers.get(d);
  }

  public Symbol symbolOf(Expr.Name e) {
    return names.get(e);
  }

  /** A {@link Symbol.Function} or a {@link Builtin}. */
  public Object calleeOf(Expr e) {
    return callees.get(e);
  }

  public Symbol.Variable variableOf(VarDecl d) {
    return variables.get(d);
  }

  public Symbol.Variable variableOf(Param p) {
    return params.get(p);
  }

  public Symbol.Function functionOf(Decl.Function f) {
    return functions.get(f);
  }

  /** File-scope variables in declaration order. */
  /** Host functions' static locals and their module variables' names, in source order. */
  public List<Map.Entry<org.scansim.frontend.ast.VarDecl, String>> staticLocals() {
    return staticLocalOrder.stream().map(d -> Map.entry(d, staticLocals.get(d))).toList();
  }

  public List<Symbol.Variable> globals() {
    return Collections.unmodifiableList(globals);
  }
}
