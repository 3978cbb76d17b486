package org.scansim.frontend;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;

/**
 * The C++ constructs of real-world scan code at their edges: templates instantiated inside
 * templates and by deduction, their limits, lookup in namespaces, overloads' tie-breaks and the
 * cooperative groups' misuse. Each case is one a review of the first version found wrong.
 */
class CppConstructsTest {
  private static final Duration QUICK = Duration.ofSeconds(20);

  @Test
  void anUnsupportedConstructInADeducedInstanceIsReported() {
    assertThat(Compile.diagnostics("""
        template <typename T> __global__ void k(T *a) { if (threadIdx.x == 0) goto done; a[0] = 1; done: ; }
        void entry(const float *in, float *out, int n) { k<<<1, 32>>>(out); }
        """)).anyMatch(d -> d.startsWith("1:") && d.contains("goto"));
  }

  @Test
  void functionTemplatesOfOneNameAreChosenByTheirNumberOfParameters() {
    String ir = Compile.ir("""
        template <typename T, typename F> __device__ T fold(T a, T b, F f) { return f(a, b); }
        template <typename T> __device__ T fold(T a, T b) { return fold(a, b, [](T x, T y) { return x + y; }); }
        __global__ void k(float *a) { a[0] = fold(a[1], a[2]); }
        """);
    assertThat(ir).contains("device @fold<float>/2(").contains("device @fold<float, lambda_2_71>/3(");
    assertThat(Compile.diagnostics("""
        template <typename T> __device__ T g(T a) { return a; }
        template <typename T> __device__ T g(T *a) { return *a; }
        """)).containsExactly("2:36: error: a second template named 'g' with 1 parameters: overloading function templates is supported"
        + " only between different numbers of parameters");
  }

  @Test
  void aReferenceToVoidIsRefused() {
    // A mutation the robustness fuzz made: the lowering had no type for the result.
    assertThat(Compile.diagnostics("__device__ void &widen(int *w) { return *w; }\nvoid f(void &x) { }\n"))
        .contains("1:12: error: cannot form a reference to 'void'", "2:8: error: cannot form a reference to 'void'");
  }

  @Test
  void aTypedefInATemplatesBodyBelongsToEachInstance() {
    String ir = Compile.ir("""
        template <typename T> __device__ T twice(T x) { typedef T V; V y = x + x; return y; }
        __global__ void k(float *a, int *b) { a[0] = twice(1.25f); b[0] = twice(1); }
        """);
    assertThat(ir).contains("device @twice<float>(%x.0: f32) -> f32").contains("device @twice<int>(%x.0: i32) -> i32");
  }

  @Test
  void aTemplateThatInstantiatesItselfWithoutEndStopsWithAnError() {
    String deduced = "template <typename T> __device__ int g(T x) { return g(&x); }\n__global__ void k(int *a) { a[0] = g(1); }\n";
    assertThat(Assertions.assertTimeoutPreemptively(QUICK, () -> Compile.diagnostics(deduced)))
        .anyMatch(d -> d.contains("more than 1000 template instances") || d.contains("nests templates more than 64 deep"));
    String doubling = "template <int N> __device__ int f(int x) { return f<N * 2>(x) + f<N * 2 + 1>(x); }\n"
        + "__global__ void k(int *a) { a[0] = f<1>(0); }\n";
    assertThat(Assertions.assertTimeoutPreemptively(QUICK, () -> Compile.diagnostics(doubling)))
        .anyMatch(d -> d.contains("template instances") || d.contains("deep"));
  }

  @Test
  void anExplicitInstanceInsideADeducedOneIsDeclaredAndLowered() {
    String ir = Compile.ir("""
        template <int W, typename T> __device__ T wsum(T v) { return v * W; }
        template <typename T> __device__ T bsum(T v) { return wsum<32, T>(v); }
        __global__ void k(const float *in, float *out) { out[0] = bsum(in[0]); }
        """);
    assertThat(ir).contains("device @wsum<32, float>(").contains("call @wsum<32, float>(");
  }

