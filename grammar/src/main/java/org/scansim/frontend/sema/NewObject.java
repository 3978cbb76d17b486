package org.scansim.frontend.sema;

import org.scansim.frontend.ast.Expr;

/**
 * The callee of {@code new T(args)} of a class (C++ [expr.new]): the allocation, a {@code T *},
 * and the constructor's call that makes the object there ({@code T::T(p, args)}, its first
 * argument a placeholder of that type the lowering replaces with the allocation's pointer), or
 * null for a class without a constructor.
 */
public record NewObject(Expr allocation, Expr.Call constructor) {}
