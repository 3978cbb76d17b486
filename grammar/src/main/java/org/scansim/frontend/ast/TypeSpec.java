package org.scansim.frontend.ast;

import org.scansim.frontend.diag.Span;

/**
 * Declaration specifiers that name a type: {@code const volatile unsigned int}. {@code struct} is
 * the struct named when {@code base} is {@link BaseType#STRUCT}, otherwise null; {@code
 * incomplete} says that it was not yet defined where it is named (C11 §6.7.2.3: {@code struct
 * Node;} ... {@code Node n;} before Node's body is an incomplete type there, whatever follows).
 * {@code signature} is the function type when {@code base} is {@link BaseType#FUNCTION} (the
 * pointee of a function pointer), otherwise null.
 */
public record TypeSpec(Span span, BaseType base, boolean isConst, boolean isVolatile, StructDef struct, boolean incomplete,
    Signature signature) {
  /** A type other than a struct or a function. */
  public TypeSpec(Span span, BaseType base, boolean isConst, boolean isVolatile) {
    this(span, base, isConst, isVolatile, null, false, null);
  }

  /** A type other than a function. */
  public TypeSpec(Span span, BaseType base, boolean isConst, boolean isVolatile, StructDef struct, boolean incomplete) {
    this(span, base, isConst, isVolatile, struct, incomplete, null);
  }

  /** The struct {@code s}, as it is where it is named now (complete once its body was read). */
  public static TypeSpec of(Span span, StructDef s, boolean isConst, boolean isVolatile) {
    return new TypeSpec(span, BaseType.STRUCT, isConst, isVolatile, s, !s.isComplete());
  }

  /** The function type {@code s} ({@code void (float *, int)} of {@code void (*f)(float *, int)}). */
  public static TypeSpec function(Span span, Signature s) {
    return new TypeSpec(span, BaseType.FUNCTION, false, false, null, false, s);
  }

  /** This type named at another place, with qualifiers added. */
  public TypeSpec at(Span at, boolean addConst, boolean addVolatile) {
    return new TypeSpec(at, base, isConst || addConst, isVolatile || addVolatile, struct, struct != null && !struct.isComplete(), signature);
  }

  /** The type as written in messages: {@code float}, {@code Pair}. */
  public String spelling() {
    return struct != null ? struct.name() : base.spelling();
  }
}
