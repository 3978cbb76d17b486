package org.scansim.frontend;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** One test per semantic rule: the exact message and position the user sees. */
class TypeCheckerTest {

  @Test
  void undeclaredIdentifier() {
    assertThat(Compile.diagnostics("__global__ void k(float *o) {\n  o[0] = thid1;\n}\n"))
        .containsExactly("2:10: error: use of undeclared identifier 'thid1'");
  }

  @Test
  void syncthreadsInHostCode() {
    assertThat(Compile.diagnostics("void h() {\n  __syncthreads();\n}\n"))
        .containsExactly("2:3: error: '__syncthreads' cannot be called from host code");
  }

  @Test
  void threadIdxInHostCode() {
    assertThat(Compile.diagnostics("void h(int *p) {\n  p[0] = threadIdx.x;\n}\n"))
        .containsExactly("2:10: error: 'threadIdx' can only be used in device code");
  }

  @Test
  void sharedVariableInHostCode() {
    assertThat(Compile.diagnostics("void h() {\n  __shared__ float s[4];\n}\n"))
        .containsExactly("2:20: error: __shared__ variable 's' declared outside device code");
  }

  @Test
  void assignmentToConst() {
    assertThat(Compile.diagnostics("__device__ void f() {\n  const int n = 4;\n  n = 5;\n}\n"))
        .containsExactly("3:3: error: cannot assign to variable 'n' with const-qualified type");
  }

  @Test
  void storeThroughPointerToConst() {
    assertThat(Compile.diagnostics("__global__ void k(const float *in) {\n  in[0] = 1.0f;\n}\n"))
        .containsExactly("2:3: error: cannot assign through a pointer to const ('const float *')");
  }

  @Test
  void builtinIndexIsReadOnly() {
    assertThat(Compile.diagnostics("__global__ void k() {\n  threadIdx.x = 0;\n}\n"))
        .containsExactly("2:3: error: cannot assign to 'threadIdx.x' with const-qualified type");
  }

  @Test
  void pointerFromFloatIsATypeError() {
    assertThat(Compile.diagnostics("__global__ void k() {\n  float *p = 1.0f;\n}\n"))
        .containsExactly("2:14: error: cannot initialize a variable of type 'float *' with a value of type 'float'");
  }

  @Test
  void droppingConstNeedsACast() {
    assertThat(Compile.diagnostics("void h(const float *in) {\n  float *p = in;\n  float *q = (float *)in;\n}\n"))
        .containsExactly("2:14: error: cannot initialize a variable of type 'float *' with a value of type 'const float *'");
  }

  @Test
  void breakOutsideLoop() {
    assertThat(Compile.diagnostics("__device__ void f() {\n  break;\n}\n"))
        .containsExactly("2:3: error: 'break' statement not in loop or switch statement");
  }

  @Test
  void continueInSwitchWithoutLoop() {
    assertThat(Compile.diagnostics("__device__ void f(int x) {\n  switch (x) { case 1: continue; }\n}\n"))
        .containsExactly("2:24: error: 'continue' statement not in loop statement");
  }

  @Test
  void kernelMustReturnVoid() {
    assertThat(Compile.diagnostics("__global__ int k() { return 0; }\n"))
        .containsExactly("1:16: error: a __global__ function must return void, not 'int'");
  }

  @Test
  void kernelCalledWithoutLaunch() {
    assertThat(Compile.diagnostics("__global__ void k() {}\nvoid h() {\n  k();\n}\n"))
        .containsExactly("3:3: error: a __global__ function call must be configured: use k<<<grid, block>>>(...)");
  }

  @Test
  void launchingADeviceFunction() {
    assertThat(Compile.diagnostics("__device__ void d() {}\nvoid h() {\n  d<<<1, 1>>>();\n}\n"))
        .containsExactly(
            "3:3: error: 'd' is not a __global__ function and cannot be launched");
  }

  @Test
  void deviceFunctionFromHost() {
    assertThat(Compile.diagnostics("__device__ int d() { return 1; }\nvoid h() {\n  int x = d();\n}\n"))
        .containsExactly("3:11: error: calling a __device__ function ('d') from a __host__ function is not allowed");
  }

  @Test
  void hostFunctionFromDevice() {
    assertThat(Compile.diagnostics("int h() { return 1; }\n__global__ void k(int *o) {\n  o[0] = h();\n}\n"))
        .containsExactly("3:10: error: calling a __host__ function ('h') from a __global__ function is not allowed");
  }

  @Test
  void wrongArgumentCount() {
    assertThat(Compile.diagnostics("__device__ int d(int a, int b) { return a + b; }\n__global__ void k(int *o) {\n  o[0] = d(1);\n}\n"))
        .containsExactly("3:10: error: too few arguments to function 'd': expected 2, have 1");
  }

  @Test
  void kernelArgumentsAreChecked() {
    assertThat(Compile.diagnostics("__global__ void k(float *o) {}\nvoid h(int *p) {\n  k<<<1, 32>>>(p);\n}\n"))
        .containsExactly("3:16: error: cannot pass a value of type 'int *' to a parameter of type 'float *'");
  }