  @Test
  void aDeducedInstanceTakesItsDefaultArgumentsAtItsFirstCall() {
    assertThat(Compile.ir("""
        template <typename T> __device__ T scale(T x, int k = 2) { return x * k; }
        __global__ void k(float *a) { a[0] = scale(a[0]); }
        """)).contains("call @scale<float>(");
  }

  @Test
  void aRecursiveInstanceCallsItself() {
    assertThat(Compile.ir("""
        template <int B> void scan_rec(float *d, int n) { if (n > B) scan_rec<B>(d, n / B); }
        void entry(const float *in, float *out, int n) { scan_rec<4>(out, n); }
        """)).contains("call @scan_rec<4>(");
  }

  @Test
  void aTemplateParameterDefaultMayUseTheParametersBeforeIt() {
    assertThat(Compile.ir("""
        template <int BLOCK, int ITEMS = BLOCK * 2, typename U = float> __global__ void k(U *a) { a[0] = ITEMS; }
        void entry(const float *in, float *out, int n) { k<128><<<1, 128>>>(out); }
        """)).contains("kernel @k<128, 256, float>(");
  }

  @Test
  void aLocalConstantIsNotTheFileScopeOneOfTheSameName() {
    assertThat(Compile.diagnostics("""
        const int BLOCK = 256;
        template <int N> __global__ void k(float *a) { a[0] = N; }
        void entry(const float *in, float *out, int n) { const int BLOCK = 128; k<BLOCK><<<1, 32>>>(out); }
        """)).anyMatch(d -> d.contains("'BLOCK' is declared inside a function: scansim takes a template argument only from a literal,"
            + " a const integer of file scope, or arithmetic on them (a local const: move it to file scope, const int BLOCK = ...;)"));
  }

  @Test
  void cooperativeGroupMisuseIsAnErrorNotACrash() {
    String head = "#include <cooperative_groups.h>\nnamespace cg = cooperative_groups;\n__global__ void k(float *a) {\n"
        + "  cg::thread_block block = cg::this_thread_block();\n";
    assertThat(Compile.diagnostics(head + "  auto t = cg::tiled_partition<float>(block);\n}\n"))
        .anyMatch(d -> d.contains("tiled_partition<float> needs a size"));
    assertThat(Compile.diagnostics(head + "  auto w = cg::tiled_partition<32>(block);\n  auto q = cg::tiled_partition<4>(w);\n}\n"))
        .anyMatch(d -> d.contains("partitioning a tile"));
    assertThat(Compile.diagnostics(head + "  auto w = cg::tiled_partition<32>(block);\n  w = cg::tiled_partition<32>(block);\n}\n"))
        .anyMatch(d -> d.contains("a cooperative group cannot be assigned"));
    assertThat(Compile.diagnostics(head + "  auto p = &block;\n}\n")).anyMatch(d -> d.contains("no address or value"));
    assertThat(Compile.diagnostics("#include <cooperative_groups.h>\nnamespace cg = cooperative_groups;\n"
        + "__global__ void k(cg::thread_block b, float *a) { a[0] = 1; }\n"))
        .anyMatch(d -> d.contains("a cooperative group is a parameter of __device__ functions only"));
  }

  @Test
  void aTileIsPassedToADeviceFunctionAsItsTypeAlone() {
    String ir = Compile.ir("""
        #include <cooperative_groups.h>
        namespace cg = cooperative_groups;
        __device__ float first(cg::thread_block_tile<8> t, float v) { return t.shfl(v, 0); }
        __global__ void k(float *a) {
          auto t = cg::tiled_partition<8>(cg::this_thread_block());
          a[threadIdx.x] = first(t, a[threadIdx.x]);
        }
        """);
    assertThat(ir).contains("device @first(%v.0: f32) -> f32").containsPattern("call @first\\(%\\d+\\)");
  }

