package org.scansim.frontend.sema;

import org.scansim.frontend.ast.Expr;

/**
 * The callee of a call the checker stands for another expression, checked in its place: a
 * range-based for's begin and end over an array ({@code range + 0}, {@code range + N}). The
 * lowering computes {@code expr}'s value for the call's.
 */
public record Rewritten(Expr expr) {}
