package org.scansim.frontend.sema;

import org.scansim.frontend.ast.Expr;

/**
 * One value of an initialiser list placed at its element: {@code index} counts scalar elements of
 * the object in row-major order ({@code b[1][0]} of {@code double b[2][3]} is 3). Elements no
 * value is placed at are zero (C11 §6.7.9p21).
 */
public record InitValue(long index, Expr value) {}
