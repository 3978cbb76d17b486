package org.scansim.frontend.sema;

import org.scansim.frontend.ast.Expr;

/**
 * One value of an initialiser list placed at its element: {@code index} counts scalar elements
 * (struct fields included) of the object in row-major order ({@code b[1][0]} of {@code double
 * b[2][3]} is 3), {@code offset} is that element's byte offset, and {@code type} the type the value
 * initialises: a scalar's, or a whole struct's where a struct value initialises a struct ({@code
 * Pair ps[2] = {p, q};}). Elements no value is placed at are zero (C11 §6.7.9p21).
 */
public record InitValue(long index, long offset, Type type, Expr value) {}
