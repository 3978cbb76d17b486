package org.scansim.frontend.parse;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.scansim.frontend.ast.Decl;
import org.scansim.frontend.ast.Expr;
import org.scansim.frontend.ast.Param;
import org.scansim.frontend.ast.Stmt;
import org.scansim.frontend.ast.StructDef;
import org.scansim.frontend.ast.TranslationUnit;
import org.scansim.frontend.ast.BaseType;
import org.scansim.frontend.diag.Span;

/**
 * The virtual functions' dispatchers (C++ [class.virtual] ¶2), written once the program's
 * translation units are joined and every class is known: for each class {@code X} and each of
 * its virtual functions {@code f}, a function {@code X::f@virtual} of {@code f}'s parameters
 * that reads the object's {@link StructDef#VPTR} and calls the final overrider of {@code f} in
 * the object's class, each class derived from {@code X} in turn (a chain of comparisons, as a
 * vtable's one load and indirect call would choose). A call {@code p->f()} on a {@code X *} is a
 * call of it (the type checker's choice); {@code X::f()} written out is not.
 *
 * <p>An object whose class is abstract there (its {@code f} pure, as in a base's constructor)
 * fails an assertion naming the function, as C++'s runtime stops on a pure virtual call.
 */
public final class VirtualDispatch {
  private VirtualDispatch() {}

  /** {@code unit} with a dispatcher for each virtual function of each class: its prototype after the class's, its body at the end. */
  public static TranslationUnit withDispatchers(TranslationUnit unit) {
    List<StructDef> classes = unit.structs().stream().filter(StructDef::isPolymorphic).toList();
    if (classes.isEmpty()) {
      return unit;
    }
    Map<String, Decl.Function> declared = new HashMap<>();
    for (Decl d : unit.decls()) {
      if (d instanceof Decl.Function f) {
        declared.putIfAbsent(f.name(), f);
      }
    }
    List<Decl> decls = new ArrayList<>(unit.decls());
    List<Decl.Function> bodies = new ArrayList<>();
    for (StructDef x : classes) {
      List<Decl.Function> prototypes = new ArrayList<>();
      for (String v : x.virtuals()) {
        Decl.Function signature = declared.get(implementation(declarer(x, v, declared), v));
        if (signature == null) {
          continue;
        }
        Decl.Function dispatcher = dispatcher(x, v, signature, unit.structs(), declared);
        prototypes.add(dispatcher.prototype());
        bodies.add(dispatcher.afterPrototype());
      }
      decls.addAll(afterPrototypes(decls, x), prototypes);
    }
    decls.addAll(bodies);
    return new TranslationUnit(unit.file(), decls, unit.templates(), unit.structs());
  }

  /** The function {@code v} names in class {@code c}: {@code C::v}, or its destructor. */
  private static String implementation(StructDef c, String v) {
    return v.equals(StructDef.VIRTUAL_DESTRUCTOR) ? c.destructorName() : c.name() + "::" + v;
  }

  /** The nearest class from {@code c} up whose function {@code v} is declared (for a destructor, {@code c} itself). */
  private static StructDef declarer(StructDef c, String v, Map<String, Decl.Function> declared) {
    for (StructDef d = c; d != null; d = d.base()) {
      if (declared.containsKey(implementation(d, v))) {
        return d;
      }
    }
    return c;
  }

  /** The class whose {@code v} an object of class {@code c} runs; null when it is pure there. */
  private static StructDef overrider(StructDef c, String v, Map<String, Decl.Function> declared) {
    if (v.equals(StructDef.VIRTUAL_DESTRUCTOR)) {
      StructDef d = declarer(c, v, declared);
      return declared.containsKey(implementation(d, v)) ? d : null;
    }
    return c.finalOverrider(v);
  }

  private static Decl.Function dispatcher(StructDef x, String v, Decl.Function signature, List<StructDef> all,
      Map<String, Decl.Function> declared) {
    Span at = x.nameSpan();
    boolean constThis = !signature.params().isEmpty() && signature.params().get(0).spec().isConst();
    List<Param> params = new ArrayList<>();
    params.add(Param.self(at, x, constThis));
    List<Expr> forwarded = new ArrayList<>();
    for (int i = 1; i < signature.params().size(); i++) {
      Param p = signature.params().get(i);
      String name = "__arg" + i;
      params.add(new Param(p.span(), p.spec(), p.pointers(), name, p.nameSpan(), p.dims(), p.defaultValue(), p.reference())); // its default arguments too
      forwarded.add(new Expr.Name(at, name));
    }
    boolean returns = !(signature.returnSpec().base() == BaseType.VOID && signature.returnPointers().isEmpty());
    List<Stmt> body = new ArrayList<>();
    for (StructDef d : all) {
      if (d == x || !d.derivesFrom(x)) {
        continue;
      }
      StructDef o = overrider(d, v, declared);
      if (o == null) {
        continue; // an abstract class: no object is of it
      }
      Expr test = new Expr.Binary(at, Expr.BinaryOp.EQ, Expr.Member.of("this", StructDef.VPTR, at, at),
          Inheritance.typeId(d, at));
      body.add(new Stmt.If(at, test, call(o, v, constThis, forwarded, returns, at), null));
    }
    StructDef own = overrider(x, v, declared);
    if (own != null) {
      body.add(call(own, v, constThis, forwarded, returns, at));
    } else {
      String what = v.equals(StructDef.VIRTUAL_DESTRUCTOR) ? x.destructorName() : x.name() + "::" + v;
      body.add(new Stmt.ExprStmt(at, new Expr.Call(at, "assert", at, List.of(new Expr.Unary(at, Expr.UnaryOp.NOT,
          new Expr.StringLit(at, "pure virtual function " + what + " called"))))));
    }
    String name = implementation(x, v) + StructDef.DISPATCHER;
    return new Decl.Function(signature.span(), signature.qualifiers(), signature.returnSpec(), signature.returnPointers(), name, at, params,
        new Stmt.Block(at, body));
  }

  /** {@code return O::v((O *) this, args...);} called directly, or the call and {@code return;} for a void one. */
  private static Stmt call(StructDef o, String v, boolean constThis, List<Expr> forwarded, boolean returns, Span at) {
    List<Expr> args = new ArrayList<>();
    args.add(Expr.Cast.toPointer(o, constThis, at, new Expr.Name(at, "this")));
    args.addAll(forwarded);
    Expr call = new Expr.Call(at, Expr.Call.DIRECT + implementation(o, v), at, args);
    return returns ? new Stmt.Return(at, call)
        : new Stmt.Block(at, List.of(new Stmt.ExprStmt(at, call), new Stmt.Return(at, null)));
  }

  /** Where a class's dispatchers' prototypes go: after its members' prototypes, before their bodies, so that they may call them. */
  private static int afterPrototypes(List<Decl> decls, StructDef x) {
    String prefix = x.name() + "::";
    int last = -1;
    for (int i = 0; i < decls.size(); i++) {
      if (decls.get(i) instanceof Decl.Function f && f.name().startsWith(prefix) && f.body() == null) {
        last = i;
      } else if (last >= 0) {
        break;
      }
    }
    return last < 0 ? decls.size() : last + 1;
  }
}
