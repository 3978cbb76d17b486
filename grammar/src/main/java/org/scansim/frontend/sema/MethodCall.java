package org.scansim.frontend.sema;

import org.scansim.frontend.ast.Expr;

/**
 * The callee of a call written as a member call ({@code timer.start()}, {@code p->get()}, a
 * function object's {@code op(a, b)}): the call of the member function it is, {@code
 * Class::name(&object, args)}, checked as that call is and lowered as it.
 */
public record MethodCall(Expr.Call call) {}
