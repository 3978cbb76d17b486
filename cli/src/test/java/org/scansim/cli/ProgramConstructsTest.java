package org.scansim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 44's C++ of whole programs, run: references (host and device, parameters and locals,
 * const ones as copies), {@code new}/{@code delete} on the host heap, {@code static_assert},
 * the round-to-nearest arithmetic intrinsics. Each program prints what C++ says it must.
 */
class ProgramConstructsTest {
  @TempDir Path dir;

  private CliRun run(String name, String text, String... args) throws Exception {
    Path f = Files.writeString(dir.resolve(name), text);
    String[] all = new String[args.length + 3];
    all[0] = "run";
    all[1] = f.toString();
    all[2] = "--no-timing";
    System.arraycopy(args, 0, all, 3, args.length);
    return CliRun.of(all);
  }

  @Test
  void referencesBindToTheCallersObjectsOnTheHostAndTheDevice() throws Exception {
    CliRun r = run("refs.cu", """
        #include <cstdio>
        struct Params { int n; float scale; };
        // A homework's prescribed signature: the buffer and its size grow in the caller.
        void grow(float *&d, int &n) {
          float *bigger;
          cudaMalloc(&bigger, 2 * n * sizeof(float));
          cudaFree(d);
          d = bigger;
          n *= 2;
        }
        void describe(const Params &p, const int &extra) { printf("n=%d scale=%g extra=%d\\n", p.n, p.scale, extra); }
        __device__ void swap(float &a, float &b) { float t = a; a = b; b = t; }
        template <typename T> __device__ T add(const T &a, const T &b) { return a + b; }
        __global__ void k(float *x) {
          float mine = x[threadIdx.x];
          float other = x[31 - threadIdx.x];
          swap(mine, other);
          float &slot = x[threadIdx.x];
          slot = add(mine, other * 100.0f);
        }
        int main() {
          float *d = NULL;
          int n = 16;
          cudaMalloc(&d, n * sizeof(float));
          float *first = d;
          grow(d, n);
          Params p = {n, 0.5f};
          describe(p, n + 1);
          float h[32];
          for (int i = 0; i < 32; i++) h[i] = i;
          cudaMemcpy(d, h, sizeof(h), cudaMemcpyHostToDevice);
          k<<<1, 32>>>(d);
          cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
          int &alias = n;
          alias += 1;
          printf("%g %g %g n=%d moved=%d\\n", h[0], h[1], h[31], n, d != first);
          return 0;
        }
        """);
    assertThat(r.code()).as(r.err()).isZero();
    // Thread i swaps x[i] and x[31 - i]: mine = 31 - i, other = i; slot = x[i] = 31 - i + 100 i.
    assertThat(r.out()).startsWith("n=32 scale=0.5 extra=33\n31 130 3100 n=33 moved=1\n");
  }

  @Test
  void newAndDeleteUseTheHostHeapAndAMismatchIsAFault() throws Exception {
    CliRun ok = run("heap.cu", """
        #include <cstdio>
        struct P { int a; float b; };
        int main() {
          float *h = new float[8];
          int *z = new int[4]();
          P *p = new P;
          p->a = 3;
          for (int i = 0; i < 8; i++) h[i] = i * 0.5f;
          printf("%g %d %d %d\\n", h[7], z[0], z[3], p->a);
          delete[] h;
          delete[] z;
          delete p;
          delete (int *)0;
          return 0;
        }
        """);
    assertThat(ok.code()).as(ok.err()).isZero();
    assertThat(ok.out()).startsWith("3.5 0 0 3\n");
    CliRun bad = run("mismatch.cu", """
        int main() {
          int *q = new int[2];
          delete q;
          return 0;
        }
        """);
    assertThat(bad.code()).isEqualTo(Main.KERNEL_FAULT);
    assertThat(bad.out()).contains("mismatch.cu:3:3: delete of a block new[] returned, which delete[] frees (a mismatched deallocation)");
  }

