package org.scansim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Single inheritance and virtual functions (issue 44) in whole programs: each expected output is
 * what the same text printed built with g++ 12 (host code) or, for device code, what C++ says it
 * computes; object sizes are g++'s (the hidden class field takes the vtable pointer's 8 bytes).
 */
class InheritanceProgramsTest {
  @TempDir Path dir;

  private CliRun run(String name, String text) throws Exception {
    Path f = Files.writeString(dir.resolve(name + ".cu"), text);
    return CliRun.of("run", f.toString(), "--no-timing");
  }

  /**
   * A pure virtual function overridden at two levels, a virtual destructor through delete, a
   * const reference and a pointer to the base, Base::f() called directly, a plain struct's base.
   */
  @Test
  void virtualCallsChooseTheObjectsClass() throws Exception {
    CliRun r = run("shapes", """
        #include <cstdio>
        #include <cstdlib>

        class Shape {
        public:
          Shape(const char *n, int id) : name(n), id(id) { printf("Shape(%s)\\n", n); }
          virtual ~Shape() { printf("~Shape(%s)\\n", name); }
          virtual float area() const = 0;
          virtual const char *kind() const { return "shape"; }
          void describe() const { printf("%s %s #%d area %.2f\\n", kind(), name, id, area()); }
          const char *name;
          int id;
        };

        class Rect : public Shape {
        public:
          Rect(const char *n, float w, float h) : Shape(n, 1), w(w), h(h) {}
          ~Rect() override { printf("~Rect(%s)\\n", name); }
          float area() const override { return w * h; }
          const char *kind() const override { return "rect"; }
          float w, h;
        };

        class Square : public Rect {
        public:
          Square(const char *n, float s) : Rect(n, s, s) {}
          const char *kind() const override { return "square"; }
          void both() const { printf("%s then %s\\n", kind(), Rect::kind()); }
        };

        struct Circle : Shape {
          Circle(float r) : Shape("circle", 3), r(r) {}
          float area() const { return 3.0f * r * r; }
          float r;
        };

        float total(const Shape &s) { return s.area(); }
        void grow(Rect &r) { r.w += 1; }

        struct Plain { int a; int b; };
        struct MorePlain : Plain { int c; };

        int main() {
          Shape *shapes[3];
          shapes[0] = new Rect("r", 2, 3);
          shapes[1] = new Square("s", 4);
          shapes[2] = new Circle(1);
          for (int i = 0; i < 3; i++) shapes[i]->describe();
          Square sq("local", 2);
          sq.both();
          grow(sq);
          printf("total %.1f %.1f\\n", total(sq), total(*shapes[2]));
          printf("sizes %d %d %d %d\\n", (int)sizeof(Shape), (int)sizeof(Rect), (int)sizeof(Plain), (int)sizeof(MorePlain));
          MorePlain mp;
          mp.a = 1; mp.b = 2; mp.c = 3;
          Plain *pp = &mp;
          printf("plain %d %d %d\\n", pp->a, pp->b, mp.c);
          for (int i = 0; i < 3; i++) delete shapes[i];
          return 0;
        }
""");
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).startsWith("""
        Shape(r)
        Shape(s)
        Shape(circle)
        rect r #1 area 6.00
        square s #1 area 16.00
        shape circle #3 area 3.00
        Shape(local)
        square then rect
        total 6.0 3.0
        sizes 24 32 8 12
        plain 1 2 3
        ~Rect(r)
        ~Shape(r)
        ~Rect(s)
        ~Shape(s)
        ~Shape(circle)
        ~Rect(local)
        ~Shape(local)
        """);
  }

  /**
   * The class a constructor or destructor sees is its own (C++ [class.cdtor] ¶4), a copy into the
   * base is of the base's class, default member initializers of a middle class still run.
   */
  @Test
  void constructorsAndCopiesSeeTheirOwnClass() throws Exception {
    CliRun r = run("cdtor", """
        #include <cstdio>
        struct Base {
          Base() { printf("Base sees %s\\n", name()); }
          virtual const char *name() const { return "base"; }
          virtual ~Base() { printf("~Base sees %s\\n", name()); }
        };
        struct Mid : Base {
          int v = 7;
          const char *name() const override { return "mid"; }
        };
        struct Leaf : Mid {
          Leaf() { printf("Leaf sees %s %d\\n", name(), v); }
          const char *name() const override { return "leaf"; }
          ~Leaf() { printf("~Leaf sees %s\\n", name()); }
        };
        void show(const Base *b) { printf("show %s\\n", b->name()); }
        int main() {
          Base *b = new Leaf;
          show(b);
          Mid m;
          show(&m);
          Base copy = m;
          show(&copy);
          Mid m2 = m;
          show(&m2);
          delete b;
          return 0;
        }
""");
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).startsWith("""
        Base sees base
        Leaf sees leaf 7
        show leaf
        Base sees base
        show mid
        show base
        show mid
        ~Leaf sees leaf
        ~Base sees base
        ~Base sees base
        ~Base sees base
        ~Base sees base
        """);
  }

  /** Virtual calls in device code, through a const reference to the base: even threads add, odd ones take the maximum. */
  @Test
  void virtualCallsInDeviceCode() throws Exception {
    CliRun r = run("ops", """
        #include <cstdio>
        struct Op {
          __device__ Op() {}
          __device__ virtual int apply(int a, int b) const { return a + b; }
        };
        struct Max : Op {
          __device__ Max() {}
          __device__ int apply(int a, int b) const override { return a > b ? a : b; }
        };
        __device__ int reduce(const Op &op, const int *x, int n) {
          int acc = x[0];
          for (int i = 1; i < n; i++) acc = op.apply(acc, x[i]);
          return acc;
        }
        __global__ void k(const int *x, int *out, int n) {
          Op add; Max mx;
          const Op *ops[2] = {&add, &mx};
          out[threadIdx.x] = reduce(*ops[threadIdx.x % 2], x, n);
        }
        int main() {
          int h[5] = {3, 9, 1, 7, 2};
          int *dx, *dout; int out[4];
          cudaMalloc(&dx, sizeof h); cudaMalloc(&dout, sizeof out);
          cudaMemcpy(dx, h, sizeof h, cudaMemcpyHostToDevice);
          k<<<1, 4>>>(dx, dout, 5);
          cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
          printf("%d %d %d %d\\n", out[0], out[1], out[2], out[3]);
          return 0;
        }
""");
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).startsWith("22 9 22 9\n");
  }

  /**
   * A base class declared in a header, its constructor, destructor and overrides defined in
   * another file, a derived class in main's file launching a kernel: linked as nvcc links them.
   */
  @Test
  void classesAcrossFiles() throws Exception {
    Files.writeString(dir.resolve("scan.h"), """
        #pragma once
        class Scan {
        public:
          Scan(const int *in, int n);
          virtual ~Scan();
          virtual void run() = 0;
          virtual const char *label() const { return "scan"; }
          void print() const;
        protected:
          int *data;
          int n;
        };
        class Serial : public Scan {
        public:
          Serial(const int *in, int n);
          void run() override;
          const char *label() const override;
        };
""");
    Path scan = Files.writeString(dir.resolve("scan.cu"), """
        #include <cstdio>
        #include "scan.h"
        Scan::Scan(const int *in, int n) : n(n) {
          data = new int[n];
          for (int i = 0; i < n; i++) data[i] = in[i];
        }
        Scan::~Scan() { delete[] data; printf("freed %s\\n", label()); }
        void Scan::print() const {
          printf("%s:", label());
          for (int i = 0; i < n; i++) printf(" %d", data[i]);
          printf("\\n");
        }
        Serial::Serial(const int *in, int n) : Scan(in, n) {}
        void Serial::run() { for (int i = 1; i < n; i++) data[i] += data[i - 1]; }
        const char *Serial::label() const { return "serial"; }
""");
    Path main = Files.writeString(dir.resolve("main.cu"), """
        #include <cstdio>
        #include "scan.h"
        __global__ void hillis(int *x, int n) {
          __shared__ int t[64];
          int i = threadIdx.x;
          t[i] = i < n ? x[i] : 0;
          __syncthreads();
          for (int d = 1; d < 64; d *= 2) {
            int v = i >= d ? t[i - d] : 0;
            __syncthreads();
            t[i] += v;
            __syncthreads();
          }
          if (i < n) x[i] = t[i];
        }
        class Parallel : public Scan {
        public:
          Parallel(const int *in, int n) : Scan(in, n) {}
          void run() override {
            int *d;
            cudaMalloc(&d, n * sizeof(int));
            cudaMemcpy(d, data, n * sizeof(int), cudaMemcpyHostToDevice);
            hillis<<<1, 64>>>(d, n);
            cudaMemcpy(data, d, n * sizeof(int), cudaMemcpyDeviceToHost);
            cudaFree(d);
          }
          const char *label() const override { return "parallel"; }
        };
        int main() {
          int in[6] = {1, 2, 3, 4, 5, 6};
          Scan *scans[2] = {new Serial(in, 6), new Parallel(in, 6)};
          for (int k = 0; k < 2; k++) { scans[k]->run(); scans[k]->print(); }
          for (int k = 0; k < 2; k++) delete scans[k];
          return 0;
        }
""");
    CliRun r = CliRun.of("run", main.toString(), scan.toString(), "--no-timing");
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).startsWith("""
        serial: 1 3 6 10 15 21
        parallel: 1 3 6 10 15 21
        freed scan
        freed scan
        """);
  }

  /**
   * A host class with arrays and virtual functions in a file with kernels (the shape of a public
   * program's Scan hierarchy): its implicit copy and assignment stay host code, as its
   * constructor is, so that copying its arrays needs nothing device code lacks.
   */
  @Test
  void aHostClassWithArraysBesideKernels() throws Exception {
    CliRun r = run("arrays", """
        #include <cstdio>
        __global__ void twice(int *x) { x[threadIdx.x] *= 2; }
        class Buffer {
        public:
          Buffer(int n) : n(n) { for (int i = 0; i < n; i++) v[i] = i; }
          virtual int sum() const { int s = 0; for (int i = 0; i < n; i++) s += v[i]; return s; }
          int v[8];
          int n;
        };
        class Doubled : public Buffer {
        public:
          Doubled(int n) : Buffer(n) {}
          int sum() const override { return 2 * Buffer::sum(); }
        };
        int main() {
          Doubled d(4);
          Buffer copy = d;
          Doubled again = d;
          again.v[0] = 10;
          d = again;
          printf("%d %d %d %d\\n", d.sum(), copy.sum(), again.sum(), (int)sizeof(Buffer));
          return 0;
        }
        """);
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).startsWith("32 6 32 48\n");
  }

  /**
   * What a review found scansim getting wrong, each as g++ has it: a local const reference to a
   * base keeps the object's class (and a const int & sees the int change), Base() zeroes a plain
   * base, a base's own operator= assigns its part, a POD base keeps its tail padding, an empty
   * base takes no room.
   */
  @Test
  void referencesPlainBasesAndLayoutAsGxxHasThem() throws Exception {
    CliRun r = run("review", """
        #include <cstdio>
        struct Shape {
          virtual ~Shape() {}
          virtual int sides() const { return 0; }
        };
        struct Square : Shape {
          int sides() const override { return 4; }
        };
        struct Plain { int x; int y; };
        struct Zeroed : Plain {
          int z;
          Zeroed() : Plain(), z(3) {}
        };
        struct Counted { int x; Counted &operator=(const Counted &o) { x = o.x + 100; return *this; } };
        struct Copied : Counted { int y; };
        struct P { double d; char c; };
        struct Q : P { char e; int f; };
        struct Empty { void f() {} };
        struct One : Empty { int x; };
        int main() {
          Square sq;
          Shape *p = &sq;
          const Shape &r = *p;
          int n = 1;
          const int &rn = n;
          n = 2;
          Zeroed z;
          Copied a, b;
          a.x = 1;
          a.y = 2;
          b = a;
          Q q;
          printf("%d %d | %d %d %d | %d %d | %d %d %d\\n", r.sides(), rn, z.x, z.y, z.z, b.x, b.y, (int)sizeof(Q),
                 (int)((char *)&q.f - (char *)&q), (int)sizeof(One));
          return 0;
        }
        """);
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).startsWith("4 2 | 0 0 3 | 101 2 | 24 20 4\n");
  }

  /**
   * A virtual call's default arguments are its static type's (C++ [dcl.fct.default] ¶10), a
   * member named through a class that inherits it is its base's (C::f() of B's f, B::twice() of
   * A's static twice), as g++ 12 printed.
   */
  @Test
  void defaultArgumentsAndInheritedNames() throws Exception {
    CliRun r = run("names", """
        #include <cstdio>
        struct A { virtual int f(int x = 3) const { return x; } virtual ~A() {} static int twice(int v) { return 2 * v; } };
        struct B : A { int f(int x = 5) const override { return 10 * x; } };
        struct C : B { };
        struct D : C { int f(int x = 7) const override { return C::f(x) + 1; } int go() { return twice(1) + B::twice(2); } };
        int main() {
          D d;
          B b;
          A *p = &b;
          const A &q = d;
          printf("%d %d %d %d %d\\n", p->f(), b.f(), q.f(), d.go(), C::twice(4));
          return 0;
        }
        """);
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).startsWith("30 50 31 6 8\n");
  }

  /** A pure virtual function called from its class's constructor stops the program there, as C++'s runtime does. */
  @Test
  void aPureVirtualCallIsAFault() throws Exception {
    CliRun r = run("pure", """
        #include <cstdio>
        struct Base {
          Base() { init(); }
          void init() { setup(); }
          virtual void setup() = 0;
        };
        struct Derived : Base {
          void setup() override { printf("never\\n"); }
        };
        int main() {
          Derived d;
          printf("not reached\\n");
          return 0;
        }
        """);
    assertThat(r.code()).isEqualTo(3);
    assertThat(r.out()).doesNotContain("not reached").doesNotContain("never")
        .contains("assertion 'pure virtual function Base::setup called' failed in host code");
  }
}
