package org.scansim.frontend.parse;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.antlr.v4.runtime.Token;
import org.scansim.frontend.ast.BaseType;
import org.scansim.frontend.ast.Expr;
import org.scansim.frontend.ast.Stmt;
import org.scansim.frontend.ast.StructDef;
import org.scansim.frontend.ast.TypeSpec;
import org.scansim.frontend.diag.Span;
import org.scansim.frontend.parse.CudaParser.MemberDeclarationContext;

/**
 * Single inheritance and virtual functions (C++ [class.derived], [class.virtual]), as a class's
 * layout and its constructors see them. A derived class's first fields are its base's, at the
 * base's offsets, so that a {@code Derived *} is a {@code Base *} of the same address; its own
 * follow. The base is made first in every constructor (by the constructor a {@code Base(args)}
 * member initializer chooses, else its default one) and ended last by the destructor.
 *
 * <p>A class with virtual functions holds one hidden field first, {@link StructDef#VPTR}, where
 * C++ keeps its vtable pointer (so its size is nvcc's): the {@link StructDef#typeId} of the class
 * whose constructor ran last on it, set after its base is made, as C++ sets the vtable pointer
 * ([class.cdtor] ¶4). A virtual call goes through a dispatcher the front end writes once the whole
 * program is known ({@link VirtualDispatch}).
 *
 * <p>Refused by name: several base classes, virtual base classes, a class template as a base (or
 * a class template with one), a base of the standard library, adding virtual functions to a base
 * with fields and none, overloaded virtual functions.
 */
final class Inheritance {
  private Inheritance() {}

  /** The key of a constructor's {@code Base(args)} among its member initializers. */
  static final String BASE_INITIALIZER = "(base)";

  /** The base class {@code : public Base} names; null after an error (reported). */
  static StructDef base(CudaParser.BaseClauseContext c, BuildContext b) {
    List<Token> tokens = new ArrayList<>();
    StructBuilder.tokens(c, tokens);
    List<Token> name = new ArrayList<>();
    for (Token t : tokens.subList(1, tokens.size())) {
      if (t.getType() == CudaLexer.VIRTUAL) {
        b.error(t, "virtual base classes are not supported (a class has one base, not shared)");
        return null;
      }
      if (t.getType() == CudaLexer.COMMA) {
        b.error(t, "multiple inheritance is not supported: a class has one base class here");
        return null;
      }
      if (name.isEmpty() && Set.of("public", "protected", "private").contains(t.getText())) {
        continue; // access is not checked, as for members
      }
      name.add(t);
    }
    if (name.size() != 1 || !(name.get(0).getType() == CudaLexer.TYPE_NAME || name.get(0).getType() == CudaLexer.IDENTIFIER)) {
      Token at = name.isEmpty() ? tokens.get(0) : name.get(0);
      b.error(at, name.stream().anyMatch(t -> t.getText().equals("<")) ? "a class template instance as a base class is not supported"
          : "expected a base class's name after ':'");
      return null;
    }
    Token t = name.get(0);
    String key = b.namespaces.resolveType(t.getText(), b.aliases::containsKey);
    BuildContext.Alias a = b.aliases.get(key);
    if (!b.aliases.containsKey(key)) {
      b.check(t, "unknown base class '" + t.getText() + "'");
      return null;
    }
    if (a == null) {
      return null; // its own definition was refused and reported
    }
    StructDef def = a.spec().struct();
    if (def == null || !a.pointers().isEmpty() || def.isVector()) {
      b.check(t, "'" + t.getText() + "' is not a class: a base class must be one");
      return null;
    }
    if (!def.isComplete()) {
      b.check(t, "base class '" + t.getText() + "' is incomplete: define it before deriving from it");
      return null;
    }
    if (def.name().startsWith("std::")) {
      b.error(t, "deriving from the C++ standard library's '" + def.name() + "' is not supported");
      return null;
    }
    return def;
  }

