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
      "vector", "chrono", "numeric", "utility", "type_traits");

  /** Whether {@code name} is a system header scansim knows. */
  static boolean known(String name) {
    return KNOWN.contains(name);
  }
}
