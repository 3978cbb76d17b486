package org.scansim.frontend.sema;

/** Where a function runs, from its execution-space qualifiers (CUDA C Guide §7.1). */
public enum Space {
  HOST("__host__"),
  DEVICE("__device__"),
  GLOBAL("__global__"),
  HOST_DEVICE("__host__ __device__");

  private final String spelling;

  Space(String spelling) {
    this.spelling = spelling;
  }

  public String spelling() {
    return spelling;
  }

  public boolean onDevice() {
    return this != HOST;
  }

  public boolean onHost() {
    return this == HOST || this == HOST_DEVICE;
  }

  /** Whether code running in {@code this} may call a function of space {@code callee}. */
  public boolean mayCall(Space callee) {
    return switch (callee) {
      case HOST -> this == HOST;
      case DEVICE -> this == DEVICE || this == GLOBAL || this == HOST_DEVICE;
      case HOST_DEVICE -> true;
      case GLOBAL -> false; // only through a launch
    };
  }
}
