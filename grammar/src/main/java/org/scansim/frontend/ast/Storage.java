package org.scansim.frontend.ast;

/** Storage classes and CUDA memory-space qualifiers of a variable (CUDA C Guide §7.2). */
public enum Storage {
  SHARED("__shared__"),
  DEVICE("__device__"),
  CONSTANT("__constant__"),
  EXTERN("extern"),
  STATIC("static"),
  REGISTER("register");

  private final String spelling;

  Storage(String spelling) {
    this.spelling = spelling;
  }

  public String spelling() {
    return spelling;
  }
}
