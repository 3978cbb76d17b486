package org.scansim.frontend.ast;

import org.scansim.frontend.diag.Span;

/** Declaration specifiers that name a type: {@code const volatile unsigned int}. */
public record TypeSpec(Span span, BaseType base, boolean isConst, boolean isVolatile) {}
