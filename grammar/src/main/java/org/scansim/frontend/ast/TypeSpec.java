package org.scansim.frontend.ast;

import org.scansim.frontend.diag.Span;

/**
 * Declaration specifiers that name a type: {@code const volatile unsigned int}. {@code struct} is
 * the struct named when {@code base} is {@link BaseType#STRUCT}, otherwise null; {@code
 * incomplete} says that it was not yet defined where it is named (C11 §6.7.2.3: {@code struct
 * Node;} ... {@code Node n;} before Node's body is an incomplete type there, whatever follows).
 */
public record TypeSpec(Span span, BaseType base, boolean isConst, boolean isVolatile, StructDef struct, boolean incomplete) {
  /** A type other than a struct. */
  public TypeSpec(Span span, BaseType base, boolean isConst, boolean isVolatile) {
    this(span, base, isConst, isVolatile, null, false);
  }

  /** The struct {@code s}, as it is where it is named now (complete once its body was read). */
  public static TypeSpec of(Span span, StructDef s, boolean isConst, boolean isVolatile) {
    return new TypeSpec(span, BaseType.STRUCT, isConst, isVolatile, s, !s.isComplete());
  }

  /** This type named at another place, with qualifiers added. */
  public TypeSpec at(Span at, boolean addConst, boolean addVolatile) {
    return new TypeSpec(at, base, isConst || addConst, isVolatile || addVolatile, struct, struct != null && !struct.isComplete());
  }

  /** The type as written in messages: {@code float}, {@code Pair}. */
  public String spelling() {
    return struct != null ? struct.name() : base.spelling();
  }
}
