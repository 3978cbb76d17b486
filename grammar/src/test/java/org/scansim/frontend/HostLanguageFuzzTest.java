package org.scansim.frontend;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.scansim.frontend.diag.Diagnostic;
import org.scansim.frontend.pp.IncludeLoader;
import org.scansim.frontend.diag.Severity;
import org.scansim.frontend.diag.SourceFile;

/**
 * The front end's robustness on the C++ whole programs are written in: a program with classes
 * (constructors, destructors, operators, a class template, a function object), function pointers,
 * static locals and {@code <cstdio>}'s streams, mutated thousands of times with a fixed seed, goes
 * through the whole front end (preprocessor, parser, class bodies, type checker, lowering) without
 * an exception, an internal error or a diagnostic without a place.
 */
class HostLanguageFuzzTest {
  static final String PROGRAM = """
      #include <cstdio>
      #include <cstdlib>
      template <typename T, int BLOCK = 64>
      struct BlockScan {
        T *temp;
        __device__ BlockScan(T *storage) : temp(storage) {}
        __device__ T inclusive(T v) {
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
      };
      struct Pair {
        int sum, count;
        __host__ __device__ Pair operator+(const Pair &o) const { Pair r; r.sum = sum + o.sum; r.count = count + o.count; return r; }
      };
      struct Add { __host__ __device__ int operator()(int a, int b) const { return a + b; } };
      class Timer {
      public:
        Timer() : ticks(0) { printf("start\\n"); }
        ~Timer() { printf("ticks %d\\n", ticks); }
        void tick() { ticks++; }
        int get() const;
      private:
        int ticks;
      };
      int Timer::get() const { return ticks; }
      typedef int (*binop_t)(int, int);
      static int mul(int a, int b) { return a * b; }
      static int calls() { static int n = 0; return ++n; }
      __global__ void scan(const int *in, int *out) {
        __shared__ int s[64];
        BlockScan<int> bs(s);
        out[threadIdx.x] = bs.inclusive(in[threadIdx.x]);
      }
      int main(int argc, char **argv) {
        Timer t;
        binop_t op = mul;
        Add add;
        Pair a = {1, 1}, b = {2, 1};
        Pair c = a + b;
        char line[32];
        FILE *f = fopen(argc > 1 ? argv[1] : "in.txt", "r");
        int v = 0;
        if (f && fgets(line, sizeof line, f) && sscanf(line, "%d", &v) == 1) t.tick();
        if (f) fclose(f);
        snprintf(line, sizeof line, "%d", op(v, 2));
        printf("%s %d %d %d\\n", line, add(c.sum, c.count), calls(), t.get());
        return 0;
      }
      """;

  /** The standard library's parts scansim writes itself, ranges, list initialisation and functions returning references. */
  static final String LIBRARY_PROGRAM = """
      #include <chrono>
      #include <vector>
      #include <iostream>
      template <typename T>
      class Grid {
      public:
        Grid(int n) : n_(n), cells(n, T()) {}
        T &operator[](int i) { return cells[i]; }
        T &at(int i) { return cells.at(i); }
        int size() const { return n_; }
      private:
        int n_;
        std::vector<T> cells;
      };
      int &pick(int *a, int i) { return a[i]; }
      std::vector<int> prefix(const std::vector<int> &in) {
        std::vector<int> out(in.size());
        int run = 0;
        for (size_t i = 0; i < in.size(); ++i) { out[i] = run; run += in[i]; }
        return out;
      }
      __global__ void twice(int *d, int n) { int i = threadIdx.x; if (i < n) d[i] *= 2; }
      int main() {
        const auto start{std::chrono::steady_clock::now()};
        std::vector<int> v;
        for (int i = 0; i < 8; i++) v.push_back(i);
        std::vector<int> p = prefix(v);
        int a[4]{1, 2, 3, 4};
        for (auto &x : a) x += 1;
        pick(a, 2) = 7;
        Grid<float> g{4};
        g[1] = 2.5f;
        int *d;
        cudaMalloc(&d, v.size() * sizeof(int));
        cudaMemcpy(d, v.data(), v.size() * sizeof(int), cudaMemcpyHostToDevice);
        twice<<<1, 8>>>(d, 8);
        cudaMemcpy(v.data(), d, v.size() * sizeof(int), cudaMemcpyDeviceToHost);
        int s = 0;
        for (int x : v) s += x;
        const std::chrono::duration<double, std::milli> ms{std::chrono::steady_clock::now() - start};
        std::cout << s << " " << p.back() << " " << a[2] << " " << g.at(1) << " " << (ms.count() >= 0) << std::endl;
        cudaFree(d);
        return 0;
      }
      """;

