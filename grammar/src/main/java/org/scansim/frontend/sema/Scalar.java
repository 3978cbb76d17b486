package org.scansim.frontend.sema;

/**
 * Arithmetic types of the subset with their C ranks and sizes on the LP64 ABI that nvcc uses on
 * Linux (C11 §6.2.5, §6.3.1.1): {@code long} is 64-bit, {@code char} is signed, {@code size_t}
 * is {@code unsigned long}.
 */
public enum Scalar {
  BOOL("bool", 1, 0, false, false),
  CHAR("char", 1, 1, true, false),
  UCHAR("unsigned char", 1, 1, false, false),
  SHORT("short", 2, 2, true, false),
  USHORT("unsigned short", 2, 2, false, false),
  INT("int", 4, 3, true, false),
  UINT("unsigned int", 4, 3, false, false),
  LONG("long", 8, 4, true, false),
  ULONG("unsigned long", 8, 4, false, false),
  LLONG("long long", 8, 5, true, false),
  ULLONG("unsigned long long", 8, 5, false, false),
  FLOAT("float", 4, 6, true, true),
  DOUBLE("double", 8, 7, true, true);

  private final String spelling;
  private final int size;
  private final int rank;
  private final boolean signed;
  private final boolean floating;

  Scalar(String spelling, int size, int rank, boolean signed, boolean floating) {
    this.spelling = spelling;
    this.size = size;
    this.rank = rank;
    this.signed = signed;
    this.floating = floating;
  }

  public String spelling() {
    return spelling;
  }

  public int size() {
    return size;
  }

  /** Integer conversion rank (C11 §6.3.1.1); floats rank above every integer. */
  public int rank() {
    return rank;
  }

  public boolean isSigned() {
    return signed;
  }

  public boolean isFloating() {
    return floating;
  }

  public boolean isInteger() {
    return !floating;
  }

  /** The unsigned type of the same rank (C11 §6.3.1.8, last rule). */
  public Scalar toUnsigned() {
    return switch (this) {
      case CHAR -> UCHAR;
      case SHORT -> USHORT;
      case INT -> UINT;
      case LONG -> ULONG;
      case LLONG -> ULLONG;
      default -> this;
    };
  }
}
