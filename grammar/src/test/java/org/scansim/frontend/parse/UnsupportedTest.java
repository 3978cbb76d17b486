package org.scansim.frontend.parse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.scansim.frontend.parse.Parsing.errors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Constructs outside the subset are reported by name, at the keyword, and skipped. */
class UnsupportedTest {

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiterString = "=>",
      value = {
        "template <typename T> __device__ T twice(T x);             => 1:1: error: templates of variables and prototypes, and specializations, are not supported (function and class templates defined with their body are)",
        "template <class T> struct A<T *> { T v[4]; };              => 1:1: error: templates of variables and prototypes, and specializations, are not supported (function and class templates defined with their body are)",
        "struct B { int a; }; struct C : B, B { int x; };           => 1:34: error: multiple inheritance is not supported: a class has one base class here",
        "struct B { int a; }; struct V : public virtual B { };      => 1:40: error: virtual base classes are not supported (a class has one base, not shared)",
        "struct B { int a; }; struct D : B { virtual void f(); };   => 1:37: error: 'D' adds virtual functions to its base class 'B', which has fields and none: declare them virtual in the base",
        "struct S { virtual void f(); virtual void f(int); };       => 1:30: error: overloaded virtual functions are not supported: give the virtual 'f' one signature",
        "struct S { void f() = 0; };                                => 1:23: error: only a virtual function can be pure ('= 0')",
        "struct S { static virtual void f(); };                     => 1:19: error: a static member function cannot be virtual",
        "template <class T> struct W { T v; }; struct X : W<int> { };  => 1:50: error: a class template instance as a base class is not supported",
        "struct F { int bits : 3; };                                => 1:1: error: bit-fields are not supported (plain structs of fields are)",
        "struct P { template <class T> void f(T t) {} int a; };     => 1:12: error: member function templates are not supported: make it a function template outside the class",
        "struct N { static int count; };                            => 1:12: error: static data members are not supported",
        "struct O { struct I { int a; } i; };                       => 1:12: error: a struct defined inside another struct is not supported: define it before",
        "union U { int i; float f; };                               => 1:1: error: unions are not supported",
        "enum E { A, B = 2 };                                       => 1:1: error: enums are not supported",
        "enum class F : int { X };                                  => 1:1: error: enums are not supported",
        "typedef float vec3[3];                                     => 1:15: error: typedefs of array types are not supported",
        "struct H { void (*callback)(int); };                       => 1:17: error: function pointer members are not supported",
        "texture<float, 1, cudaReadModeElementType> tex;            => 1:1: error: texture memory is not supported",
        "surface<void, 2> surf;                                     => 1:1: error: texture memory is not supported",
        "cudaTextureObject_t t;                                     => 1:1: error: texture memory is not supported",
        "__device__ __half h;                                       => 1:12: error: 'half' is not supported",
        "__device__ float operator+=(float a, float b);             => 1:18: error: operator overloading is not supported",
        "virtual void v();                                          => 1:1: error: 'virtual' is allowed only on a class's member function",
        "void logf(const char *fmt, ...);                           => 1:28: error: variadic functions are not supported",
        "void (*handlers[4])(int);                                  => 1:6: error: arrays of function pointers are not supported",
        "extern float& ref;                                         => 1:13: error: references are supported only as parameters and local variables",
        "void mv(float&& x);                                        => 1:14: error: rvalue references are not supported",
        "void Foo::bar() {}                                         => 1:6: error: classes are not supported",
        "asm(\"nop\");                                              => 1:1: error: inline assembly is not supported",
        "long double x;                                             => 1:1: error: long double is not supported",
      })
  void atFileScope(String source, String error) {
    assertThat(errors(source)).containsExactly("t.cu:" + error);
  }

  /** Each case is one statement in a function body on line 2. */
  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiterString = "=>",
      value = {
        "int &r;                            => 2:5: error: declaration of reference variable 'r' requires an initializer",
        "int *p = new int(4);               => 2:10: error: 'new' with an initializer is not supported: allocate, then assign the value",
        "int *q = new (buf) int;            => 2:10: error: placement new is not supported",
        "throw 1;                           => 2:1: error: exceptions are not supported",
        "try { x = 1; } catch (...) { }     => 2:1: error: exceptions are not supported",
        "asm volatile(\"bar.sync 0;\");     => 2:1: error: inline assembly is not supported",
        "this->x = 1;                       => 2:1: error: 'this' is not supported",
        "auto f = [n = 2](int a) { return a; }; => 2:11: error: init captures ('n = ...') are not supported: declare the variable before the lambda and capture it",
        "auto g = [](auto a) { return a; }; => 2:13: error: generic lambdas ('auto' parameters) are not supported: name the parameter's type",
        "auto h = [*this] { return 1; };    => 2:11: error: capturing '*this' by copy is not supported: capture 'this'",
        "float v = tex1Dfetch(tex, i);      => 2:11: error: texture memory is not supported",
        "float w = tex2D<float>(obj, x, y);  => 2:11: error: texture memory is not supported",
        "float4 q = float4(0, 0, 0, 0);     => 2:12: error: 'float4' has no constructor: build one with make_float4(...)",
        "half h = __float2half(x);          => 2:1: error: 'half' is not supported",
        "y = __half2float(h);               => 2:5: error: 'half' is not supported",
        "x = sum<float>(a, n);              => 2:5: error: templates are not supported",
        "k<float><<<1, 32>>>(x);            => 2:1: error: templates are not supported",
        "typedef int pair_t[2];             => 2:13: error: typedefs of array types are not supported",
        "struct P { int a; } p;             => 2:1: error: a struct defined inside a function is not supported: define it at namespace scope",
        "x = (union P *)q;                  => 2:6: error: unions are not supported",
        "y = dynamic_cast<int *>(q);        => 2:5: error: 'dynamic_cast' is not supported",
        "(fp + 1)(1);                       => 2:1: error: function pointers are not supported here: call through a named pointer, f(...) or (*f)(...)",
        "long double d = 1.0L;              => 2:1: error: long double is not supported",
      })
  void inFunctionBodies(String statement, String error) {
    assertThat(errors("void f() {\n" + statement + "\n}\n")).containsExactly("t.cu:" + error);
  }

  @Test
  void severalUnsupportedConstructsAreAllReported() {
    String text =
        """
        struct Pair { int a, b; int operator!(); };
        template <typename T> struct Box<T *> { T value; };
        __global__ void k(float *out) {
          union { int i; float f; } v;
          int &&r = out[0];
          out[0] = 1;
        }
        """;
    assertThat(errors(text))
        .containsExactly(
            "t.cu:1:29: error: of the member operators, operator(), operator[], the assignments (= += -= ...) and the binary ones (+ - * / % ^ & | << >> == != < > <= >=) are supported",
            "t.cu:2:1: error: templates of variables and prototypes, and specializations, are not supported (function and class templates defined with their body are)",
            "t.cu:4:3: error: unions are not supported",
            "t.cu:5:7: error: rvalue references are not supported");
  }

  @Test
  void theNamesOfARefusedTypedefAreNotReportedAgain() {
    // The typedef is refused for its struct; its names are still types, and their uses say nothing more.
    assertThat(errors("typedef struct { int a; void f(); } S, *PS;\nvoid f(PS p) {\n  S *q = 0;\n}\n"))
        .containsExactly("t.cu:1:9: error: a class needs a name to have member functions");
    // So are a refused struct's own name and its uses.
    assertThat(errors("struct Q { int b : 3; };\nvoid f(Q *p) {\n  struct Q *q = 0;\n}\n"))
        .containsExactly("t.cu:1:1: error: bit-fields are not supported (plain structs of fields are)");
    assertThat(errors("typedef float vec3[3];\n__device__ void g(vec3 v) { }\n"))
        .containsExactly("t.cu:1:15: error: typedefs of array types are not supported");
  }

  @Test
  void supportedCodeAroundUnsupportedCodeIsStillBuilt() {
    Parsing.Result r =
        Parsing.parse("typedef int T[2];\n__global__ void k(int *x) { x[0] = 1; }\nstruct S { int b : 3; };\n__device__ int n;\n");
    assertThat(r.errors()).hasSize(2);
    assertThat(r.decls()).extracting(SExpr::of)
        .containsExactly("(function __global__ void k (int* x) (block (= ([] x 0) 1)))", "(vars (var __device__ int n))");
  }
}
