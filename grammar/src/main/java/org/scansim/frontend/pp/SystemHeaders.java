package org.scansim.frontend.pp;

import java.util.Set;

/**
 * The system headers a CUDA file may include with quotes ({@code #include "cuda_runtime.h"}, as
 * Visual Studio's CUDA template writes it): when no file of that name is beside the including
 * file, a compiler goes on to its system include path, and so does scansim, which reads no system
 * header (what they declare that the subset has is built in). A quoted name that is neither a file
 * beside the source nor one of these is "No such file or directory", as before.
 */
final class SystemHeaders {
  private SystemHeaders() {}

  private static final Set<String> KNOWN = Set.of(
      // the CUDA toolkit's
      "cuda.h", "cuda_runtime.h", "cuda_runtime_api.h", "device_launch_parameters.h", "device_functions.h", "device_atomic_functions.h",
      "sm_20_intrinsics.h", "sm_30_intrinsics.h", "sm_32_intrinsics.h", "cooperative_groups.h", "cuda_fp16.h",
      // C's
      "assert.h", "stdio.h", "stdlib.h", "string.h", "math.h", "stdint.h", "stddef.h", "stdbool.h", "limits.h", "float.h", "time.h",
      // C++'s
      "cassert", "cstdio", "cstdlib", "cstring", "cmath", "cstdint", "cstddef", "climits", "cfloat", "ctime", "iostream", "algorithm",
      "vector", "chrono", "numeric", "utility", "type_traits", "iomanip", "string", "random", "fstream", "sstream",
      "array", "functional", "limits", "memory", "stdexcept", "cinttypes", "inttypes.h", "cuda_profiler_api.h",
      // POSIX's
      "sys/time.h", "unistd.h", "sys/types.h", "sys/stat.h", "getopt.h");

  /**
   * The declarations of a system header that the subset has no built-in for, as source text:
   * the structs of {@code <sys/time.h>} and {@code <time.h>} that programs time themselves with
   * (their functions are the C library's, {@code sema.CLibrary}). Null for any other header.
   */
  static String text(String name) {
    return switch (name) {
      case "sys/time.h" -> """
          #ifndef __SCANSIM_SYS_TIME_H
          #define __SCANSIM_SYS_TIME_H
          struct timeval { long tv_sec; long tv_usec; };
          struct timezone { int tz_minuteswest; int tz_dsttime; };
          #endif
          """;
      case "time.h", "ctime" -> """
          #ifndef __SCANSIM_TIME_H
          #define __SCANSIM_TIME_H
          struct timespec { long tv_sec; long tv_nsec; };
          #define CLOCK_REALTIME 0
          #define CLOCK_MONOTONIC 1
          #define CLOCK_PROCESS_CPUTIME_ID 2
          #define TIME_UTC 1
          #endif
          """;
      case "vector", "chrono", "algorithm", "limits", "string", "random", "numeric", "functional" -> standard(name);
      // std::swap is <utility>'s too.
      case "utility" -> "#include <algorithm>\n";
      // libstdc++'s <iostream> brings in <string>, and programs rely on it.
      case "iostream" -> "#include <string>\n";
      default -> null;
    };
  }

  /** The text of scansim's own {@code <vector>}, {@code <chrono>}, {@code <algorithm>}, {@code <limits>}, {@code <string>}, {@code <random>}, {@code <numeric>} or {@code <functional>}, written in the subset (resources {@code std/NAME}). */
  private static String standard(String name) {
    try (java.io.InputStream in = SystemHeaders.class.getResourceAsStream("std/" + name)) {
      if (in == null) {
        throw new IllegalStateException("scansim's <" + name + "> is missing from its jar");
      }
      return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /**
   * What {@code cuda_runtime.h}, which nvcc includes in every file, declares beyond the subset's
   * built-ins: the device properties struct {@code cudaGetDeviceProperties} fills (the fields
   * programs read, in an order of scansim's; host code fills and reads them by name). Read before
   * each translation unit, as nvcc reads it.
   */
  static final String CUDA_RUNTIME = """
      #ifndef __SCANSIM_CUDA_RUNTIME
      #define __SCANSIM_CUDA_RUNTIME
      struct cudaDeviceProp {
        char name[256];
        size_t totalGlobalMem;
        size_t sharedMemPerBlock;
        int regsPerBlock;
        int warpSize;
        size_t memPitch;
        int maxThreadsPerBlock;
        int maxThreadsDim[3];
        int maxGridSize[3];
        int clockRate;
        size_t totalConstMem;
        int major;
        int minor;
        int multiProcessorCount;
        int maxThreadsPerMultiProcessor;
        int maxBlocksPerMultiProcessor;
        size_t sharedMemPerMultiprocessor;
        size_t sharedMemPerBlockOptin;
        int regsPerMultiprocessor;
        int memoryClockRate;
        int memoryBusWidth;
        int l2CacheSize;
        int concurrentKernels;
        int unifiedAddressing;
        int managedMemory;
        int deviceOverlap;
        int asyncEngineCount;
        int integrated;
        int canMapHostMemory;
        int computeMode;
        int ECCEnabled;
        int pciBusID;
        int pciDeviceID;
        int kernelExecTimeoutEnabled;
      };
      #endif
      """;

  /** The NVIDIA libraries' headers: not read; what a program uses of them is refused by the library's name. */
  private static final Set<String> LIBRARIES = Set.of("cublas.h", "cublas_v2.h", "curand.h", "curand_kernel.h", "cufft.h",
      "cusparse.h", "cusolverDn.h", "cudnn.h", "nccl.h", "nvrtc.h", "cuda_fp8.h", "cuda_bf16.h", "mma.h");

  /** Whether {@code name} is a system header scansim knows, or one of a library it refuses by name ({@code cub/cub.cuh}). */
  static boolean known(String name) {
    return KNOWN.contains(name) || LIBRARIES.contains(name)
        || java.util.stream.Stream.of("cub/", "thrust/", "cutlass/", "cute/", "nvtx3/", "cuda/").anyMatch(name::startsWith);
  }
}
