package org.scansim.frontend.sema;

import java.util.HashMap;
import java.util.Map;

/**
 * The built-in functions of the subset: CUDA device intrinsics (CUDA C Guide §7.6 synchronisation,
 * §7.5 fences, §7.14 atomics, §7.22 warp shuffles, §7.21 votes, Math API integer intrinsics), the
 * runtime API calls a host entry needs, and the C library functions kernels commonly use. Their
 * typing lives in {@link BuiltinTyping}.
 */
public enum Builtin {
  SYNCTHREADS("__syncthreads", Where.DEVICE),
  SYNCWARP("__syncwarp", Where.DEVICE),
  THREADFENCE("__threadfence", Where.DEVICE),
  THREADFENCE_BLOCK("__threadfence_block", Where.DEVICE),
  THREADFENCE_SYSTEM("__threadfence_system", Where.DEVICE),
  ATOMIC_ADD("atomicAdd", Where.DEVICE),
  ATOMIC_SUB("atomicSub", Where.DEVICE),
  ATOMIC_EXCH("atomicExch", Where.DEVICE),
  ATOMIC_MIN("atomicMin", Where.DEVICE),
  ATOMIC_MAX("atomicMax", Where.DEVICE),
  ATOMIC_CAS("atomicCAS", Where.DEVICE),
  ATOMIC_AND("atomicAnd", Where.DEVICE),
  ATOMIC_OR("atomicOr", Where.DEVICE),
  ATOMIC_XOR("atomicXor", Where.DEVICE),
  ATOMIC_INC("atomicInc", Where.DEVICE),
  ATOMIC_DEC("atomicDec", Where.DEVICE),
  SHFL_SYNC("__shfl_sync", Where.DEVICE),
  SHFL_UP_SYNC("__shfl_up_sync", Where.DEVICE),
  SHFL_DOWN_SYNC("__shfl_down_sync", Where.DEVICE),
  SHFL_XOR_SYNC("__shfl_xor_sync", Where.DEVICE),
  BALLOT_SYNC("__ballot_sync", Where.DEVICE),
  ANY_SYNC("__any_sync", Where.DEVICE),
  ALL_SYNC("__all_sync", Where.DEVICE),
  MATCH_ANY_SYNC("__match_any_sync", Where.DEVICE),
  MATCH_ALL_SYNC("__match_all_sync", Where.DEVICE),
  ACTIVEMASK("__activemask", Where.DEVICE),
  LANEMASK_LT("__lanemask_lt", Where.DEVICE),
  POPC("__popc", Where.DEVICE),
  POPCLL("__popcll", Where.DEVICE),
  FFS("__ffs", Where.DEVICE),
  CLZ("__clz", Where.DEVICE),
  /**
   * The arithmetic intrinsics that round to nearest (CUDA Math API, single and double precision
   * intrinsics): the operation itself, as {@code +} rounds; other rounding modes are refused.
   */
  FADD_RN("__fadd_rn", Where.DEVICE),
  FSUB_RN("__fsub_rn", Where.DEVICE),
  FMUL_RN("__fmul_rn", Where.DEVICE),
  FDIV_RN("__fdiv_rn", Where.DEVICE),
  DADD_RN("__dadd_rn", Where.DEVICE),
  DSUB_RN("__dsub_rn", Where.DEVICE),
  DMUL_RN("__dmul_rn", Where.DEVICE),
  DDIV_RN("__ddiv_rn", Where.DEVICE),
  /** The read-only data cache load (CUDA C++ Programming Guide, "Read-Only Data Cache Load Function"). */
  LDG("__ldg", Where.DEVICE),
  MIN("min", Where.BOTH),
  MAX("max", Where.BOTH),
  FMINF("fminf", Where.BOTH),
  FMAXF("fmaxf", Where.BOTH),
  ABS("abs", Where.BOTH),
  PRINTF("printf", Where.BOTH),
  /** {@code fprintf(stream, ...)} (C11 §7.21.6.1): stdout and stderr are the program's output, other streams its files. */
  FPRINTF("fprintf", Where.HOST),
  /** {@code sprintf(char *s, ...)} and {@code snprintf(char *s, size_t n, ...)} (C11 §7.21.6.5–6): into host memory. */
  SPRINTF("sprintf", Where.HOST),
  SNPRINTF("snprintf", Where.HOST),
  /** {@code exit(status)} (C11 §7.22.4.4): the program ends; 0 is a normal end. */
  EXIT("exit", Where.HOST),
  /** The C library's host memory (C11 §7.22.3): blocks of the host heap, as programs stage their data. */
  MALLOC("malloc", Where.HOST),
  CALLOC("calloc", Where.HOST),
  FREE("free", Where.HOST),
  /** C++'s {@code new T} and {@code new T[n]} (zeroed with {@code ()}), and their deletes: blocks of the host heap. */
  OPERATOR_NEW("operator new", Where.HOST),
  OPERATOR_NEW_ARRAY("operator new[]", Where.HOST),
  OPERATOR_DELETE("operator delete", Where.HOST),
  OPERATOR_DELETE_ARRAY("operator delete[]", Where.HOST),
  ASSERT("assert", Where.BOTH),
  DIM3("dim3", Where.BOTH),
  CUDA_MALLOC("cudaMalloc", Where.HOST),
  /** Managed memory: a device buffer host code may read and write too. */
  CUDA_MALLOC_MANAGED("cudaMallocManaged", Where.HOST),
  CUDA_FREE("cudaFree", Where.HOST),
  CUDA_MEMCPY("cudaMemcpy", Where.HOST),
  /** {@code cudaMemcpyToSymbol(symbol, src, count[, offset[, kind]])} and its reverse: a {@code __device__} or {@code __constant__} variable's bytes. */
  CUDA_MEMCPY_TO_SYMBOL("cudaMemcpyToSymbol", Where.HOST),
  CUDA_MEMCPY_FROM_SYMBOL("cudaMemcpyFromSymbol", Where.HOST),
  CUDA_MEMSET("cudaMemset", Where.HOST),
  CUDA_DEVICE_SYNCHRONIZE("cudaDeviceSynchronize", Where.HOST),
  CUDA_GET_LAST_ERROR("cudaGetLastError", Where.HOST),
  CUDA_PEEK_AT_LAST_ERROR("cudaPeekAtLastError", Where.HOST),
  /** The device calls of a program's set-up and end: the one simulated device is device 0. */
  CUDA_SET_DEVICE("cudaSetDevice", Where.HOST),
  CUDA_GET_DEVICE("cudaGetDevice", Where.HOST),
  CUDA_GET_DEVICE_COUNT("cudaGetDeviceCount", Where.HOST),
  CUDA_DEVICE_RESET("cudaDeviceReset", Where.HOST),
  /** The runtime's words for an error code: a string, as a value only tested or printed (as {@code (string)}). */
  CUDA_GET_ERROR_STRING("cudaGetErrorString", Where.HOST),
  CUDA_GET_ERROR_NAME("cudaGetErrorName", Where.HOST);

  /** Which side may call a builtin. */
  public enum Where {
    DEVICE,
    HOST,
    BOTH
  }

  private static final Map<String, Builtin> BY_NAME = new HashMap<>();

  static {
    for (Builtin b : values()) {
      BY_NAME.put(b.spelling, b);
    }
  }

  private final String spelling;
  private final Where where;

  Builtin(String spelling, Where where) {
    this.spelling = spelling;
    this.where = where;
  }

  public String spelling() {
    return spelling;
  }

  public Where where() {
    return where;
  }

  /** Whether code of the given space may call this builtin. */
  public boolean callableFrom(Space space) {
    return switch (where) {
      case BOTH -> true;
      case DEVICE -> space.onDevice();
      case HOST -> space == Space.HOST;
    };
  }

  /** Every builtin's name. */
  public static java.util.Set<String> names() {
    return java.util.Collections.unmodifiableSet(BY_NAME.keySet());
  }

  public static Builtin byName(String name) {
    return BY_NAME.get(name);
  }

  public boolean isAtomic() {
    return name().startsWith("ATOMIC_");
  }

  public boolean isShuffle() {
    return name().startsWith("SHFL_");
  }
}