  /**
   * What a class takes from its base before its own members are read: the base's fields first,
   * its member functions in reach, its virtual functions; then the class's own virtual functions,
   * and the hidden {@link StructDef#VPTR} field when it is the first of its line to have any.
   * False when something is refused (reported).
   */
  static boolean inherit(StructDef base, CudaParser.MemberSpecificationContext members, ClassBuilder.ClassInfo info,
      List<StructDef.Field> fields, BuildContext b) {
    StructDef def = info.def;
    if (base != null) {
      ClassBuilder.ClassInfo bi = b.classes.get(base.name());
      info.baseInfo = bi;
      fields.addAll(base.fields());
      base.fields().forEach(f -> info.fields.add(f.name()));
      if (bi != null) {
        info.methods.putAll(bi.methods);
      }
      def.virtuals().addAll(base.virtuals());
      def.setBase(base);
    }
    List<String> added = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    for (MemberDeclarationContext m : members.memberDeclaration()) {
      String name = null;
      Token virtualWord = null;
      if (m instanceof CudaParser.MethodMemberContext f && f.declarator() instanceof CudaParser.FunctionDeclaratorContext d) {
        name = ClassBuilder.methodName(d);
        virtualWord = f.declarationSpecifiers().declarationSpecifier().stream()
            .filter(s -> s instanceof CudaParser.UnsupportedSpecifierContext u && u.kw != null)
            .map(s -> ((CudaParser.UnsupportedSpecifierContext) s).kw).findFirst().orElse(null);
      } else if (m instanceof CudaParser.DestructorMemberContext d) {
        name = StructDef.VIRTUAL_DESTRUCTOR;
        virtualWord = d.VIRTUAL().isEmpty() ? null : d.VIRTUAL(0).getSymbol();
      }
      if (name == null || virtualWord == null && !def.virtuals().contains(name)) {
        continue;
      }
      if (!seen.add(name)) {
        b.error(m.getStart(), "overloaded virtual functions are not supported: give the virtual '" + name + "' one signature");
        return false;
      }
      if (!def.virtuals().contains(name)) {
        added.add(name);
      }
    }
    if (!added.isEmpty() && base != null && !base.isPolymorphic() && !base.fields().isEmpty()) {
      b.error(members.getStart() != null ? members.getStart() : null, "'" + info.shortName + "' adds virtual functions to its base class '"
          + base.name() + "', which has fields and none: declare them virtual in the base");
      return false;
    }
    boolean first = !added.isEmpty() && (base == null || !base.isPolymorphic());
    def.virtuals().addAll(added);
    if (first) {
      Span at = def.nameSpan();
      fields.add(new StructDef.Field(at, new TypeSpec(at, BaseType.ULLONG, false, false), List.of(), StructDef.VPTR, at, List.of()));
      info.fields.add(StructDef.VPTR);
    }
    return true;
  }

  /**
   * A member function named as a virtual function of the base must repeat its parameters and
   * constness, and so override it: one of other parameters would hide it (C++ [class.virtual] ¶2),
   * which is refused by name. Records the signature of a virtual function the class declares.
   */
  static void checkOverride(ClassBuilder.ClassInfo info, MemberDeclarationContext m, org.scansim.frontend.ast.Decl.Function f,
      BuildContext b) {
    StructDef def = info.def;
    StructDef base = def.base();
    String name = f.name().substring(def.name().length() + 2);
    if (!(m instanceof CudaParser.MethodMemberContext method) || !def.virtuals().contains(name)) {
      return;
    }
    String signature = StructDef.signature(f.params());
    String inherited = base == null ? null : base.virtualSignatures().get(name);
    if (inherited != null && !inherited.equals(signature)) {
      b.error(method.declarator(), "'" + name + "' has the name of a virtual function of '" + base.simpleName() + "' but other parameters"
          + " or constness, so it would hide it rather than override it: not supported; repeat its parameters and const, or rename it");
      return;
    }
    def.virtualSignatures().put(name, signature);
  }

  /** {@code this->__vptr = typeId}: the object is now of {@code def}'s class. */
  static Stmt setVptr(StructDef def, Span at) {
    return new Stmt.ExprStmt(at, new Expr.Assign(at, null, Expr.Member.of("this", StructDef.VPTR, at, at), typeId(def, at)));
  }

  /** {@code def}'s {@link StructDef#typeId} as an {@code unsigned long long} literal, what its objects' {@link StructDef#VPTR} holds. */
  static Expr typeId(StructDef def, Span at) {
    return new Expr.IntLit(at, def.typeId(), true, true, 2, false, def.typeId() + "ULL");
  }

  /** {@code (Base *) this}: the base part of the object, at its address. */
  static Expr baseThis(StructDef base, Span at) {
    return Expr.Cast.toPointer(base, false, at, new Expr.Name(at, "this"));
  }