  /** Lambdas (host and device, every capture form) and default member initializers. */
  static final String LAMBDA_PROGRAM = """
      #include <cstdio>
      struct Stats { int count = 0; float sum{}; bool ok = true; };
      class Acc {
      public:
        int total = 0;
        void add(int k) { auto g = [this, k]() { total += k; }; g(); }
      };
      template <typename F> int apply(F f, int x) { return f(x); }
      template <typename Op>
      __global__ void scan(int *a, int n, Op op) {
        __shared__ int s[32];
        int t = threadIdx.x;
        s[t] = a[t];
        __syncthreads();
        auto read = [&](int i) -> int { return i >= 0 ? s[i] : 0; };
        for (int d = 1; d < n; d *= 2) {
          int v = read(t - d);
          __syncthreads();
          s[t] = op(s[t], v);
          __syncthreads();
        }
        a[t] = s[t];
      }
      int main() {
        Stats st;
        int m = 3;
        auto scale = [m](int v) { return v * m; };
        auto mut = [st]() mutable { st.count += 1; return st.count; };
        int n = 0;
        [&] { n += apply(scale, 2) + mut(); }();
        Acc acc;
        acc.add(n);
        int *d;
        cudaMalloc(&d, 32 * sizeof(int));
        scan<<<1, 32>>>(d, 32, [] __device__ (int x, int y) { return x + y; });
        printf("%d %d %d\\n", n, acc.total, st.ok);
        return 0;
      }
      """;

  /** Single inheritance and virtual functions: pure, overridden at two levels, a virtual destructor, Base::f(), device dispatch. */
  static final String INHERITANCE_PROGRAM = """
      #include <cstdio>
      class Scan {
      public:
        Scan(int n) : n(n) {}
        virtual ~Scan() {}
        virtual void run(int *x) = 0;
        virtual const char *name() const { return "scan"; }
        int n;
      };
      class Serial : public Scan {
      public:
        Serial(int n) : Scan(n) {}
        void run(int *x) override { for (int i = 1; i < n; i++) x[i] += x[i - 1]; }
      };
      struct Checked : Serial {
        int runs = 0;
        Checked(int n) : Serial(n) {}
        void run(int *x) override { runs++; Serial::run(x); }
        const char *name() const override { return "checked"; }
      };
      struct Op {
        __device__ Op() {}
        __device__ virtual int apply(int a, int b) const { return a + b; }
      };
      struct Max : Op {
        __device__ Max() {}
        __device__ int apply(int a, int b) const override { return a > b ? a : b; }
      };
      __global__ void k(int *x) { Max m; const Op &op = m; x[threadIdx.x] = op.apply(x[threadIdx.x], 1); }
      void report(const Scan &s) { printf("%s %d\\n", s.name(), s.n); }
      int main() {
        int x[4] = {1, 2, 3, 4};
        Scan *s = new Checked(4);
        s->run(x);
        report(*s);
        delete s;
        int *d;
        cudaMalloc(&d, 4 * sizeof(int));
        k<<<1, 4>>>(d);
        return x[3] == 10 ? 0 : 1;
      }
      """;

  private static final String[] VOCABULARY = {
    "struct", "class", "public:", "private:", "template", "<typename T>", "typename", "operator", "operator+", "operator()",
    "~", "this", "::", "const", "static", "virtual", "new", "delete", "(*", ")(", "FILE", "fopen", "&", "*", "{", "}", "(", ")",
    "<", ">", ";", ",", ":", "=", "0", "x", "T", "Timer", "BlockScan", "Pair", "Add", "\n", "std::vector<int>", "auto", "for (",
    "std::chrono::", "[", "]", "operator[]", "[&]", "[=]", "[this]", "mutable", "->", "__device__", "= 0;", "{}", "return",
    ": public Scan", ": virtual", "override", "final", "Scan::", "Serial(n)", "virtual ~"
  };

  private static Frontend.Result compile(String text) {
    return Frontend.compile(new SourceFile("fuzz.cu", text), new LinkedHashMap<>(), IncludeLoader.NONE);
  }

