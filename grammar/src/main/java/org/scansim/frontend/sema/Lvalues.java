package org.scansim.frontend.sema;

import org.scansim.frontend.ast.Expr;

/** Which expressions designate objects (C11 §6.3.2.1), and with which qualifiers. */
final class Lvalues {
  private Lvalues() {}

  record Qualifiers(boolean isConst, boolean isVolatile) {}

  static boolean isLvalue(Expr e, Sema sema) {
    if (sema.isReferenceCall(e)) {
      return true; // a call of T &f(): the object its result points to
    }
    if (e instanceof Expr.Name n) {
      return sema.symbolOf(n) instanceof Symbol.Variable v && v.kind() != Symbol.VarKind.BUILTIN_CONSTANT;
    }
    if (e instanceof Expr.Index || e instanceof Expr.Unary u && u.op() == Expr.UnaryOp.DEREF) {
      return true;
    }
    if (e instanceof Expr.Member m) {
      return isLvalue(m.object(), sema);
    }
    return false;
  }

  static Qualifiers qualifiers(Expr e, Sema sema) {
    if (sema.isReferenceCall(e)) {
      Object callee = sema.calleeOf(e) instanceof MethodCall m ? sema.calleeOf(m.call()) : sema.calleeOf(e);
      return callee instanceof Symbol.Function f && f.returnType() instanceof Type.Pointer p
          ? new Qualifiers(p.constPointee(), p.volatilePointee()) : new Qualifiers(false, false);
    }
    if (e instanceof Expr.Name n && sema.symbolOf(n) instanceof Symbol.Variable v) {
      boolean builtin = v.kind() == Symbol.VarKind.BUILTIN;
      if (v.type() instanceof Type.Array a) {
        return new Qualifiers(a.constElements(), a.volatileElements());
      }
      return new Qualifiers(v.isConst() || builtin, v.isVolatile());
    }
    if (e instanceof Expr.Index ix) {
      Type.Pointer p = Conversions.decayToPointer(sema.typeOf(ix.base()));
      return p == null ? new Qualifiers(false, false) : new Qualifiers(p.constPointee(), p.volatilePointee());
    }
    if (e instanceof Expr.Unary u && u.op() == Expr.UnaryOp.DEREF) {
      Type.Pointer p = Conversions.decayToPointer(sema.typeOf(u.operand()));
      return p == null ? new Qualifiers(false, false) : new Qualifiers(p.constPointee(), p.volatilePointee());
    }
    if (e instanceof Expr.Member m) {
      Qualifiers outer = qualifiers(m.object(), sema);
      Type.Struct.Field f = sema.typeOf(m.object()) instanceof Type.Struct s ? s.field(m.member()) : null;
      if (f != null && sema.typeOf(m) instanceof Type.Array a) {
        return new Qualifiers(a.constElements(), a.volatileElements());
      }
      return f == null ? outer : new Qualifiers(outer.isConst() || f.isConst(), outer.isVolatile() || f.isVolatile());
    }
    return new Qualifiers(false, false);
  }

  /** The variable an lvalue designates or indexes into ({@code a} of {@code a[i][j]}), or null. */
  static Symbol.Variable rootVariable(Expr e, Sema sema) {
    while (true) {
      if (e instanceof Expr.Name n) {
        return sema.symbolOf(n) instanceof Symbol.Variable v ? v : null;
      }
      if (e instanceof Expr.Index ix && sema.typeOf(ix.base()) instanceof Type.Array) {
        e = ix.base();
      } else if (e instanceof Expr.Member m) {
        e = m.object();
      } else {
        return null;
      }
    }
  }

  /** "variable 'x'" or "'a[i]'"-like wording for messages. */
  static String describe(Expr e, Sema sema) {
    if (e instanceof Expr.Name n) {
      return "variable '" + n.id() + "'";
    }
    if (e instanceof Expr.Member m && m.object() instanceof Expr.Name n) {
      return "'" + n.id() + "." + m.member() + "'";
    }
    return "an lvalue";
  }
}
