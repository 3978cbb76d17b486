package org.scansim.frontend.parse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.scansim.frontend.parse.Parsing.clean;
import static org.scansim.frontend.parse.Parsing.errors;
import static org.scansim.frontend.parse.Parsing.sstmt;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.scansim.frontend.ast.BaseType;
import org.scansim.frontend.ast.Decl;
import org.scansim.frontend.ast.FunctionQualifier;
import org.scansim.frontend.ast.Initializer;
import org.scansim.frontend.ast.Param;
import org.scansim.frontend.ast.Stmt;
import org.scansim.frontend.ast.Storage;
import org.scansim.frontend.ast.VarDecl;

/** Declarations (C11 §6.7) with the CUDA specifiers, and functions. */
class DeclarationTest {

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiterString = "=>",
      value = {
        "float *a, b;                       => (decl (var float* a) (var float b))",
        "int pout = 0, pin = 1;             => (decl (var int pout = 0) (var int pin = 1))",
        "__shared__ float temp[2 * N];      => (decl (var __shared__ float temp[(* 2 N)]))",
        "extern __shared__ float temp[];    => (decl (var __shared__ extern float temp[]))",
        "volatile __shared__ int f[4][8];   => (decl (var __shared__ volatile int f[4][8]))",
        "float * const p = 0;               => (decl (var float*const p = 0))",
        "const float *__restrict__ q;       => (decl (var const float*restrict q))",
        "int **pp, *p, v[2];                => (decl (var int** pp) (var int* p) (var int v[2]))",
        "register int r;                    => (decl (var register int r))",
        "static int s = 1;                  => (decl (var static int s = 1))",
        "int a[3] = {1, 2, 3};              => (decl (var int a[3] {1 2 3}))",
        "int m[2][2] = {{1, 2}, {3, 4},};   => (decl (var int m[2][2] {{1 2} {3 4}}))",
        "int z[4] = {};                     => (decl (var int z[4] {}))",
        "dim3 grid(n / 256, 1);             => (decl (var dim3 grid ((/ n 256) 1)))",
        "dim3 block = dim3(256);            => (decl (var dim3 block = (call dim3 256)))",
        "int i(5);                          => (decl (var int i (5)))",
        "const char *s = \"hi\";            => (decl (var const char* s = \"hi\"))",
        "cudaError_t err = cudaGetLastError(); => (decl (var cudaError_t err = (call cudaGetLastError)))",
        "size_t bytes = n * sizeof(float);  => (decl (var size_t bytes = (* n (sizeof float))))",
      })
  void blockDeclarations(String source, String expected) {
    assertThat(sstmt(source)).isEqualTo(expected);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiterString = "=>",
      value = {
        "int                   => INT",
        "signed                => INT",
        "signed int            => INT",
        "unsigned              => UINT",
        "unsigned int          => UINT",
        "int unsigned          => UINT",
        "char                  => CHAR",
        "signed char           => SCHAR",
        "char unsigned         => UCHAR",
        "short                 => SHORT",
        "short int             => SHORT",
        "signed short          => SHORT",
        "unsigned short int    => USHORT",
        "long                  => LONG",
        "long int signed       => LONG",
        "long unsigned int     => ULONG",
        "long long             => LLONG",
        "long long int         => LLONG",
        "int long long unsigned => ULLONG",
        "unsigned long long    => ULLONG",
        "float                 => FLOAT",
        "double                => DOUBLE",
        "bool                  => BOOL",
        "void *                => VOID",
        "size_t                => SIZE_T",
        "dim3                  => DIM3",
        "cudaError_t           => CUDA_ERROR",
      })
  void typeSpecifierCombinations(String specifiers, BaseType expected) {
    Stmt.DeclStmt d = (Stmt.DeclStmt) Parsing.statement(specifiers + " x;");
    assertThat(d.vars().get(0).spec().base()).isEqualTo(expected);
  }

  @Test
  void qualifiersInAnyOrder() {
    VarDecl v = ((Stmt.DeclStmt) Parsing.statement("int const volatile static x = 0;")).vars().get(0);
    assertThat(v.spec().isConst()).isTrue();
    assertThat(v.spec().isVolatile()).isTrue();
    assertThat(v.storage()).containsExactly(Storage.STATIC);
    VarDecl c = ((Stmt.DeclStmt) Parsing.statement("constexpr int N = 8;")).vars().get(0);
    assertThat(c.spec().isConst()).isTrue();
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiterString = "=>",
      value = {
        "unsigned float x;  => t.cu:1:12: error: both 'unsigned' and 'float' in declaration specifiers",
        "long double x;     => t.cu:1:12: error: long double is not supported",
        "double long x;     => t.cu:1:12: error: long double is not supported",
        "int float x;       => t.cu:1:12: error: two or more data types in declaration specifiers",
        "short long x;      => t.cu:1:12: error: both 'long' and 'short' in declaration specifiers",
        "long long long x;  => t.cu:1:12: error: 'long long long' is too long",
        "signed unsigned x; => t.cu:1:12: error: both 'signed' and 'unsigned' in declaration specifiers",
        "short char x;      => t.cu:1:12: error: both 'short' and 'char' in declaration specifiers",
        "long float x;      => t.cu:1:12: error: both 'long' and 'float' in declaration specifiers",
        "signed bool x;     => t.cu:1:12: error: both 'signed' and 'bool' in declaration specifiers",
        "static x = 1;      => t.cu:1:12: error: missing type specifier",
      })
  void invalidSpecifierCombinations(String declaration, String error) {
    assertThat(errors("void f() { " + declaration + " }")).containsExactly(error);
  }

  @Test
  void kernelDefinition() {
    Decl.Function k =
        clean("__global__ void scan(float *g_odata, float *g_idata, int n) {\n  int thid = threadIdx.x;\n}\n")
            .function(0);
    assertThat(k.isKernel()).isTrue();
    assertThat(k.qualifiers()).containsExactly(FunctionQualifier.GLOBAL);
    assertThat(k.name()).isEqualTo("scan");
    assertThat(k.returnSpec().base()).isEqualTo(BaseType.VOID);
    assertThat(k.params()).extracting(SExpr::param).containsExactly("float* g_odata", "float* g_idata", "int n");
    assertThat(SExpr.of(k.body())).isEqualTo("(block (decl (var int thid = (. threadIdx x))))");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiterString = "=>",
      value = {
        "__device__ float f(float, int *);                  => (function __device__ float f (float, int*))",
        "void f(void);                                      => (function void f ())",
        "void f();                                          => (function void f ())",
        "void g(void *p);                                   => (function void g (void* p))",
        "void h(float a[], int m[][4]);                     => (function void h (float a[], int m[][4]))",
        "void r(const float *__restrict__ in, float *out);  => (function void r (const float*restrict in, float* out))",
        "static __device__ __forceinline__ int sq(int x);   => (function __device__ __forceinline__ static int sq (int x))",
        "__host__ __device__ inline float lerp(float a);    => (function __device__ __host__ inline float lerp (float a))",
        "__noinline__ __device__ int slow();                => (function __device__ __noinline__ int slow ())",
        "extern \"C\" __global__ void k(int *x);            => (function __global__ extern void k (int* x))",
        "__global__ void __launch_bounds__(256, 2) k(int *x); => (function __global__ void k (int* x))",
        "float *alloc(size_t n);                            => (function float* alloc (size_t n))",
        "int main(int argc, char **argv);                   => (function int main (int argc, char** argv))",
        "int main(int argc, char *argv[]);                  => (function int main (int argc, char* argv[]))",
        "void reg(register int n);                          => (function void reg (int n))",
      })
  void prototypes(String source, String expected) {
    List<Decl> decls = clean(source).decls();
    assertThat(decls).hasSize(1);
    assertThat(SExpr.of(decls.get(0))).isEqualTo(expected);
    assertThat(((Decl.Function) decls.get(0)).body()).isNull();
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiterString = "=>",
      value = {
        "__device__ int counter;        => (vars (var __device__ int counter))",
        "__constant__ float c[16];      => (vars (var __constant__ float c[16]))",
        "const int N = 8;               => (vars (var const int N = 8))",
        "static int s;                  => (vars (var static int s))",
        "__shared__ float buf[32];      => (vars (var __shared__ float buf[32]))",
        "__device__ int a = 1, *b;      => (vars (var __device__ int a = 1) (var __device__ int* b))",
        "extern \"C\" __device__ int e; => (vars (var __device__ extern int e))",
      })
  void fileScopeVariables(String source, String expected) {
    List<Decl> decls = clean(source).decls();
    assertThat(decls).hasSize(1);
    assertThat(SExpr.of(decls.get(0))).isEqualTo(expected);
  }

  @Test
  void mixedDeclaratorsSplitIntoVariablesAndPrototypes() {
    List<Decl> decls = clean("int x, f(int), y;").decls();
    assertThat(decls).extracting(SExpr::of)
        .containsExactly("(vars (var int x))", "(function int f (int))", "(vars (var int y))");
  }

  @Test
  void linkageBlockIsFlattened() {
    List<Decl> decls = clean("extern \"C\" {\n__global__ void k(int *x) {}\nint n;\n}\nint m;").decls();
    assertThat(decls).extracting(SExpr::of)
        .containsExactly("(function __global__ void k (int* x) (block))", "(vars (var int n))", "(vars (var int m))");
  }

  @Test
  void parametersHaveNamesAndSpans() {
    Decl.Function f = clean("void f(float *X, int) {}").function(0);
    Param x = f.params().get(0);
    assertThat(x.name()).isEqualTo("X");
    assertThat(x.nameSpan().col()).isEqualTo(15);
    assertThat(x.span().col()).isEqualTo(8);
    Param unnamed = f.params().get(1);
    assertThat(unnamed.name()).isNull();
    assertThat(unnamed.nameSpan()).isNull();
  }

  @Test
  void initializerKinds() {
    List<VarDecl> vars = ((Stmt.DeclStmt) Parsing.statement("dim3 g(2, 2), h = {1, 2}, i = 3;")).vars();
    assertThat(vars.get(0).init()).isInstanceOf(Initializer.Constructor.class);
    assertThat(vars.get(1).init()).isInstanceOf(Initializer.Braced.class);
    assertThat(vars.get(2).init()).isInstanceOf(Initializer.Single.class);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiterString = "=>",
      value = {
        "__global__ int x;           => t.cu:1:1: error: '__global__' is not allowed on a variable",
        "inline int y;               => t.cu:1:1: error: 'inline' is not allowed on a variable",
        "__shared__ void f();        => t.cu:1:1: error: '__shared__' is not allowed on a function",
        "void g(__shared__ int n);   => t.cu:1:8: error: '__shared__' is not allowed on a parameter",
        "int f(int) = 3;             => t.cu:1:12: error: function 'f' is initialized like a variable",
        "extern \"D\" int v;         => t.cu:1:8: error: unknown linkage language \"D\"",
      })
  void misplacedSpecifiers(String source, String error) {
    assertThat(errors(source)).containsExactly(error);
  }

  @Test
  void emptyDeclarationWarns() {
    assertThat(Parsing.parse("int;").headlines()).containsExactly("t.cu:1:1: warning: declaration does not declare anything");
  }

  @Test
  void localFunctionDeclarationIsReported() {
    assertThat(errors("void f() { int g(int); }"))
        .containsExactly("t.cu:1:16: error: function declarations inside a function are not supported");
  }
}