  @Test
  void sharedArraySizeMustBeConstant() {
    assertThat(Compile.diagnostics("__global__ void k(int n) {\n  __shared__ float s[n];\n}\n"))
        .containsExactly("2:22: error: size of array 's' is not a constant expression (CUDA has no variable-length arrays: extern __shared__"
            + " takes a size known at launch)");
  }

  @Test
  void sharedArraySizeFromConstantsAndMacrosIsFine() {
    assertThat(Compile.diagnostics("#define SECTION_SIZE 1024\nconst int PAD = 1;\n__global__ void k() {\n  __shared__ float s[SECTION_SIZE / 4 + PAD];\n}\n"))
        .isEmpty();
  }

  @Test
  void sharedInitializerRejected() {
    assertThat(Compile.diagnostics("__global__ void k() {\n  __shared__ int s = 0;\n}\n"))
        .containsExactly("2:22: error: initialization is not supported for __shared__ variables");
  }

  @Test
  void externSharedMustBeUnsized() {
    assertThat(Compile.diagnostics("__global__ void k() {\n  extern __shared__ float s[16];\n}\n"))
        .containsExactly("2:28: error: sized extern __shared__ arrays are not supported: declare 's[]' unsized, its size comes from the launch");
  }

  @Test
  void redefinitionInSameScopeButShadowingIsFine() {
    assertThat(Compile.diagnostics("__device__ void f() {\n  int a = 1;\n  int a = 2;\n  { int a = 3; }\n}\n"))
        .containsExactly("3:7: error: redefinition of 'a'");
  }

  @Test
  void aStringLiteralIsTrueInAConditionAsInCAndCpp() {
    // assert(n > 0 && "message"), if (!"x"): a string literal decays to a pointer that is never null.
    assertThat(Compile.diagnostics("void h(int n) {\n  assert(n > 0 && \"n must be positive\");\n  if (!\"x\" || \"y\") n = 1;\n}\n"))
        .isEmpty();
    // A value with no truth value is still refused, by its type.
    assertThat(Compile.diagnostics("void h() {\n  dim3 d(1);\n  if (d) return;\n}\n"))
        .containsExactly("3:7: error: value of type 'dim3' is not contextually convertible to 'bool'");
  }

  @Test
  void subscriptMustBeInteger() {
    assertThat(Compile.diagnostics("__global__ void k(float *p) {\n  p[1.5f] = 0;\n}\n"))
        .containsExactly("2:5: error: array subscript is not an integer (it has type 'float')");
  }

  @Test
  void remainderOnFloatIsInvalid() {
    assertThat(Compile.diagnostics("__device__ float f(float a) {\n  return a % 2;\n}\n"))
        .containsExactly("2:10: error: invalid operands to binary expression ('float' % 'int')");
  }

  @Test
  void returnValueChecks() {
    assertThat(Compile.diagnostics("__device__ int f() {\n  return;\n}\n__device__ void g() {\n  return 1;\n}\n"))
        .containsExactly(
            "2:3: error: non-void function should return a value of type 'int'",
            "5:10: error: void function should not return a value");
  }

  @Test
  void severalErrorsInOneRun() {
    assertThat(Compile.diagnostics("__global__ void k(float *o) {\n  o[0] = a;\n  o[1] = b;\n  o[2] = c;\n}\n"))
        .hasSize(3);
  }

  @Test
  void duplicateCaseLabel() {
    assertThat(Compile.diagnostics("__device__ int f(int x) {\n  switch (x) { case 1: return 1; case 1: return 2; }\n  return 0;\n}\n"))
        .containsExactly("2:39: error: duplicate case value '1'");
  }

  @Test
  void atomicsOnConstOrWrongType() {
    assertThat(Compile.diagnostics("__global__ void k(const int *c, double *d) {\n  atomicAdd(c, 1);\n  atomicMax(d, 1.0);\n}\n"))
        .containsExactly(
            "2:13: error: 'atomicAdd' cannot modify memory through a pointer to const",
            "3:3: error: no overload of 'atomicMax' for 'double *'");
  }

  @Test
  void removedShuffleNamesTheReplacement() {
    assertThat(Compile.diagnostics("__global__ void k(int *o) {\n  o[0] = __shfl_up(o[0], 1);\n}\n"))
        .containsExactly("2:10: error: '__shfl_up' was removed in CUDA 9: use '__shfl_up_sync' with a lane mask");
  }

  @Test
  void cudaMallocNeedsAddressOfPointer() {
    assertThat(Compile.diagnostics("void h(float *p) {\n  cudaMalloc(p, 16);\n}\n"))
        .containsExactly("2:14: error: the first argument of 'cudaMalloc' must be the address of a pointer (e.g. (void **)&d_x), not 'float *'");
  }