  @Test
  void theProgramCompilesClean() {
    Frontend.Result r = compile(PROGRAM);
    assertThat(r.diagnostics().all()).as(r.diagnostics().all().toString()).noneMatch(d -> d.severity() == Severity.ERROR);
  }

  @Test
  void theLibraryProgramCompilesClean() {
    Frontend.Result r = compile(LIBRARY_PROGRAM);
    assertThat(r.diagnostics().all()).as(r.diagnostics().all().toString()).noneMatch(d -> d.severity() == Severity.ERROR);
  }

  @Test
  void theLambdaProgramCompilesClean() {
    Frontend.Result r = compile(LAMBDA_PROGRAM);
    assertThat(r.diagnostics().all()).as(r.diagnostics().all().toString()).noneMatch(d -> d.severity() == Severity.ERROR);
  }

  @Test
  void theInheritanceProgramCompilesClean() {
    Frontend.Result r = compile(INHERITANCE_PROGRAM);
    assertThat(r.diagnostics().all()).as(r.diagnostics().all().toString()).noneMatch(d -> d.severity() == Severity.ERROR);
  }

  @Test
  void mutatedInheritanceProgramsNeverThrowNorFailInternally() {
    fuzz(INHERITANCE_PROGRAM, 20261129L * 7, 2000, 700);
  }

  @Test
  void mutatedLambdaProgramsNeverThrowNorFailInternally() {
    fuzz(LAMBDA_PROGRAM, 20261201, 2000, 700);
  }

  @Test
  void mutatedProgramsNeverThrowNorFailInternally() {
    fuzz(PROGRAM, 20261129, 4000, 1500);
  }

  @Test
  void mutatedLibraryProgramsNeverThrowNorFailInternally() {
    fuzz(LIBRARY_PROGRAM, 20261130, 2000, 700);
  }

  /**
   * {@code runs} mutations of {@code program}, made in order from {@code seed} (the same inputs on
   * every machine), compiled on the machine's cores.
   */
  private static void fuzz(String program, long seed, int runs, int broken) {
    assertTimeoutPreemptively(Duration.ofSeconds(240), () -> {
      Random random = new Random(seed);
      List<String> texts = new ArrayList<>();
      for (int i = 0; i < runs; i++) {
        texts.add(mutate(program, random, 1 + random.nextInt(3)));
      }
      ExecutorService pool = Executors.newFixedThreadPool(Runtime.getRuntime().availableProcessors(), task -> {
        Thread t = new Thread(task, "host-fuzz");
        t.setDaemon(true); // a hung input must not keep the JVM alive
        return t;
      });
      try {
        List<Future<Boolean>> broke = new ArrayList<>();
        for (String text : texts) {
          broke.add(pool.submit(() -> {
            Frontend.Result r = compile(text);
            for (Diagnostic d : r.diagnostics().all()) {
              assertThat(d.message()).as(text).doesNotContain("internal error");
              if (d.severity() == Severity.ERROR) {
                assertThat(d.span()).as(d.message() + "\n" + text).isNotNull();
              }
            }
            return !r.ok();
          }));
        }
        int withErrors = 0;
        for (Future<Boolean> f : broke) {
          try {
            withErrors += f.get() ? 1 : 0;
          } catch (ExecutionException e) {
            throw e.getCause(); // an input's failed assertion, as it was raised
          }
        }
        // Most edits break the program, and each of those was reported, not thrown.
        assertThat(withErrors).isGreaterThan(broken);
      } finally {
        pool.shutdownNow();
      }
    });
  }

  static String mutate(String text, Random random, int edits) {
    StringBuilder s = new StringBuilder(text);
    for (int e = 0; e < edits && s.length() > 0; e++) {
      int at = random.nextInt(s.length());
      switch (random.nextInt(4)) {
        case 0 -> s.delete(at, Math.min(s.length(), at + 1 + random.nextInt(8)));
        case 1 -> s.insert(at, VOCABULARY[random.nextInt(VOCABULARY.length)]);
        case 2 -> s.setCharAt(at, (char) (32 + random.nextInt(95)));
        default -> {
          int end = Math.min(s.length(), at + 1 + random.nextInt(20));
          s.insert(random.nextInt(s.length()), s.substring(at, end));
        }
      }
    }
    return s.toString();
  }
}
