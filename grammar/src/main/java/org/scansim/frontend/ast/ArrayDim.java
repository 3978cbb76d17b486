package org.scansim.frontend.ast;

import org.scansim.frontend.diag.Span;

/** One {@code [size]} of a declarator; {@code size} is null for {@code []}. */
public record ArrayDim(Span span, Expr size) {}