  @Test
  void seedIdiomsAreAccepted() {
    String src = """
        __global__ void k(float *out, const float *in, volatile int *flags, unsigned int n) {
          __shared__ float xy[64];
          __shared__ unsigned int bid_s;
          extern __shared__ float dyn[];
          unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
          if (threadIdx.x == 0) bid_s = atomicAdd((unsigned int *)&flags[0], 1u);
          __syncthreads();
          xy[threadIdx.x] = i < n ? in[i] : 0.0f;
          for (unsigned int stride = 1; stride < blockDim.x; stride *= 2) {
            __syncthreads();
            float t;
            if (threadIdx.x >= stride) t = xy[threadIdx.x] + xy[threadIdx.x - stride];
            __syncthreads();
            if (threadIdx.x >= stride) xy[threadIdx.x] = t;
          }
          float *a = xy, *b = dyn;
          float *tmp = a; a = b; b = tmp;
          if (i < n) out[i] = xy[threadIdx.x] + a[0] * (float)bid_s;
        }
        void entry(const float *in, float *out, int n) {
          float *d = NULL;
          int *flags;
          cudaMalloc((void **)&flags, sizeof(int));
          cudaMemset(flags, 0, sizeof(int));
          dim3 grid((n + 63) / 64), block(64);
          k<<<grid, block, 64 * sizeof(float)>>>(out, in, flags, n);
          cudaDeviceSynchronize();
          if (cudaGetLastError() != cudaSuccess) printf("failed %d\\n", n);
          cudaFree(flags);
        }
        """;
    assertThat(Compile.diagnostics(src)).isEmpty();
  }

  @Test
  void floatGridSizeIsConvertedWithAWarningAsNvccDoes() {
    assertThat(Compile.diagnostics("__global__ void k() {}\nvoid h(int n) {\n  k<<<(n + 255) / 256.0f, 256>>>();\n}\n"))
        .containsExactly("3:7: warning: implicit conversion of the grid size from 'float' to 'unsigned int'");
    assertThat(Compile.source("__global__ void k() {}\nvoid h(int n) {\n  k<<<(n + 255) / 256.0f, 256>>>();\n}\n").ok()).isTrue();
  }

  @Test
  void variableIsInScopeInItsOwnInitializer() {
    // C11 §6.2.1p7: the inner x is declared before its initialiser, so x + 1 reads the inner one.
    assertThat(Compile.diagnostics("__device__ int f() {\n  int x = 1;\n  { int x = x + 1; return x; }\n}\n")).isEmpty();
    assertThat(Compile.diagnostics("__device__ int f() {\n  int y = y;\n  return y;\n}\n")).isEmpty();
  }

  @Test
  void fileScopeInitializersMustBeConstantOrEarlierHostValues() {
    // int m = n + 1 is C++'s initialisation before main, from n's initial value; device variables
    // cannot be initialised so (nvcc refuses dynamic initialisation of them), nor anything by a call.
    assertThat(Compile.diagnostics("__device__ float g = 2.0f * 3;\n__device__ float h = -1.5f;\nint n = 4;\nint m = n + 1;\n"
        + "__device__ int d = 3;\n__device__ int e = d + 1;\nint f() { return 1; }\nint k = f();\n"))
        .containsExactly("6:20: error: device variable 'd' cannot be used directly in host code",
            "6:20: error: initializer of file-scope variable 'e' is not a constant expression",
            "8:9: error: initializer of file-scope variable 'k' is not a constant expression");
  }

  @Test
  void narrowingInBracesIsAnError() {
    assertThat(Compile.diagnostics("__device__ void f(float v, int i) {\n  int a[2] = {1, v};\n  unsigned char c[1] = {300};\n  float g[2] = {i, 2};\n  float ok[2] = {1, 2.5f};\n}\n"))
        .containsExactly(
            "2:18: error: non-constant-expression cannot be narrowed from type 'float' to 'int' in initializer list",
            "3:25: error: constant expression evaluates to 300 which cannot be narrowed from type 'int' to 'unsigned char' in initializer list",
            "4:17: error: non-constant-expression cannot be narrowed from type 'int' to 'float' in initializer list");
  }

  @Test
  void jumpPastAnInitializationIntoACaseIsAnError() {
    assertThat(Compile.diagnostics("__device__ int f(int k) {\n  switch (k) {\n  case 0:\n    int t = 2;\n    return t;\n  case 1:\n    return 1;\n  }\n  return 0;\n}\n"))
        .containsExactly("6:3: error: cannot jump from switch statement to this case label");
  }

  @Test
  void incrementingABoolIsNotCxx17() {
    assertThat(Compile.diagnostics("__device__ void f(bool b) {\n  b++;\n}\n"))
        .containsExactly("2:3: error: ISO C++17 does not allow '++' on an operand of type 'bool'");
  }

  @Test
  void constantMemoryIsReadOnlyInKernels() {
    assertThat(Compile.diagnostics("__constant__ float table[4];\n__global__ void k() {\n  table[0] = 1.0f;\n}\n"))
        .containsExactly("3:3: error: cannot write to __constant__ variable 'table' from device code");
  }
}
