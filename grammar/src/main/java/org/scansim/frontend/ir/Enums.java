package org.scansim.frontend.ir;

/** Small enumerations qualifying instructions. */
public final class Enums {
  private Enums() {}

  public enum Cmp {
    EQ, NE, LT, LE, GT, GE
  }

  public enum SpecialReg {
    TID_X, TID_Y, TID_Z, NTID_X, NTID_Y, NTID_Z, CTAID_X, CTAID_Y, CTAID_Z, NCTAID_X, NCTAID_Y, NCTAID_Z, WARPSIZE, LANEMASK_LT;

    public String spelling() {
      String n = name().toLowerCase(java.util.Locale.ROOT);
      int u = n.lastIndexOf('_');
      return u > 0 && n.length() - u == 2 ? n.substring(0, u) + "." + n.substring(u + 1) : n;
    }
  }

  public enum Fence {
    BLOCK, GPU, SYSTEM
  }

  public enum AtomicOp {
    ADD, SUB, EXCH, MIN, MAX, CAS, AND, OR, XOR, INC, DEC
  }

  public enum ShuffleMode {
    IDX, UP, DOWN, BFLY
  }

  public enum Vote {
    BALLOT, ANY, ALL,
    /** {@code __match_any_sync}: the lanes whose value is the lane's own; {@code __match_all_sync}: the mask when all agree, else 0. */
    MATCH_ANY, MATCH_ALL
  }

  public enum CudaCall {
    MALLOC, MALLOC_MANAGED, FREE, MEMCPY, MEMSET, DEVICE_SYNCHRONIZE, GET_LAST_ERROR, PEEK_AT_LAST_ERROR,
    SET_DEVICE, GET_DEVICE, GET_DEVICE_COUNT, DEVICE_RESET,
    /** C's {@code exit(status)}, a call of the host's runtime like the others. */
    EXIT,
    /** The runtime's words for an error code, and its name: a pointer to host memory holding them. */
    GET_ERROR_STRING, GET_ERROR_NAME,
    /** The C library's host memory: malloc, calloc and free. */
    HOST_MALLOC, HOST_CALLOC, HOST_FREE,
    /** C++'s new and new[] (size, zeroed), delete and delete[]: the host heap, each block freed by its own kind. */
    HOST_NEW, HOST_NEW_ARRAY, HOST_DELETE, HOST_DELETE_ARRAY,
    /** A C library function ({@link org.scansim.frontend.sema.CLibrary}), named by the instruction's callee. */
    LIBRARY,
    /** A host function's address (the callee): what a function pointer holds. */
    FUNCTION_ADDRESS,
    /** A call through a function pointer (the first operand) with the other operands as arguments; its result, if any. */
    CALL_INDIRECT,
    /** cudaMemcpyToSymbol and cudaMemcpyFromSymbol: the module variable (callee), the host pointer, the count and the offset. */
    MEMCPY_TO_SYMBOL, MEMCPY_FROM_SYMBOL
  }
}
