package org.scansim.frontend.sema;

import java.util.ArrayList;
import java.util.List;
import org.scansim.frontend.ast.Expr;
import org.scansim.frontend.diag.Diagnostic;
import org.scansim.frontend.diag.Span;

/**
 * Overload resolution (C++ [over.match]) for the types the subset has: of the overloads a call's
 * arguments can initialise the parameters of (counting default arguments), the one whose every
 * conversion is at least as good as every other's and one of them better. A conversion is an
 * exact match (the same type, or a pointer gaining {@code const}), a promotion (a small integer
 * to {@code int}, {@code float} to {@code double}) or any other conversion, in that order
 * ([over.ics.rank]). No viable overload, or no best one, is an error listing the candidates.
 */
final class Overloads {
  private Overloads() {}

  static Symbol.Function resolve(ExprChecker exprs, Context cx, Span at, String name, List<Symbol.Function> candidates, List<Expr> args) {
    List<Type> types = new ArrayList<>();
    for (Expr a : args) {
      types.add(exprs.checkAhead(a));
    }
    if (types.stream().anyMatch(t -> t instanceof Type.Err)) {
      exprs.forgetAhead();
      return null;
    }
    List<Symbol.Function> viable = new ArrayList<>();
    List<int[]> ranks = new ArrayList<>();
    for (Symbol.Function f : candidates) {
      List<Type> params = f.paramTypes();
      if (args.size() > params.size() || args.size() < f.requiredArguments()) {
        continue;
      }
      int[] r = new int[args.size()];
      boolean ok = true;
      for (int i = 0; i < args.size() && ok; i++) {
        // A reference to a base binds a derived object (C++ [over.ics.ref] ¶1: a derived-to-base conversion).
        ok = Conversions.assignable(params.get(i), types.get(i), cx.sema.constantOf(args.get(i)))
            || f.byReference(i) && Conversions.derivedToBase(params.get(i), types.get(i));
        r[i] = rank(params.get(i), types.get(i));
      }
      if (ok) {
        viable.add(f);
        ranks.add(r);
      }
    }
    String call = name + "(" + String.join(", ", types.stream().map(t -> t.spelling().strip()).toList()) + ")";
    Symbol.Function best = null;
    for (int i = 0; i < viable.size(); i++) {
      boolean beatsAll = true;
      for (int j = 0; j < viable.size() && beatsAll; j++) {
        beatsAll = i == j || better(ranks.get(i), ranks.get(j));
      }
      if (beatsAll) {
        best = viable.get(i);
      }
    }
    if (best != null) {
      return best;
    }
    exprs.forgetAhead();
    Diagnostic d = Diagnostic.error(at, (viable.isEmpty() ? "no matching function for call to '" : "call to '") + call + "'"
        + (viable.isEmpty() ? "" : " is ambiguous"));
    for (Symbol.Function f : viable.isEmpty() ? candidates : viable) {
      d = d.withNote(f.declSpan(), "candidate: " + f.name());
    }
    cx.diags.report(d);
    return null;
  }

  /** Whether conversions {@code a} are all at least as good as {@code b}'s and one better. */
  private static boolean better(int[] a, int[] b) {
    boolean strictly = false;
    for (int k = 0; k < a.length; k++) {
      if (a[k] > b[k]) {
        return false;
      }
      strictly |= a[k] < b[k];
    }
    return strictly;
  }

  /**
   * 0: identity, 1: a pointer gaining qualifiers (an exact match, but worse than the identity:
   * [over.ics.rank] ¶3.2.6), 2: promotion, 3: conversion.
   */
  private static int rank(Type param, Type arg) {
    if (param.equals(arg)) {
      return 0;
    }
    if (param instanceof Type.Pointer p && arg instanceof Type.Pointer a && p.pointee().equals(a.pointee())
        && (p.constPointee() || !a.constPointee()) && (p.volatilePointee() || !a.volatilePointee())) {
      return 1;
    }
    if (param instanceof Type.Arith p && arg instanceof Type.Arith a) {
      if (p.scalar() == Scalar.INT && a.scalar().isInteger() && a.scalar().rank() < Scalar.INT.rank()) {
        return 2;
      }
      if (p.scalar() == Scalar.DOUBLE && a.scalar() == Scalar.FLOAT) {
        return 2;
      }
    }
    return 3;
  }
}