  @Test
  void theGroupsNamesAreOrdinaryNamesInAFileWithoutThem() {
    Compile.ir("__global__ void k(int *a) { int thread_block = 1; int less = 2, n = 3; a[0] = thread_block + (less < n); }\n");
    Compile.ir("#include <algorithm>\n#include <cstdint>\nusing std::min;\nusing std::uint32_t;\n"
        + "int blocks(int n) { uint32_t b = 256; return min(n, (int) b); }\n");
  }

  @Test
  void anExactMatchBeatsOneThatAddsConst() {
    assertThat(Compile.ir("""
        __device__ float load(const float *p) { return p[0]; }
        __device__ float load(float *p) { return 2 * p[0]; }
        __global__ void k(float *a) { a[1] = load(a); }
        """)).contains("call @load(float *)(");
  }

  @Test
  void hostileQualifiedNamesAndUsingDirectivesStayLinear() {
    StringBuilder chain = new StringBuilder("__global__ void k(int *a) { a[0] = a");
    for (int i = 0; i < 100_000; i++) {
      chain.append("::a");
    }
    chain.append("; }\n");
    Assertions.assertTimeoutPreemptively(QUICK, () -> Compile.diagnostics(chain.toString()));
    StringBuilder usings = new StringBuilder();
    for (int i = 0; i < 2_000; i++) {
      usings.append("namespace n").append(i).append(" { int v").append(i).append("; }\nusing namespace n").append(i).append(";\n");
    }
    usings.append("__global__ void k(int *a) { a[0] = threadIdx.x; }\n");
    assertThat(Assertions.assertTimeoutPreemptively(QUICK, () -> Compile.diagnostics(usings.toString())))
        .anyMatch(d -> d.contains("more than 64 using-directives"));
  }

  @Test
  void aTemplateParametersDefaultIsLookedUpInTheTemplatesNamespace() {
    assertThat(Compile.ir("""
        namespace scan { const int WARP = 32; template <typename T, int W = WARP> __device__ T f(T v) { return v * W; } }
        __global__ void k(float *a) { a[0] = scan::f(a[0]); }
        """)).contains("device @scan::f<float, 32>(");
  }

  @Test
  void aTypedefInAFunctionHidesAnOuterOne() {
    Compile.ir("""
        typedef double V;
        template <typename T> __device__ T twice(T x) { typedef T V; V y = x + x; return y; }
        __global__ void k(float *a) { a[0] = twice(a[0]); }
        """);
  }

  @Test
  void groupsStayInDeviceCode() {
    assertThat(Compile.diagnostics("#include <cooperative_groups.h>\nnamespace cg = cooperative_groups;\n"
        + "__host__ __device__ float hd(cg::thread_block b, float v) { return v; }\n"
        + "void entry(const float *in, float *out, int n) { auto b = cg::this_thread_block(); }\n"))
        .anyMatch(d -> d.contains("a cooperative group is a parameter of __device__ functions only"))
        .anyMatch(d -> d.contains("cooperative groups are device code"));
    Compile.ir("#include <cstdint>\nusing ::std::uint32_t;\n__global__ void k(uint32_t *a) { a[0] = 1; }\n");
  }

  @Test
  void anExplicitInstantiationIsCheckedAgainstItsInstance() {
    // C++ [temp.explicit]: its parameters are the instance's (an array parameter is a pointer), once.
    assertThat(Compile.diagnostics("""
        typedef float real;
        template <int B, typename T> __global__ void scan(const T *in, T *out, int n) { }
        template __global__ void scan<256, float>(const float *, float *, int);
        template __global__ void scan<256, float>(const float *, float *, int);
        template __global__ void scan<128, float>(const int *, int *, int);
        template __global__ void scan<64, real>(const real in[], real *out, int n);
        """)).containsExactly("4:26: error: duplicate explicit instantiation of 'scan<256, float>'",
            "5:26: error: explicit instantiation of 'scan<128, float>' does not match the template: parameter 1 is 'const int *' here"
                + " and 'const float *' in the instance");
  }
}
