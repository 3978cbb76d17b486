package org.scansim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Lambdas (issue 44) and default member initializers, run as whole programs: captures by copy and
 * by reference, {@code this}, {@code mutable}, deduced and written return types, lambdas passed to
 * function templates and kernel templates, immediately invoked, nested, and in device code with
 * the block's shared memory. The host programs' expected lines are what g++ 12 printed for the
 * same text (the kernels stubbed out); the device results follow from the scan each computes.
 */
class LambdaProgramsTest {
  @TempDir Path dir;

  private CliRun run(String name, String text) throws Exception {
    Path f = Files.writeString(dir.resolve(name), text);
    return CliRun.of("run", f.toString(), "--no-timing");
  }

  @Test
  void hostLambdasCaptureAsCppSays() throws Exception {
    CliRun r = run("host.cu", """
        #include <cstdio>
        template <class F> void twice(F f) { f(); f(); }
        template <class F> int apply(F f, int x) { return f(x); }
        struct Acc {
          int total;
          void add(int k) {
            auto g = [this, k]() { total += k; };
            g();
            auto h = [&] { total += 1; };
            h();
          }
        };
        int main() {
          int count = 0;
          twice([&] { count++; });
          int m = 3;
          auto scale = [m](int v) { return v * m; };
          m = 100; // the copy was taken when the lambda was made
          int r = apply(scale, 7);
          auto mut = [count]() mutable { count += 100; return count; };
          int c2 = mut();
          int c3 = mut();
          Acc a;
          a.total = 0;
          a.add(5);
          double half = [](double y) { return y / 2; }(3.0);
          int n = 4;
          [&]() { n *= 2; }();
          auto larger = [](int x, int y) { if (x > y) return x; return y; };
          int arr[3] = {1, 2, 3};
          auto sum = [&]() {
            int s = 0;
            for (int i = 0; i < 3; i++) s += arr[i];
            auto inner = [&] { return s * 10; };
            return inner();
          };
          auto ptr = [&]() -> const char * { return count > 1 ? "many" : "few"; };
          printf("%d %d %d %d %d %g %d %d %d %s\\n", count, r, c2, c3, a.total, half, n, larger(3, 9), sum(), ptr());
          return 0;
        }
        """);
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).startsWith("2 21 102 202 6 1.5 8 9 60 many\n");
  }

  @Test
  void deviceLambdasRunInTheKernelAndAsAKernelTemplatesOperator() throws Exception {
    CliRun r = run("device.cu", """
        #include <cstdio>
        template <typename Op>
        __global__ void scan(int *a, int n, Op op) {
          __shared__ int s[64];
          int t = threadIdx.x;
          s[t] = a[t];
          __syncthreads();
          for (int d = 1; d < n; d *= 2) {
            int v = t >= d ? s[t - d] : 0;
            __syncthreads();
            if (t >= d) s[t] = op(s[t], v);
            __syncthreads();
          }
          auto store = [&](int i) { a[i] = s[i]; }; // the block's shared array, reached from the lambda
          store(t);
        }
        __global__ void local(int *out) {
          int base = 10;
          auto add = [=](int x, int y) { return x + y + base; };
          int t = threadIdx.x;
          auto bump = [&t]() { t += 1; };
          bump();
          out[threadIdx.x] = add(t, 1);
        }
        int main() {
          int h[8] = {1, 2, 3, 4, 5, 6, 7, 8};
          int *d;
          cudaMalloc(&d, sizeof h);
          cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
          scan<<<1, 8>>>(d, 8, [] __device__ (int x, int y) { return x + y; });
          cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
          for (int i = 0; i < 8; i++) printf("%d ", h[i]);
          local<<<1, 8>>>(d);
          cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
          printf("| %d %d\\n", h[0], h[7]);
          return 0;
        }
        """);
    assertThat(r.code()).as(r.err()).isZero();
    // The inclusive scan of 1..8; then thread t stores (t + 1) + 1 + 10.
    assertThat(r.out()).startsWith("1 3 6 10 15 21 28 36 | 12 19\n");
    assertThat(r.out()).contains("scan<lambda_30_24>");
  }

  @Test
  void defaultMemberInitializersRunInEveryConstructor() throws Exception {
    CliRun r = run("nsdmi.cu", """
        #include <cstdio>
        #include <vector>
        struct S { bool ok = true; double e = 0.5; int n{3}; int m{}; float *p = nullptr; };
        class C {
         public:
          C() {}
          C(int k) : n(k) {}
          int n = 7;
          int twice = n * 2;
          std::vector<int> v;
        };
        int main() {
          S s{};
          S t;
          S u = s;
          C a, b(5);
          a.v.push_back(4);
          printf("%d %g %d %d %d %d %d\\n", s.ok, s.e, s.n, s.m, t.n, u.n, s.p == nullptr);
          printf("%d %d %d %d %d\\n", a.n, a.twice, b.n, b.twice, (int) a.v.size());
          return 0;
        }
        """);
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).startsWith("1 0.5 3 0 3 3 1\n7 14 5 10 1\n");
  }

  @Test
  void whatCppRefusesOrTheSimulatorDoesNotModelIsNamed() throws Exception {
    CliRun uncaptured = run("uncaptured.cu", """
        int main() {
          int n = 3;
          auto f = []() { return n; };
          return f();
        }
        """);
    assertThat(uncaptured.code()).isEqualTo(2);
    assertThat(uncaptured.err()).contains("uncaptured.cu:3:12: error: variable 'n' cannot be implicitly captured in a lambda with no"
        + " capture-default specified");
    CliRun returns = run("returns.cu", """
        int main() {
          auto f = [](int x) { if (x) return 1; return 2.5; };
          return f(1);
        }
        """);
    assertThat(returns.err()).contains("returns.cu:2:48: error: return type 'double' must match previous return type 'int' when lambda"
        + " expression has unspecified explicit return type");
    CliRun byReference = run("extended.cu", """
        template <typename F> __global__ void k(int *a, F f) { a[threadIdx.x] = f(); }
        int main() {
          int n = 3;
          int *d;
          cudaMalloc(&d, 4);
          k<<<1, 1>>>(d, [&] __device__ () { return n; });
          return 0;
        }
        """);
    assertThat(byReference.err()).contains("error: a __device__ lambda written in host code cannot capture 'n' by reference");
    CliRun stateful = run("stateful.cu", """
        template <typename F> __global__ void k(int *a, F f) { a[threadIdx.x] = f(); }
        int main() {
          int n = 3;
          int *d;
          cudaMalloc(&d, 4);
          k<<<1, 1>>>(d, [n] __device__ () { return n; });
          return 0;
        }
        """);
    assertThat(stateful.err()).contains("a __global__ function's parameter of a class with fields ('lambda_6_18') is not supported");
    CliRun init = run("init.cu", """
        int main() {
          int size = 4;
          auto f = [n = size]() { return n; };
          return f();
        }
        """);
    assertThat(init.err()).contains("init.cu:3:13: error: init captures ('n = ...') are not supported");
    CliRun generic = run("generic.cu", """
        int main() {
          auto f = [](auto x) { return x; };
          return f(1);
        }
        """);
    assertThat(generic.err()).contains("generic.cu:2:15: error: generic lambdas ('auto' parameters) are not supported");
    for (CliRun r : new CliRun[] {returns, byReference, stateful, init, generic}) {
      assertThat(r.code()).as(r.err()).isEqualTo(2);
      assertThat(r.err()).doesNotContain("Exception");
    }
  }

  /**
   * Names as C++ scopes them: a lambda's parameter hides a field only in the lambda, a name the
   * body declares again hides the capture, a nested lambda's capture list captures in the
   * enclosing lambda, a constant is named, not captured. Expected: what g++ 12 printed.
   */
  @Test
  void namesFollowCppScopes() throws Exception {
    CliRun r = run("scopes.cu", """
        #include <cstdio>
        int count = 50;
        struct A {
          int count = 1;
          int run() {
            auto twice = [](int count) { return count * 2; };
            count += twice(5);
            return count;
          }
        };
        int main() {
          A a;
          const int N = 10;
          int x = 7;
          auto f = [=]() { int y = x; { int x = 5; y += x; } return y + N; };
          int sum = 0;
          auto g = [&]() { sum += 1; auto h = [](int sum) { return sum; }; return h(4) + sum; };
          int w = 3;
          auto outer = [=]() { auto in = [w]() { return w * 2; }; return in(); };
          auto mod = [](int i) { return i % N; };
          static const char *label = "scan";
          printf("%d %d %d %d %d %d %s\\n", a.run(), count, f(), g(), outer(), mod(23), label);
          return 0;
        }
        """);
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).startsWith("11 50 22 5 6 3 scan\n");
  }

  @Test
  void copiesThatWouldSkipConstructorsOrShareStateAreRefused() throws Exception {
    CliRun string = run("string.cu", """
        #include <string>
        int main() {
          std::string s = "old";
          auto p = [s]() { return (int) s.size(); };
          return p();
        }
        """);
    assertThat(string.code()).isEqualTo(2);
    assertThat(string.err()).contains("string.cu:4:13: error: capturing 's' of class 'std::string' by copy is not supported");
    CliRun shared = run("shared.cu", """
        #include <functional>
        int main() {
          int n = 0;
          std::function<int()> f = [n]() mutable { return ++n; };
          return f();
        }
        """);
    assertThat(shared.code()).isEqualTo(2);
    assertThat(shared.err()).contains("error: a function object whose operator() is not const (a mutable lambda) in a std::function is"
        + " not supported");
  }
}
