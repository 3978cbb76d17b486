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
  CUDA_ERROR("cudaError_t");

  private final String spelling;

  BaseType(String spelling) {
    this.spelling = spelling;
  }

  public String spelling() {
    return spelling;
  }
}
