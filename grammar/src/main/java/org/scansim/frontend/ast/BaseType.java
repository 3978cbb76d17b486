package org.scansim.frontend.ast;

/** The type specifiers of the subset after normalising keyword combinations (C11 §6.7.2). */
public enum BaseType {
  VOID("void"),
  BOOL("bool"),
  CHAR("char"),
  SCHAR("signed char"),
  UCHAR("unsigned char"),
  SHORT("short"),
  USHORT("unsigned short"),
  INT("int"),
  UINT("unsigned int"),
  LONG("long"),
  ULONG("unsigned long"),
  LLONG("long long"),
  ULLONG("unsigned long long"),
  FLOAT("float"),
  DOUBLE("double"),
  SIZE_T("size_t"),
  DIM3("dim3"),
  CUDA_ERROR("cudaError_t"),
  /** A struct, named by the {@link TypeSpec}'s {@link StructDef}. */
  STRUCT("struct"),
  /** C++11 {@code auto}: a variable's type deduced from its initialiser. */
  AUTO("auto"),
  /** A function type, named only through a pointer to it ({@code void (*f)(int)}): {@link TypeSpec#signature} says which. */
  FUNCTION("function"),
  /** The cooperative groups of the CUDA C++ Programming Guide: the thread block, and its tiles of 1 to 32 threads. */
  CG_BLOCK("cooperative_groups::thread_block"),
  CG_TILE1("cooperative_groups::thread_block_tile<1>"),
  CG_TILE2("cooperative_groups::thread_block_tile<2>"),
  CG_TILE4("cooperative_groups::thread_block_tile<4>"),
  CG_TILE8("cooperative_groups::thread_block_tile<8>"),
  CG_TILE16("cooperative_groups::thread_block_tile<16>"),
  CG_TILE32("cooperative_groups::thread_block_tile<32>");

  private final String spelling;

  BaseType(String spelling) {
    this.spelling = spelling;
  }

  public String spelling() {
    return spelling;
  }

  /** The tile of {@code size} threads (a power of two from 1 to 32), or null. */
  public static BaseType tile(long size) {
    return switch ((int) Math.min(size, 64)) {
      case 1 -> CG_TILE1;
      case 2 -> CG_TILE2;
      case 4 -> CG_TILE4;
      case 8 -> CG_TILE8;
      case 16 -> CG_TILE16;
      case 32 -> CG_TILE32;
      default -> null;
    };
  }

  /** Threads in a cooperative group type: a tile's size, 0 for the thread block, -1 for any other type. */
  public int groupSize() {
    return switch (this) {
      case CG_BLOCK -> 0;
      case CG_TILE1 -> 1;
      case CG_TILE2 -> 2;
      case CG_TILE4 -> 4;
      case CG_TILE8 -> 8;
      case CG_TILE16 -> 16;
      case CG_TILE32 -> 32;
      default -> -1;
    };
  }
}
