package org.scansim.frontend.sema;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The C library calls host code may make (C11 §7.12 math, §7.21 output, §7.22 general
 * utilities, §7.24 strings, §7.27 time), with their C signatures: what programs wrap their
 * kernels in to parse arguments, make data, copy it and time it. Each is run by the host
 * interpreter under one name; {@code <cmath>}'s overloads of an unsuffixed function for
 * {@code float} ({@code sqrt(1.0f)} is a float, as C++ has it) are the {@code f} function.
 * Deterministic: {@code rand} is glibc's generator (seeded 1 until {@code srand}), {@code time}
 * the epoch and the clocks the host's instructions plus the timing model's time of the launches
 * (docs/programs.md). The CUDA runtime's calls of the same shape (events, streams, pinned memory)
 * are here too.
 */
public final class CLibrary {
  /**
   * One function: its name, parameter types and result; a call may leave out the parameters
   * from {@code required} on (their C++ default arguments, which are 0).
   */
  public record Function(String name, List<Type> params, Type result, int required, boolean variadic) {
    /** The parameter types, {@link #FILE_P} as {@code file} ({@code FILE *} as the translation unit knows it). */
    public List<Type> params(Type file) {
      return params.stream().map(t -> t == FILE_P ? file : t).toList();
    }

    /** The result type, {@link #FILE_P} as {@code file}. */
    public Type result(Type file) {
      return result == FILE_P ? file : result;
    }
  }

  /**
   * C's {@code FILE *} in the table: a marker the checker replaces with a pointer to the
   * translation unit's {@code FILE} ({@link org.scansim.frontend.ast.StructDef#FILE}).
   */
  public static final Type FILE_P = new Type.Pointer(new Type.Stream("FILE"), false, false);

  private static final Type CSTR = new Type.Pointer(Type.CHAR, true, false);
  private static final Type STR = new Type.Pointer(Type.CHAR, false, false);
  private static final Type STR_OUT = new Type.Pointer(STR, false, false);
  private static final Type VOIDP = new Type.Pointer(Type.VOID, false, false);
  private static final Type CVOIDP = new Type.Pointer(Type.VOID, true, false);
  private static final Type LLONG = Type.arith(Scalar.LLONG);
  private static final Type TIME_P = new Type.Pointer(Type.LONG, false, false);
  /** cudaEvent_t and cudaStream_t are handles here, unsigned longs (TypeNames): their addresses. */
  private static final Type EVENT_P = new Type.Pointer(Type.ULONG, false, false);

  private static final Map<String, Function> BY_NAME = new HashMap<>();