  @Test
  void fileScopeValuesMadeOfEarlierOnesAndFormatsKnownAtRunTimeWorkAsInCpp() throws Exception {
    CliRun r = run("init.cu", """
        #include <cstdio>
        #include <ctime>
        int THREADS_PER_BLOCK = 512;
        int ELEMENTS_PER_BLOCK = THREADS_PER_BLOCK * 2;
        void report(const char *prefix, int v) {
          printf(prefix);
          fprintf(stdout, "%s=%d\\n", "v", v);
        }
        int main() {
          THREADS_PER_BLOCK = 1; // after initialisation: ELEMENTS_PER_BLOCK keeps the value it was given
          const char *fmt = "%d elements per block\\n";
          printf(fmt, ELEMENTS_PER_BLOCK);
          report("result: ", THREADS_PER_BLOCK);
          struct timespec ts;
          printf("%d\\n", timespec_get(&ts, TIME_UTC));
          return 0;
        }
        """);
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).startsWith("1024 elements per block\nresult: v=1\n1\n");
    CliRun call = run("call.cu", "int f() { return 3; }\nint a = f();\nint main() { return a; }\n");
    assertThat(call.code()).isEqualTo(Main.INVALID_INPUT);
    assertThat(call.err()).contains("call.cu:2:9: error: initializer of file-scope variable 'a' is not a constant expression");
  }

  @Test
  void theLengthLimitedStringFunctionsReadAtMostTheirLength() throws Exception {
    // Neither source ends within n bytes: C reads no further, so nothing faults.
    CliRun r = run("strn.cu", """
        #include <cstdio>
        #include <cstring>
        int main() {
          char src[3] = {'a', 'b', 'c'};
          char dst[4] = {0, 0, 0, 0};
          strncpy(dst, src, 3);
          char tag[4] = {'F', 'I', 'L', 'E'};
          printf("[%s] %d %d\\n", dst, strncmp(tag, "FILEX", 4), strncmp(tag, "FILM", 4) < 0);
          return 0;
        }
        """);
    assertThat(r.code()).as(r.out() + r.err()).isZero();
    assertThat(r.out()).startsWith("[abc] 0 1\n");
  }

  @Test
  void aKnownSystemHeaderStaysBuiltInWhenTheIncludePathHoldsTheRealOne() throws Exception {
    java.nio.file.Files.createDirectories(dir.resolve("sys"));
    java.nio.file.Files.writeString(dir.resolve("sys/stdio.h"), "#if __GLIBC_USE (IEC_60559_BFP_EXT_C2X)\n#endif\n");
    CliRun r = run("hello.cu", "#include <stdio.h>\nint main() { printf(\"hi\\n\"); return 0; }\n", "-I",
        dir.resolve("sys").toString());
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).startsWith("hi\n");
  }

  @Test
  void staticAssertionsAreCheckedAndTheRoundToNearestIntrinsicsAreTheirOperations() throws Exception {
    CliRun r = run("intrinsics.cu", """
        #include <cstdio>
        const int THREADS = 32;
        static_assert(THREADS % 32 == 0, "whole warps");
        __global__ void k(float *x, double *y) {
          static_assert(sizeof(float) == 4);
          int i = threadIdx.x;
          x[i] = __fmul_rn(__fadd_rn(x[i], 1.0f), 3.0f) - __fdiv_rn(x[i], 2.0f) + __fsub_rn(0.0f, 1.0f);
          y[i] = __dadd_rn(y[i], __dmul_rn(y[i], 0.5));
        }
        int main() {
          float *x; double *y;
          cudaMalloc(&x, THREADS * sizeof(float));
          cudaMalloc(&y, THREADS * sizeof(double));
          float hx[THREADS]; double hy[THREADS];
          for (int i = 0; i < THREADS; i++) { hx[i] = i; hy[i] = i; }
          cudaMemcpy(x, hx, sizeof(hx), cudaMemcpyHostToDevice);
          cudaMemcpy(y, hy, sizeof(hy), cudaMemcpyHostToDevice);
          k<<<1, THREADS>>>(x, y);
          cudaMemcpy(hx, x, sizeof(hx), cudaMemcpyDeviceToHost);
          cudaMemcpy(hy, y, sizeof(hy), cudaMemcpyDeviceToHost);
          printf("%g %g %g\\n", hx[4], hy[4], hy[31]);
          return 0;
        }
        """);
    assertThat(r.code()).as(r.err()).isZero();
    // (4 + 1) * 3 - 4 / 2 - 1 = 12; 4 + 4 * 0.5 = 6; 31 + 15.5 = 46.5.
    assertThat(r.out()).startsWith("12 6 46.5\n");
  }

  @Test
  void functionPointersCallTheFunctionTheyHoldAndStaticLocalsKeepTheirValues() throws Exception {
    CliRun r = run("fp.cu", """
        #include <cstdio>
        typedef int (*binop_t)(int, int);
        static int add(int a, int b) { return a + b; }
        static int mul(int a, int b) { return a * b; }
        static int fold(binop_t op, const int *x, int n, int init) {
          int acc = init;
          for (int i = 0; i < n; i++) acc = op(acc, x[i]);
          return acc;
        }
        void scanWith(int (*op)(int, int), const int *in, int *out, int n) {
          int acc = in[0];
          out[0] = acc;
          for (int i = 1; i < n; i++) { acc = (*op)(acc, in[i]); out[i] = acc; }
        }
        float twice(float v) { return 2 * v; }
        int counter() { static int calls = 0; static int big[3] = {7}; calls++; big[1] += calls; return calls * 100 + big[1]; }
        int other() { static int calls = 10; return ++calls; }
        int main() {
          int x[5] = {1, 2, 3, 4, 5}, y[5];
          binop_t chosen = &mul;
          printf("%d %d %d\\n", fold(add, x, 5, 0), fold(chosen, x, 5, 1), chosen == mul);
          scanWith(add, x, y, 5);
          for (int i = 0; i < 5; i++) printf("%d ", y[i]);
          float (*g)(float) = twice;
          printf("\\n%.1f %d\\n", g(1.5f), g != NULL);
          for (int i = 0; i < 3; i++) printf("%d %d\\n", counter(), other());
          binop_t none = NULL;
          if (!none) printf("none\\n");
          return none(1, 2);
        }
        """);
    // What the same program printed built with g++ 12, which then died of the call through NULL (SIGSEGV).
    assertThat(r.out()).as(r.err()).startsWith("15 120 1\n1 3 6 10 15 \n3.0 1\n101 11\n203 12\n306 13\nnone\n")
        .contains("fp.cu:29:10: call through a null function pointer");
    assertThat(r.code()).isEqualTo(Main.KERNEL_FAULT);
  }

  @Test
  void aKernelPointerIsLaunchedAndNeverCalledAndAHostFunctionIsNeverLaunched() throws Exception {
    String kernels = """
        #include <cstdio>
        __global__ void ones(int *a, int n) { if (threadIdx.x < n) a[threadIdx.x] = 1; }
        void host(int *a, int n) { }
        int main() {
          void (*k)(int *, int) = %s;
          int *d, h[4];
          cudaMalloc(&d, sizeof h);
          %s
          cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
          printf("%%d %%d\\n", h[0], h[3]);
          return 0;
        }
        """;
    CliRun launched = run("kp.cu", kernels.formatted("ones", "k<<<1, 32>>>(d, 4);"));
    assertThat(launched.code()).as(launched.err()).isZero();
    assertThat(launched.out()).startsWith("1 1\n").contains("ones");
    CliRun called = run("kp.cu", kernels.formatted("&ones", "k(d, 4);"));
    assertThat(called.code()).isEqualTo(Main.KERNEL_FAULT);
    assertThat(called.out()).contains("kp.cu:8:3: a call through a function pointer that holds the kernel 'ones': a kernel is launched");
    CliRun host = run("kp.cu", kernels.formatted("host", "k<<<1, 32>>>(d, 4);"));
    assertThat(host.code()).isEqualTo(Main.KERNEL_FAULT);
    assertThat(host.out()).contains("kp.cu:8:3: a launch through a function pointer that holds the host function 'host', not a __global__");
  }

  @Test
  void classesHaveMemberFunctionsConstructorsAndDestructorsAsInCpp() throws Exception {
    CliRun r = run("cls.cu", """
        #include <cstdio>
        struct Counter {
          int count;
          int step;
          Counter() : count(0), step(1) {}
          Counter(int s) : count(0), step(s) {}
          ~Counter() { printf("bye %d\\n", count); }
          void tick() { count += step; }
          int get() const { return count; }
          void twice() { tick(); this->tick(); }
          static int zero() { return 0; }
        };
        struct Add {
          __host__ __device__ int operator()(int a, int b) const { return a + b; }
        };
        namespace lab {
        class Timer {
        public:
          Timer();
          ~Timer();
          void add(int ms);
          int total();
        private:
          int sum;
        };
        Timer::Timer() : sum(0) {}
        Timer::~Timer() { printf("timer %d\\n", sum); }
        void Timer::add(int ms) { sum += ms; }
        int Timer::total() { return sum; }
        }
        int first(int n) {
          Counter c(n);
          for (int i = 0; i < 3; i++) {
            Counter inner(10);
            inner.tick();
            if (i == 1) break;
          }
          c.tick();
          return c.get();
        }
        int main() {
          Counter c;
          c.tick();
          Counter *p = &c;
          p->twice();
          Add add;
          lab::Timer t;
          t.add(3);
          t.add(4);
          printf("%d %d %d %d %d\\n", c.get(), p->get(), add(2, 3), first(5), t.total() + Counter::zero());
          {
            Counter inner(100);
            inner.tick();
          }
          return 0;
        }
        """);
    // What the same program printed built with g++ 12: each object ends when its scope does, the last made first.
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).startsWith("bye 10\nbye 10\nbye 5\n3 3 5 5 7\nbye 100\ntimer 7\nbye 3\n");
  }

  @Test
  void copiesStaticLocalsOfTemplatesConstMembersOutsideTheClassAndPrintfCounts() throws Exception {
    CliRun r = run("more.cu", """
        #include <cstdio>
        template<typename T> int perT() { static int c = 0; return ++c; }
        struct P { int x, y; P(int a, int b) : x(a), y(b) {} int sum() const; int f(int k = 3) { return k + x; } };
        int P::sum() const { return x + y; }
        int main() {
          perT<int>(); perT<int>();
          printf("%d %d\\n", perT<int>(), perT<float>());
          P p(1, 2);
          P q = p;
          P r(q);
          char buf[32];
          int k = sprintf(buf, "%d", 12345);
          int need = snprintf(NULL, 0, "%s-%d", "ab", 7);
          int printed = printf("abc\\n");
          printf("%d %d %d %d %d %d\\n", q.sum(), r.sum(), p.f(), k, need, printed);
          return 0;
        }
        """);
    // What the same program printed built with g++ 12.
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).startsWith("3 1\nabc\n3 3 4 5 4 4\n");
  }

  @Test
  void overloadedOperatorsOfStructsAreCalledForTheirOperators() throws Exception {
    CliRun r = run("op.cu", """
        #include <cstdio>
        struct Pair {
          int sum, count;
          __host__ __device__ Pair operator+(const Pair &o) const { Pair r; r.sum = sum + o.sum; r.count = count + o.count; return r; }
          __host__ __device__ bool operator==(const Pair &o) const { return sum == o.sum && count == o.count; }
        };
        struct V { float x, y; };
        __host__ __device__ V operator*(V a, float k) { V r; r.x = a.x * k; r.y = a.y * k; return r; }
        __host__ __device__ V operator+(V a, V b) { V r; r.x = a.x + b.x; r.y = a.y + b.y; return r; }
        __global__ void scanPairs(const Pair *in, Pair *out, int n) {
          __shared__ Pair s[32];
          int t = threadIdx.x;
          s[t] = in[t];
          __syncthreads();
          for (int d = 1; d < 32; d *= 2) {
            Pair v = s[t];
            if (t >= d) v = s[t - d] + v;
            __syncthreads();
            s[t] = v;
            __syncthreads();
          }
          out[t] = s[t];
        }
        int main() {
          Pair h[32];
          for (int i = 0; i < 32; i++) { h[i].sum = i; h[i].count = 1; }
          Pair *d_in, *d_out;
          cudaMalloc(&d_in, sizeof h); cudaMalloc(&d_out, sizeof h);
          cudaMemcpy(d_in, h, sizeof h, cudaMemcpyHostToDevice);
          scanPairs<<<1, 32>>>(d_in, d_out, 32);
          cudaMemcpy(h, d_out, sizeof h, cudaMemcpyDeviceToHost);
          Pair a = h[1], b = h[2];
          Pair c = a + b;
          V v = {1, 2}, w = {3, 4};
          V u = v * 2.0f + w;
          printf("%d %d %d %d %d %g %g\\n", h[31].sum, h[31].count, c.sum, c.count, a + b == c, u.x, u.y);
          return 0;
        }
        """);
    // A block scan of (sum, count) pairs through Pair::operator+ on the device; on the host a member
    // operator== on a value (a + b == c) and free operators chained (v * 2.0f + w). The expected line
    // is what the same host code printed built with g++ 12, with the kernel's scan done on the host.
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).startsWith("496 32 4 5 1 5 8\n");
  }

  @Test
  void classTemplatesAreInstantiatedPerArgumentList() throws Exception {
    CliRun r = run("ct.cu", """
        #include <cstdio>
        template <typename T, int BLOCK = 128>
        struct BlockScan {
          T *temp;
          __device__ BlockScan(T *storage) : temp(storage) {}
          __device__ T inclusiveSum(T v) {
            int t = threadIdx.x;
            temp[t] = v;
            __syncthreads();
            for (int d = 1; d < BLOCK; d *= 2) {
              T other = t >= d ? temp[t - d] : T(0);
              __syncthreads();
              temp[t] += other;
              __syncthreads();
            }
            return temp[t];
          }
          static int size() { return BLOCK; }
        };
        template <typename T>
        struct Pair { T a, b; T sum() const { return a + b; } };
        __global__ void k(const float *in, float *out) {
          __shared__ float s[128];
          BlockScan<float> scan(s);
          out[threadIdx.x] = scan.inclusiveSum(in[threadIdx.x]);
        }
        int main() {
          float h[128];
          for (int i = 0; i < 128; i++) h[i] = 1;
          float *d_in, *d_out;
          cudaMalloc(&d_in, sizeof h); cudaMalloc(&d_out, sizeof h);
          cudaMemcpy(d_in, h, sizeof h, cudaMemcpyHostToDevice);
          k<<<1, 128>>>(d_in, d_out);
          cudaMemcpy(h, d_out, sizeof h, cudaMemcpyDeviceToHost);
          Pair<int> p; p.a = 2; p.b = 3;
          Pair<double> q; q.a = 0.5; q.b = 0.25;
          printf("%g %g %d %g %d %d\\n", h[0], h[127], p.sum(), q.sum(), 128, 64);
          return 0;
        }
        """);
    // An inclusive scan of 128 ones ends at 128; 2 + 3; 0.5 + 0.25; BLOCK's default and a written one.
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).startsWith("1 128 5 0.75 128 64\n");
  }

  @Test
  void newAndDeleteOfAClassRunItsConstructorAndDestructor() throws Exception {
    CliRun r = run("nw.cu", """
        #include <cstdio>
        struct Counter {
          int count, step;
          Counter() : count(0), step(1) { printf("made 1\\n"); }
          Counter(int s) : count(0), step(s) { printf("made %d\\n", s); }
          ~Counter() { printf("gone %d\\n", count); }
          void tick() { count += step; }
        };
        struct Plain { int a; };
        int main() {
          Counter *a = new Counter;
          Counter *b = new Counter(5);
          Plain *p = new Plain;
          p->a = 3;
          a->tick();
          b->tick();
          b->tick();
          Counter *none = 0;
          delete none;
          delete a;
          delete b;
          delete p;
          printf("done %d\\n", 1);
          return 0;
        }
        """);
    // What the same program printed built with g++ 12: delete of NULL runs nothing.
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).startsWith("made 1\nmade 5\ngone 1\ngone 10\ndone 1\n");
  }

  @Test
  void defaultedAndDeletedMembersAndBracedStringsReadAsCppHasThem() throws Exception {
    CliRun r = run("df.cu", """
        #include <cstdio>
        struct A {
          int v;
          A() = default;
          A(int x) : v(x) {}
          ~A() = default;
          A(const A &) = delete;
          int get() const { return v; }
          void gone() = delete;
        };
        int main() {
          A a(3);
          A b;
          b.v = 4;
          char s[] = {"ab"};
          char t[8] = {"xyz"};
          printf("%d %d %s %s %zu\\n", a.get(), b.get(), s, t, sizeof s);
          return 0;
        }
        """);
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).startsWith("3 4 ab xyz 3\n");
    CliRun deleted = run("del.cu", """
        struct A { int v; void gone() = delete; };
        int main() { A a; a.v = 1; a.gone(); return 0; }
        """);
    assertThat(deleted.code()).isEqualTo(Main.INVALID_INPUT);
    assertThat(deleted.err()).contains("del.cu:2:30: error: no member function 'gone' in 'A'");
  }

  @Test
  void referenceReturnsSubscriptOperatorsRangeForAndListInitialisationWorkAsInCpp() throws Exception {
    CliRun r = run("ranges.cu", """
        #include <cstdio>
        struct Box { int v[4]; };
        struct P { int x, y; };
        class Acc { public: Acc(int a, int b) : s(a + b) {} int s; };
        int main() {
          int a[5] = {1, 2, 3, 4, 5};
          for (auto &x : a) x *= 2;
          int s = 0;
          for (const int x : a) { if (x == 4) continue; if (x == 10) break; s += x; }
          Box bx; for (int i = 0; i < 4; i++) bx.v[i] = i;
          for (int &x : bx.v) x += 10;
          int t = 0;
          for (int x : bx.v) for (int y : a) t += x * y;
          int z{7};
          auto w{z + 1};
          double d{2.5};
          P p{3, 4};
          int arr[3]{9, 8, 7};
          Acc acc{5, 6};
          Acc acc2 = {1, 2};
          float f{};
          printf("%d %d %d %d %g %d %d %d %d %d %g\\n", s, t, z, w, d, p.x + p.y, arr[0] + arr[2], acc.s, bx.v[3], acc2.s, f);
          return 0;
        }
        """);
    assertThat(r.code()).as(r.err()).isZero();
    // What g++ 12 printed for the same file.
    assertThat(r.out()).startsWith("16 1380 7 8 2.5 7 16 11 13 3 0\n");
    CliRun refs = run("refret.cu", """
        #include <cstdio>
        int g[4];
        int &at(int i) { return g[i]; }
        struct S { int a; int &ref() { return a; } };
        int main() {
          at(2) = 5;
          at(2) += 1;
          S s; s.a = 1; s.ref() = 7;
          int &r = at(2);
          r++;
          printf("%d %d\\n", g[2], s.a);
          int arr[3] = {1,2,3};
          for (int i = 0; i < 3; i++) printf("%d", arr[i]);
          return 0;
        }
        """);
    assertThat(refs.code()).as(refs.err()).isZero();
    assertThat(refs.out()).startsWith("7 7\n123\n");
    // >> and >>> closing two and three template argument lists (C++11 [temp.names] ¶3).
    CliRun nested = run("nested.cu", "template <typename T> struct W { T v; };\n"
        + "int main() { W<W<int>> a; W<W<W<int>>> w; a.v.v = 1; w.v.v.v = 3; return w.v.v.v + a.v.v; }\n");
    assertThat(nested.code()).as(nested.err()).isEqualTo(4);
  }

  @Test
  void vectorsGrowCopyReturnByValueAndHandTheirDataToTheDevice() throws Exception {
    CliRun r = run("vec.cu", """
        #include <cstdio>
        #include <vector>
        #include <iostream>
        std::vector<int> prefix(const std::vector<int> &in) {
          std::vector<int> out(in.size());
          int run = 0;
          for (size_t i = 0; i < in.size(); ++i) { out[i] = run; run += in[i]; }
          return out;
        }
        __global__ void twice(int *d, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) d[i] *= 2; }
        int main() {
          std::vector<int> v;
          for (int i = 1; i <= 10; i++) v.push_back(i);
          std::vector<int> p = prefix(v);
          std::vector<int> copy = p;
          copy[0] = 99;
          std::vector<float> f(4, 1.5f);
          int *d; cudaMalloc(&d, v.size() * sizeof(int));
          cudaMemcpy(d, v.data(), v.size() * sizeof(int), cudaMemcpyHostToDevice);
          twice<<<1, 32>>>(d, (int) v.size());
          std::vector<int> back(v.size(), 0);
          cudaMemcpy(back.data(), d, back.size() * sizeof(int), cudaMemcpyDeviceToHost);
          int s = 0; for (int x : back) s += x;
          float fs = 0; for (const auto &x : f) fs += x;
          std::cout << p[9] << " " << copy[0] << " " << p[0] << " " << s << " " << fs << " " << v.back() << " " << v.empty() << std::endl;
          cudaFree(d);
          return 0;
        }
        """);
    assertThat(r.code()).as(r.err()).isZero();
    // prefix(1..10) exclusive: p[9] = 45, p[0] = 0; the copy is its own (99 does not reach p);
    // the kernel doubles 1..10 (sum 110); four 1.5f sum to 6; v.back() = 10; v is not empty.
    assertThat(r.out()).startsWith("45 99 0 110 6 10 0\n");
  }

  @Test
  void chronoClocksTimeOnTheDeterministicClock() throws Exception {
    String text = """
        #include <chrono>
        #include <iostream>
        int main() {
          const auto start{std::chrono::steady_clock::now()};
          int s = 0;
          for (int i = 0; i < 1000; i++) s += i;
          const auto end{std::chrono::steady_clock::now()};
          const std::chrono::duration<double> seconds{end - start};
          std::chrono::duration<double, std::milli> duration = end - start;
          long long us = std::chrono::duration_cast<std::chrono::microseconds>(end - start).count();
          auto ns = (end - start).count();
          std::cout << s << " " << (duration.count() == seconds.count() * 1000) << " " << (ns > 0) << " " << (us == ns / 1000) << std::endl;
          {
            using namespace std::chrono;
            auto now = high_resolution_clock::now();
            double t = duration_cast<std::chrono::duration<double>>(now.time_since_epoch()).count();
            milliseconds m = duration_cast<milliseconds>(now - now);
            std::cout << (t > 0) << " " << m.count() << std::endl;
          }
          return 0;
        }
        """;
    CliRun r = run("chrono.cu", text);
    assertThat(r.code()).as(r.err()).isZero();
    // What g++ 12 printed for the same file; variables named as <chrono>'s types (seconds, duration) stay variables.
    assertThat(r.out()).startsWith("499500 1 1 1\n1 0\n");
    CliRun aliased = run("aliased.cu", """
        #include <chrono>
        #include <cstdio>
        typedef std::chrono::steady_clock Clock;
        using Steady = std::chrono::steady_clock;
        int main() {
          auto a = Clock::now();
          auto b = Steady::now();
          long long ns = (b - a).count();
          printf("%d\\n", ns >= 0);
          return 0;
        }
        """);
    assertThat(aliased.out()).as(aliased.err()).startsWith("1\n"); // a clock named through a typedef and an alias
    CliRun members = run("members.cu", """
        #include <chrono>
        #include <cstdio>
        int main() {
          std::chrono::high_resolution_clock::time_point t1 = std::chrono::high_resolution_clock::now();
          int s = 0;
          for (int i = 0; i < 100; i++) s += i;
          std::chrono::high_resolution_clock::time_point t2 = std::chrono::high_resolution_clock::now();
          std::chrono::steady_clock::time_point a = std::chrono::steady_clock::now();
          std::chrono::steady_clock::duration d = std::chrono::steady_clock::now() - a;
          long long ms = std::chrono::duration_cast<std::chrono::milliseconds>(t2 - t1).count();
          printf("%d %d %d\\n", s, ms >= 0, d.count() >= 0);
          return 0;
        }
        """);
    assertThat(members.out()).as(members.err()).startsWith("4950 1 1\n"); // a clock's time_point and duration, as g++ 12 printed
    CliRun twice = run("chrono.cu", text);
    assertThat(twice.out()).isEqualTo(r.out()); // the same times, run after run
  }

  @Test
  void fieldsOfClassesAreMadeAndEndedByTheirOwnConstructorsAndDestructors() throws Exception {
    CliRun r = run("fields.cu", """
        #include <cstdio>
        #include <vector>
        struct Noisy {
          int id;
          Noisy() : id(0) { printf("make %d\\n", id); }
          Noisy(int i) : id(i) { printf("make %d\\n", id); }
          Noisy(const Noisy &o) : id(o.id + 100) { printf("copy %d\\n", id); }
          ~Noisy() { printf("end %d\\n", id); }
        };
        class Pair {
         public:
          Pair(int a) : second(a + 1), first(a), tag(7) { printf("pair body\\n"); }
          ~Pair() { printf("pair end\\n"); }
          Noisy first;
          int tag;
          Noisy second;
        };
        class Bag {
         public:
          std::vector<int> items;
          Noisy n;
          int count() const { return (int) items.size(); }
        };
        class Table {
         public:
          Table(int n) : cells(n, 1) {}
          int &operator[](int i) { return cells[i]; }
          std::vector<int> cells;
        };
        int main() {
          {
            Pair p(5);
            printf("%d %d %d\\n", p.first.id, p.second.id, p.tag);
          }
          Bag b;
          b.items.push_back(4);
          b.items.push_back(5);
          Bag c = b;
          c.items[0] = 40;
          Table t(3);
          t[1] = 9;
          Table u = t;
          u[1] = 10;
          printf("%d %d %d %d %d %d\\n", b.count(), c.count(), b.items[0], c.items[0], t[1], u[1]);
          return 0;
        }
        """);
    assertThat(r.code()).as(r.err()).isZero();
    // What g++ 12 printed: fields made in declaration order whatever the initializers' order, ended
    // in reverse after the destructor's body; implicit default, copy constructors and destructors.
    assertThat(r.out()).startsWith("make 5\nmake 6\npair body\n5 6 7\npair end\nend 6\nend 5\nmake 0\ncopy 100\n2 2 4 40 9 10\nend 100\nend 0\n");
  }

  @Test
  void temporariesOfClassesAreMadeByTheirConstructors() throws Exception {
    CliRun r = run("temporaries.cu", """
        #include <chrono>
        #include <cstdio>
        #include <vector>
        #include <iostream>
        struct Point {
          int x, y;
          Point(int a, int b) : x(a), y(b) {}
          Point operator+(const Point &o) const { return Point(x + o.x, y + o.y); }
          int sum() const { return x + y; }
        };
        Point make(int k) { return Point(k, 2 * k); }
        int main() {
          auto start = std::chrono::steady_clock::now();
          Point p = Point(1, 2) + make(3);
          std::vector<int> v(4, 7);
          v.push_back(Point(5, 6).sum());
          auto end = std::chrono::steady_clock::now();
          double ms = std::chrono::duration<double, std::milli>(end - start).count();
          std::cout << p.x << " " << p.y << " " << v.size() << " " << v[0] << " " << v.back() << " " << (ms >= 0) << std::endl;
          return 0;
        }
        """);
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).startsWith("4 8 5 7 11 1\n"); // what g++ 12 printed
  }

  @Test
  void assignmentOperatorsOfClassesRunAndVectorsCopyOnAssignment() throws Exception {
    CliRun r = run("assign.cu", """
        #include <cstdio>
        #include <vector>
        struct Acc {
          int v;
          Acc() : v(0) {}
          Acc &operator+=(int k) { v += k; return *this; }
          Acc &operator=(int k) { v = k * 10; return *this; }
        };
        class Bag {
         public:
          std::vector<int> items;
          int n;
        };
        std::vector<int> make(int k) { std::vector<int> r(k, k); return r; }
        int main() {
          std::vector<int> a(3, 1), b(2, 5);
          a = b;
          b[0] = 9;
          a = a;
          std::vector<int> c;
          c = make(4);
          Acc x;
          x += 3;
          (x += 4) += 5;
          Acc y;
          y = 2;
          Bag p, q;
          p.items.push_back(1);
          p.n = 7;
          q = p;
          q.items[0] = 100;
          printf("%d %d %d %d %d %d %d %d %d %d\\n", (int) a.size(), a[0], b[0], (int) c.size(), c[3], x.v, y.v, p.items[0], q.items[0], q.n);
          return 0;
        }
        """);
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).startsWith("2 5 9 4 4 12 20 1 100 7\n"); // what g++ 12 printed
  }

  @Test
  void objectsPassedOrReturnedByValueAreCopiedByTheirCopyConstructors() throws Exception {
    CliRun r = run("copies.cu", """
        #include <cstdio>
        #include <vector>
        void touch(std::vector<int> v) { v[0] = 99; v.push_back(3); }
        int sum(std::vector<int> v) { int s = 0; for (int x : v) s += x; return s; }
        std::vector<int> same(const std::vector<int> &v) { return v; }
        std::vector<int> twice(std::vector<int> v) { for (auto &x : v) x *= 2; return v; }
        class Holder {
         public:
          Holder(int n) : n_(n), v(n_, 1) {}
          std::vector<int> &ref() { return v; }
          std::vector<int> copy() const { return v; }
          int n_;
          std::vector<int> v;
          int marks[2];
        };
        class Inner { public: std::vector<int> items; };
        class Wrap { public: Inner in; int k; };
        int main() {
          std::vector<int> a(3, 1);
          touch(a);
          int s = sum(a);
          std::vector<int> b = same(a);
          b[0] = 5;
          std::vector<int> c = twice(a);
          Holder h(4);
          for (auto &x : h.ref()) x = 7;
          h.marks[0] = 1;
          h.marks[1] = 2;
          Holder g = h;
          g.v[0] = 8;
          g.marks[0] = 9;
          std::vector<int> d = h.copy();
          d[1] = 6;
          Wrap w;
          w.in.items.push_back(4);
          int arr[4] = {3, 1, 4, 1};
          std::vector<int> e(arr, arr + 4);
          printf("%d %d %d %d %d %d\\n", a[0], (int) a.size(), s, b[0], c[1], h.n_);
          printf("%d %d %d %d %d %d %d %d\\n", h.v[0], g.v[0], h.marks[0], g.marks[0], h.v[1], d[1], (int) w.in.items.size(), e[2]);
          return 0;
        }
        """);
    assertThat(r.code()).as(r.err()).isZero();
    // What g++ 12 printed: a vector passed by value is the callee's own copy, one returned from a
    // parameter, a reference or a member is copied, a range-for over a call's reference writes the
    // object, fields are made in declaration order, a class with an array field copies it.
    assertThat(r.out()).startsWith("1 3 3 5 2 4\n7 8 1 9 7 6 1 4\n");
    CliRun refused = run("refused.cu", """
        #include <vector>
        struct L { L(int) {} ~L() {} };
        int main() {
          std::vector<int> v{5, 6};
          L(1);
          return 0;
        }
        """);
    assertThat(refused.code()).isEqualTo(Main.INVALID_INPUT);
    assertThat(refused.err()).contains("refused.cu:4:21: error: a std::vector made from a brace list",
        "refused.cu:5:3: error: a temporary 'L(...)' of a class with a destructor");
    CliRun structs = run("structs.cu", "#include <vector>\nstruct P { int x; };\nint main() { std::vector<P> ps; return 0; }\n");
    assertThat(structs.err()).contains("structs.cu:3:14: error: a std::vector of 'P' is not supported");
  }
}
