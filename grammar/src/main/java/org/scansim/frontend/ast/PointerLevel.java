package org.scansim.frontend.ast;

/** One {@code *} of a declarator with the qualifiers written after it ({@code * const}). */
public record PointerLevel(boolean isConst, boolean isVolatile, boolean isRestrict) {}