  /** {@code *(const Base *) &__other}: the base part of the object a copy is made from. */
  private static Expr otherBase(StructDef base, Span at) {
    return new Expr.Unary(at, Expr.UnaryOp.DEREF, Expr.Cast.toPointer(base, true, at,
        new Expr.Unary(at, Expr.UnaryOp.ADDR, new Expr.Name(at, "__other"))));
  }

  /** The base made by its constructor: the one {@code Base(args)} chooses, else its default one; nothing for a base without one. */
  static List<Stmt> constructBase(ClassBuilder.ClassInfo info, CudaParser.MemberInitializerContext mi, Span at, BuildContext b) {
    if (mi == null && (info.baseInfo == null || !info.baseInfo.constructors)) {
      return List.of();
    }
    if (mi != null && mi.argumentExpressionList() == null && (info.baseInfo == null || !info.baseInfo.constructors)) {
      // Base() or Base{} of a base without a constructor: value-initialised, every field zero (C++ [dcl.init] ¶8).
      List<Stmt> out = new ArrayList<>();
      Span where = b.span(mi);
      for (StructDef.Field f : info.def.fields().subList(0, info.def.inheritedFields())) {
        Expr field = Expr.Member.of("this", f.name(), where, where);
        boolean scalar = f.dims().isEmpty() && (f.spec().struct() == null || !f.pointers().isEmpty());
        out.add(new Stmt.ExprStmt(where, scalar ? new Expr.Assign(where, null, field, new Expr.IntLit(where, 0, true, false, 0, false, "0"))
            : new Expr.Call(where, "memset", where, List.of(new Expr.Unary(where, Expr.UnaryOp.ADDR, field),
                new Expr.IntLit(where, 0, true, false, 0, false, "0"), new Expr.SizeofExpr(where, field)))));
      }
      return out;
    }
    List<Expr> given = mi == null || mi.argumentExpressionList() == null ? List.of() : b.exprs.arguments(mi.argumentExpressionList());
    if (mi != null && (info.baseInfo == null || !info.baseInfo.constructors) && given.size() == 1) {
      // Base(other) of a base without a constructor: its implicit copy, the base part assigned from other (C++ [class.copy.ctor]).
      Span where = b.span(mi);
      Expr self = new Expr.Unary(where, Expr.UnaryOp.DEREF, baseThis(info.def.base(), where));
      return List.of(new Stmt.ExprStmt(where, new Expr.Assign(where, null, self, given.get(0))));
    }
    List<Expr> args = new ArrayList<>();
    args.add(baseThis(info.def.base(), at));
    args.addAll(given);
    Span where = mi == null ? at : b.span(mi);
    return List.of(new Stmt.ExprStmt(where, new Expr.Call(where, Expr.Call.CONSTRUCT, where, args)));
  }

  /** The implicit copy constructor's base: made by the base's copy constructor, else copied field by field. */
  static List<Stmt> copyBase(ClassBuilder.ClassInfo info, Span at) {
    StructDef base = info.def.base();
    if (info.baseInfo != null && (info.baseInfo.copyConstructor || info.baseInfo.implicitCopy)) {
      return List.of(new Stmt.ExprStmt(at, new Expr.Call(at, Expr.Call.CONSTRUCT, at, List.of(baseThis(base, at), otherBase(base, at)))));
    }
    return inheritedFieldByField(info, at);
  }

  /** The implicit assignment's base: by the base's {@code operator=}, else field by field (never the object's class). */
  static List<Stmt> assignBase(ClassBuilder.ClassInfo info, Span at) {
    StructDef base = info.def.base();
    if (info.baseInfo != null && info.baseInfo.methods.containsKey("operator=")) {
      Expr self = new Expr.Unary(at, Expr.UnaryOp.DEREF, baseThis(base, at));
      return List.of(new Stmt.ExprStmt(at, new Expr.Call(at, ".operator=", at, List.of(self, otherBase(base, at)))));
    }
    return inheritedFieldByField(info, at);
  }

  private static List<Stmt> inheritedFieldByField(ClassBuilder.ClassInfo info, Span at) {
    List<Stmt> out = new ArrayList<>();
    for (StructDef.Field f : info.def.fields().subList(0, info.def.inheritedFields())) {
      if (!f.name().equals(StructDef.VPTR)) {
        out.add(ClassBuilder.assignField(f, new Expr.Member(at, new Expr.Name(at, "__other"), f.name(), at, false), at));
      }
    }
    return out;
  }
}
