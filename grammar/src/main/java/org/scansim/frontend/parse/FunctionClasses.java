package org.scansim.frontend.parse;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.antlr.v4.runtime.Token;
import org.scansim.frontend.ast.BaseType;
import org.scansim.frontend.ast.Decl;
import org.scansim.frontend.ast.Expr;
import org.scansim.frontend.ast.FunctionQualifier;
import org.scansim.frontend.ast.Initializer;
import org.scansim.frontend.ast.Param;
import org.scansim.frontend.ast.PointerLevel;
import org.scansim.frontend.ast.Signature;
import org.scansim.frontend.ast.Stmt;
import org.scansim.frontend.ast.StructDef;
import org.scansim.frontend.ast.TypeName;
import org.scansim.frontend.ast.TypeSpec;
import org.scansim.frontend.ast.VarDecl;
import org.scansim.frontend.diag.Span;

/**
 * {@code std::function<R(A...)>} (C++ [func.wrap.func]) as scansim has it, one class per
 * signature: the callable's object on the host heap ({@code __object}, null for a function) and
 * a function that calls it ({@code __call}, taking the object first), with an {@code operator()}
 * that calls through them. The type checker converts a lambda, a function object or a function's
 * name to it ({@code sema.Closures}); copies share the callable's object. Host code only, as
 * {@code std::function} is; a signature with reference or class parameters or a class result is
 * refused by name (scansim's function pointers do not take them), as is calling an empty one (a
 * call through a pointer that holds no function, where C++ throws {@code bad_function_call}).
 */
final class FunctionClasses {
  private FunctionClasses() {}

  static final String NAME = "std::function";

  /** The class for the signature written in {@code args} ({@code <void()>}), made once; null after an error (reported). */
  static StructDef of(CudaParser.ExplicitTemplateArgumentsContext args, Token at, BuildContext b) {
    if (args == null || args.explicitTemplateArgument().size() != 1
        || !(args.explicitTemplateArgument(0) instanceof CudaParser.SignatureExplicitArgumentContext sig)) {
      b.check(at, "std::function takes one function type: std::function<float(float, float)>");
      return null;
    }
    TypeName result = b.decls.typeName(sig.typeName());
    if (result == null) {
      return null;
    }
    List<Param> params = new ArrayList<>();
    if (sig.parameterList() != null) {
      for (Param p : b.decls.parameters(sig.parameterList())) {
        if (p == null) {
          return null;
        }
        if (!(p.spec().base() == BaseType.VOID && p.pointers().isEmpty())) {
          params.add(p);
        }
      }
    }
    Span span = b.span(sig);
    boolean classResult = result.spec().struct() != null && result.pointers().isEmpty();
    if (classResult || params.stream().anyMatch(p -> p.reference() || p.spec().struct() != null && p.pointers().isEmpty() && p.dims().isEmpty())) {
      b.error(sig.getStart(), "a std::function whose signature has a reference or class parameter, or a class result, is not supported");
      return null;
    }
    String spelling = spelling(result) + " (" + String.join(", ", params.stream().map(p -> spelling(new TypeName(p.span(), p.spec(),
        p.dims().isEmpty() ? p.pointers() : plusOne(p.pointers())))).toList()) + ")";
    StructDef made = b.functionClasses.get(spelling);
    if (made != null) {
      return made;
    }
    StructDef def = new StructDef(NAME + "<" + spelling + ">", span);
    def.markClass();
    b.functionClasses.put(spelling, def);
    List<PointerLevel> one = List.of(new PointerLevel(false, false, false));
    TypeSpec voidSpec = new TypeSpec(span, BaseType.VOID, false, false);
    List<Param> callParams = new ArrayList<>();
    callParams.add(new Param(span, voidSpec, one, "__object", span, List.of(), null, false));
    for (int i = 0; i < params.size(); i++) {
      Param p = params.get(i);
      callParams.add(new Param(p.span(), p.spec(), p.dims().isEmpty() ? p.pointers() : plusOne(p.pointers()), "__a" + i, p.span(), List.of(),
          null, false));
    }
    TypeSpec callType = TypeSpec.function(span, new Signature(span, result.spec(), result.pointers(), callParams));
    def.define(span, List.of(new StructDef.Field(span, voidSpec, one, "__object", span, List.of()),
        new StructDef.Field(span, callType, one, "__call", span, List.of())));
    b.structs.add(def);
    // R operator()(A... a) const { R (*__f)(void *, A...) = this->__call; return __f(this->__object, a...); }
    List<Param> opParams = new ArrayList<>();
    opParams.add(Param.self(span, def, true));
    List<Expr> passed = new ArrayList<>();
    passed.add(ClassBuilder.field("__object", span));
    for (int i = 1; i < callParams.size(); i++) {
      Param p = callParams.get(i);
      opParams.add(p);
      passed.add(new Expr.Name(span, p.name()));
    }
    List<Stmt> body = new ArrayList<>();
    body.add(new Stmt.DeclStmt(span, List.of(new VarDecl(span, Set.of(), callType, one, "__f", span, List.of(),
        new Initializer.Single(span, ClassBuilder.field("__call", span)), false))));
    Expr call = new Expr.Call(span, "__f", span, passed);
    boolean isVoid = result.spec().base() == BaseType.VOID && result.pointers().isEmpty();
    body.add(isVoid ? new Stmt.ExprStmt(span, call) : new Stmt.Return(span, call));
    String name = def.name() + "::operator()";
    Set<FunctionQualifier> host = Set.of(FunctionQualifier.HOST);
    b.pendingInstances.add(new Decl.Function(span, host, result.spec(), result.pointers(), name, span, opParams, null));
    b.pendingInstances.add(new Decl.Function(span, host, result.spec(), result.pointers(), name, span, opParams, new Stmt.Block(span, body)));
    return def;
  }

  private static List<PointerLevel> plusOne(List<PointerLevel> pointers) {
    List<PointerLevel> out = new ArrayList<>(pointers);
    out.add(new PointerLevel(false, false, false));
    return out;
  }

  /** A type as the class's name spells it: {@code float}, {@code const int *}. */
  private static String spelling(TypeName t) {
    return (t.spec().isConst() ? "const " : "") + t.spec().spelling() + (t.pointers().isEmpty() ? "" : " " + "*".repeat(t.pointers().size()));
  }
}
