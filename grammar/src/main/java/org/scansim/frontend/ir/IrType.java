package org.scansim.frontend.ir;

import org.scansim.frontend.sema.Scalar;
import org.scansim.frontend.sema.Type;

/** Value types of registers and memory accesses (PTX-like names). */
public enum IrType {
  PRED(1, false, false),
  I8(1, true, false),
  U8(1, false, false),
  I16(2, true, false),
  U16(2, false, false),
  I32(4, true, false),
  U32(4, false, false),
  I64(8, true, false),
  U64(8, false, false),
  F32(4, true, true),
  F64(8, true, true),
  PTR(8, false, false);

  private final int size;
  private final boolean signed;
  private final boolean floating;

  IrType(int size, boolean signed, boolean floating) {
    this.size = size;
    this.signed = signed;
    this.floating = floating;
  }

  public int size() {
    return size;
  }

  public boolean isSigned() {
    return signed;
  }

  public boolean isFloat() {
    return floating;
  }

  public boolean isInteger() {
    return !floating && this != PTR && this != PRED;
  }

  /** The name used in printed IR: {@code f32}, {@code ptr}, {@code pred}. */
  public String spelling() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }

  public static IrType of(Scalar s) {
    return switch (s) {
      case BOOL -> PRED;
      case CHAR -> I8;
      case UCHAR -> U8;
      case SHORT -> I16;
      case USHORT -> U16;
      case INT -> I32;
      case UINT -> U32;
      case LONG, LLONG -> I64;
      case ULONG, ULLONG -> U64;
      case FLOAT -> F32;
      case DOUBLE -> F64;
    };
  }

  /** The IR type of a value of C type {@code t}; pointers, arrays (decayed) and null are PTR. */
  public static IrType of(Type t) {
    if (t instanceof Type.Arith a) {
      return of(a.scalar());
    }
    if (t instanceof Type.Pointer || t instanceof Type.Array || t instanceof Type.Null || t instanceof Type.Str) {
      return PTR;
    }
    throw new IllegalArgumentException("no IR type for " + t.spelling());
  }
}
