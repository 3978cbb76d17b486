package org.scansim.frontend.ast;

import org.scansim.frontend.diag.Span;

/**
 * Declaration specifiers that name a type: {@code const volatile unsigned int}. {@code struct} is
 * the struct named when {@code base} is {@link BaseType#STRUCT}, otherwise null.
 */
public record TypeSpec(Span span, BaseType base, boolean isConst, boolean isVolatile, StructDef struct) {
  /** A type other than a struct. */
  public TypeSpec(Span span, BaseType base, boolean isConst, boolean isVolatile) {
    this(span, base, isConst, isVolatile, null);
  }

  /** The struct {@code s}. */
  public static TypeSpec of(Span span, StructDef s, boolean isConst, boolean isVolatile) {
    return new TypeSpec(span, BaseType.STRUCT, isConst, isVolatile, s);
  }

  /** This type at another place, with qualifiers added. */
  public TypeSpec at(Span at, boolean addConst, boolean addVolatile) {
    return new TypeSpec(at, base, isConst || addConst, isVolatile || addVolatile, struct);
  }

  /** The type as written in messages: {@code float}, {@code Pair}. */
  public String spelling() {
    return struct != null ? struct.name() : base.spelling();
  }
}