  static {
    // <cstdlib>: numbers from text, the generator, the end of the program
    add("atoi", Type.INT, CSTR);
    add("atol", Type.LONG, CSTR);
    add("atoll", LLONG, CSTR);
    add("atof", Type.DOUBLE, CSTR);
    add("strtol", Type.LONG, CSTR, STR_OUT, Type.INT);
    add("strtoll", LLONG, CSTR, STR_OUT, Type.INT);
    add("strtoul", Type.ULONG, CSTR, STR_OUT, Type.INT);
    add("strtoull", Type.arith(Scalar.ULLONG), CSTR, STR_OUT, Type.INT);
    add("strtod", Type.DOUBLE, CSTR, STR_OUT);
    add("strtof", Type.FLOAT, CSTR, STR_OUT);
    add("rand", Type.INT);
    add("srand", Type.VOID, Type.UINT);
    add("abort", Type.VOID);
    add("labs", Type.LONG, Type.LONG);
    add("llabs", LLONG, LLONG);
    // <cstring>
    add("strlen", Type.SIZE_T, CSTR);
    add("strcmp", Type.INT, CSTR, CSTR);
    add("strncmp", Type.INT, CSTR, CSTR, Type.SIZE_T);
    add("strcpy", STR, STR, CSTR);
    add("strncpy", STR, STR, CSTR, Type.SIZE_T);
    add("strcat", STR, STR, CSTR);
    add("strchr", STR, CSTR, Type.INT);
    add("strrchr", STR, CSTR, Type.INT);
    add("strstr", STR, CSTR, CSTR);
    add("memcpy", VOIDP, VOIDP, CVOIDP, Type.SIZE_T);
    add("memmove", VOIDP, VOIDP, CVOIDP, Type.SIZE_T);
    add("memset", VOIDP, VOIDP, Type.INT, Type.SIZE_T);
    add("memcmp", Type.INT, CVOIDP, CVOIDP, Type.SIZE_T);
    // <cstdio>, beside the printf family: streams on files of the program's folder (read) and of
    // memory (written), standard input
    add("puts", Type.INT, CSTR);
    add("putchar", Type.INT, Type.INT);
    add("fopen", FILE_P, CSTR, CSTR);
    add("fclose", Type.INT, FILE_P);
    add("fflush", Type.INT, FILE_P);
    add("feof", Type.INT, FILE_P);
    add("ferror", Type.INT, FILE_P);
    add("rewind", Type.VOID, FILE_P);
    add("fgetc", Type.INT, FILE_P);
    add("getc", Type.INT, FILE_P);
    add("getchar", Type.INT);
    add("fgets", STR, STR, Type.INT, FILE_P);
    add("fputc", Type.INT, Type.INT, FILE_P);
    add("putc", Type.INT, Type.INT, FILE_P);
    add("fputs", Type.INT, CSTR, FILE_P);
    add("fread", Type.SIZE_T, VOIDP, Type.SIZE_T, Type.SIZE_T, FILE_P);
    add("fwrite", Type.SIZE_T, CVOIDP, Type.SIZE_T, Type.SIZE_T, FILE_P);
    addVariadic("fscanf", Type.INT, FILE_P, CSTR);
    addVariadic("scanf", Type.INT, CSTR);
    addVariadic("sscanf", Type.INT, CSTR, CSTR);
    add("perror", Type.VOID, CSTR);
    add("remove", Type.INT, CSTR);
    // <cstdlib>'s command processor: there is none (system(NULL) is 0), and no command is run
    add("system", Type.INT, CSTR);
    // <ctime>
    add("time", Type.LONG, TIME_P);
    add("clock", Type.LONG);
    // <cmath>: each double function and its float one
    for (String f : List.of("sqrt", "cbrt", "ceil", "floor", "round", "trunc", "log", "log2", "log10", "exp", "exp2", "fabs", "sin",
        "cos", "tan", "atan", "tanh")) {
      add(f, Type.DOUBLE, Type.DOUBLE);
      add(f + "f", Type.FLOAT, Type.FLOAT);
    }
    for (String f : List.of("pow", "fmod", "fmin", "fmax", "atan2")) {
      add(f, Type.DOUBLE, Type.DOUBLE, Type.DOUBLE);
      add(f + "f", Type.FLOAT, Type.FLOAT, Type.FLOAT);
    }
    add("ldexp", Type.DOUBLE, Type.DOUBLE, Type.INT);
    add("ldexpf", Type.FLOAT, Type.FLOAT, Type.INT);
    // POSIX's clocks, <sys/time.h> and <time.h> (their structs come with the headers: any pointer is taken)
    add("gettimeofday", Type.INT, VOIDP, VOIDP);
    add("clock_gettime", Type.INT, Type.INT, VOIDP);
    add("timespec_get", Type.INT, VOIDP, Type.INT);
    // The CUDA runtime's calls of the same shape: events timed by the timing model, streams in the
    // default stream's order, pinned host memory (plain host memory here)
    add("cudaEventCreate", Type.INT, EVENT_P);
    add("cudaEventCreateWithFlags", Type.INT, EVENT_P, Type.UINT);
    addOptional("cudaEventRecord", Type.INT, 1, Type.ULONG, Type.ULONG);
    add("cudaEventSynchronize", Type.INT, Type.ULONG);
    add("cudaEventQuery", Type.INT, Type.ULONG);
    add("cudaEventElapsedTime", Type.INT, new Type.Pointer(Type.FLOAT, false, false), Type.ULONG, Type.ULONG);
    add("cudaEventDestroy", Type.INT, Type.ULONG);
    add("cudaStreamCreate", Type.INT, EVENT_P);
    add("cudaStreamCreateWithFlags", Type.INT, EVENT_P, Type.UINT);
    add("cudaStreamSynchronize", Type.INT, Type.ULONG);
    add("cudaStreamDestroy", Type.INT, Type.ULONG);
    add("cudaGetDeviceProperties", Type.INT, VOIDP, Type.INT);
    add("cudaDeviceGetAttribute", Type.INT, new Type.Pointer(Type.INT, false, false), Type.INT, Type.INT);
    add("cudaMallocHost", Type.INT, VOIDP, Type.SIZE_T);
    addOptional("cudaHostAlloc", Type.INT, 2, VOIDP, Type.SIZE_T, Type.UINT);
    add("cudaFreeHost", Type.INT, VOIDP);
  }

  private static void add(String name, Type result, Type... params) {
    BY_NAME.put(name, new Function(name, List.of(params), result, params.length, false));
  }

  private static void addOptional(String name, Type result, int required, Type... params) {
    BY_NAME.put(name, new Function(name, List.of(params), result, required, false));
  }

  /** A function whose arguments past {@code params} are pointers, each a place for what a format converts (scanf's). */
  private static void addVariadic(String name, Type result, Type... params) {
    BY_NAME.put(name, new Function(name, List.of(params), result, params.length, true));
  }

  private CLibrary() {}

  /** Every function's name. */
  public static java.util.Set<String> names() {
    return java.util.Collections.unmodifiableSet(BY_NAME.keySet());
  }

  /** The C library function {@code name}, or null. */
  public static Function byName(String name) {
    return BY_NAME.get(name);
  }

  /**
   * The function a call of {@code name} with arguments of types {@code args} means: C++'s
   * {@code <cmath>} gives {@code sqrt(float)} a float result, the {@code sqrtf} function.
   */
  static Function overload(Function f, List<Type> args) {
    Function single = BY_NAME.get(f.name() + "f");
    boolean math = single != null && f.result().equals(Type.DOUBLE) && single.params().size() == f.params().size()
        && f.params().stream().allMatch(Type.DOUBLE::equals);
    if (math && !args.isEmpty() && args.stream().allMatch(t -> t instanceof Type.Arith a && a.scalar() == Scalar.FLOAT)) {
      return single;
    }
    return f;
  }
}
