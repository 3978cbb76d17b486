package org.scansim.frontend.ast;

/** Execution-space and inlining qualifiers of a function (CUDA C Guide §7.1). */
public enum FunctionQualifier {
  GLOBAL("__global__"),
  DEVICE("__device__"),
  HOST("__host__"),
  INLINE("inline"),
  FORCEINLINE("__forceinline__"),
  NOINLINE("__noinline__"),
  STATIC("static"),
  EXTERN("extern");

  private final String spelling;

  FunctionQualifier(String spelling) {
    this.spelling = spelling;
  }

  public String spelling() {
    return spelling;
  }
}
