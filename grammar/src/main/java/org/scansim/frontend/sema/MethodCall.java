package org.scansim.frontend.sema;

import org.scansim.frontend.ast.Expr;

/**
 * The callee of a call written as a member call ({@code timer.start()}, {@code p->get()}, a
 * function object's {@code op(a, b)}, an overloaded operator's {@code a + b}): the call of the
 * function it is, {@code Class::name(&object, args)}, checked as that call is and lowered as it.
 * {@code temporary} is the object when it is a value, not an object in memory ({@code (a + b) +
 * c}): the lowering makes a temporary of it whose address is {@code this} (the call's first
 * argument is then a placeholder of that type). Null otherwise.
 */
public record MethodCall(Expr.Call call, Expr temporary) {
  public MethodCall(Expr.Call call) {
    this(call, null);
  }
}
