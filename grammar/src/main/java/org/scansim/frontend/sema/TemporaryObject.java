package org.scansim.frontend.sema;

import org.scansim.frontend.ast.Expr;

/**
 * The callee of {@code T(args)} of a class with a constructor: a temporary object of {@code type}
 * the lowering makes, then {@code constructor} ({@code T::T((T *) 0, args)}, its first argument a
 * placeholder for the temporary's address) runs on it. Not destroyed: its bytes are what it is
 * passed on as (a copy, a returned value, the object a member function is called on).
 */
public record TemporaryObject(Type.Struct type, Expr.Call constructor) {}
