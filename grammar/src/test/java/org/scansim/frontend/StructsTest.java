package org.scansim.frontend;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;

/**
 * Plain structs and the built-in vector types: C's layout (C11 §6.7.2.1, each field aligned to its
 * type, the size a multiple of the largest alignment; vector_types.h's {@code __align__}), member
 * access as an offset from the object, copies field by field, and what stays outside the subset.
 * The expected sizes and offsets are worked out by hand from those rules (LP64, as nvcc on Linux).
 */
class StructsTest {
  /** The IR of a kernel that stores sizeof(T) for each type written, in order. */
  private static String sizes(String decls, String... types) {
    StringBuilder body = new StringBuilder();
    for (int i = 0; i < types.length; i++) {
      body.append("o[").append(i).append("] = sizeof(").append(types[i]).append("); ");
    }
    return Compile.ir(decls + "\n__global__ void k(unsigned long *o) { " + body + "}\n");
  }

  private static List<String> stored(String ir) {
    return ir.lines().filter(l -> l.contains("st.generic.u64")).map(l -> l.replaceAll(".*\\], (\\S+).*", "$1")).toList();
  }

  @Test
  void fieldsAreAlignedToTheirTypesAndTheSizeToTheLargestAlignment() {
    String ir = sizes("""
        struct A { char c; double d; int i; };       // c@0 d@8 i@16 -> 20, rounded to 8: 24
        struct B { char c; float4 v; };               // v@16 -> 32
        struct C { int3 p; char t; };                 // 12 + 1 -> 13, rounded to 4: 16
        struct D { short s[3]; int i; };              // s@0..6, i@8 -> 12
        struct E { char a; char b[3]; };              // 4, alignment 1
        struct F { A a; char tail; };                 // 24 + 1 -> 25, rounded to 8: 32
        struct G { int *p; char c; };                 // 8 + 1 -> 16
        """, "A", "B", "C", "D", "E", "F", "G");
    assertThat(stored(ir)).containsExactly("24", "32", "16", "12", "4", "32", "16");
  }

  @Test
  void vectorTypesHaveTheSizesAndAlignmentsOfVectorTypesH() {
    String ir = sizes("""
        struct V2 { char c; int2 v; };                // int2 aligned to 8: v@8 -> 16
        struct V4 { char c; double2 v; };             // double2 aligned to 16 -> 32
        struct V3 { char c; float3 v; };              // float3 aligned to 4: v@4 -> 16
        struct L4 { char c; longlong4 v; };           // longlong4 aligned to 16 (not 32) -> 48
        """, "char1", "uchar3", "short2", "int3", "float4", "double2", "ulonglong4", "V2", "V4", "V3", "L4");
    assertThat(stored(ir)).containsExactly("1", "3", "4", "12", "16", "16", "32", "16", "32", "16", "48");
  }

  @Test
  void aMemberIsItsObjectsAddressPlusItsOffset() {
    String ir = Compile.ir("""
        struct A { char c; double d; int i; };
        __global__ void k(A *a, int *out) { out[0] = a[2].i; a->d = 1.0; }
        """);
    // a[2] is 2 * 24 bytes on, its i 16 more; d is 8 bytes into *a.
    assertThat(ir).contains("ptradd %a.0, 2, 24").contains(", 16, 1").contains(", 8, 1")
        .contains("ld.generic.i32").contains("st.generic.f64");
  }

  @Test
  void anAssignmentCopiesEveryFieldAndAStructParameterIsTheCallersCopy() {
    String ir = Compile.ir("""
        struct P { float v; int n; double w; };
        __device__ float first(P p) { p.v = 0.0f; return p.w; }
        __global__ void k(P *a, float *out) { P x; x = a[0]; out[0] = first(x); }
        """);
    // Three fields: three loads and three stores for `x = a[0]`, three more for the argument's copy.
    assertThat(ir.lines().filter(l -> l.contains("ld.generic")).count()).isEqualTo(3 + 1);
    assertThat(ir).contains("device @first(%p.0: ptr) -> f32").containsPattern("call @first\\(%\\d+\\)")
        .contains("local @x: u8[16]").contains("local @tmp: u8[16]");
  }

  @Test
  void aStructReturnGoesThroughAHiddenFirstParameter() {
    String ir = Compile.ir("""
        struct P { float v; int n; };
        __device__ P make(float v) { P p = {v, 1}; return p; }
        __global__ void k(float *out) { P q = make(2.0f); out[0] = q.v + make(1.0f).v; }
        """);
    assertThat(ir).contains("device @make(%result.0: ptr, %v.1: f32)").containsPattern("call @make\\(%\\d+, 2\\.0f\\)");
  }

  @Test
  void aBraceListFillsFieldsInOrderAndZeroesTheRest() {
    String ir = Compile.ir("""
        struct P { float v; int n[2]; };
        __global__ void k(int *out) { P p = {1.5f, {7}}; P q[2] = {{2.0f}, 3.0f, 4, 5}; out[0] = p.n[0] + q[1].n[1]; }
        """);
    // p: 1.5 at 0, 7 at 4, a zero at 8; q[1] by brace elision: 3.0 at 12, 4 at 16, 5 at 20.
    assertThat(ir).contains("st.local.f32 [%").contains("1.5f").contains(", 7").contains("3.0f").contains(", 5");
    assertThat(ir.lines().filter(l -> l.matches(".*st\\.local\\.i32 \\[%\\d+\\], 0\\s.*")).count()).isEqualTo(1 + 2);
  }

  @Test
  void fileScopeStructsKeepTheirInitialBytes() {
    Frontend.Result r = Compile.source("""
        struct P { float v; int n; };
        __device__ P g = {1.0f, 258};
        __global__ void k(int *out) { out[0] = g.n; }
        """);
    org.scansim.frontend.ir.MemoryVar g = r.ir().globals().get(0);
    // 1.0f is 0x3f800000, little-endian; 258 is 0x102.
    assertThat(g.elemType()).isEqualTo(org.scansim.frontend.ir.IrType.U8);
    assertThat(g.init()).containsExactly(0, 0, 0x80, 0x3f, 2, 1, 0, 0);
  }

  @Test
  void theVectorMakersConvertEachArgumentToTheComponentType() {
    String ir = Compile.ir("""
        __global__ void k(float4 *out, const int *in) { out[threadIdx.x] = make_float4(in[0], 1, 2.5, 3.0f); }
        """);
    assertThat(ir).contains("cvt.f32.i32").contains("1.0f").contains("2.5f").contains("3.0f");
  }

  @Test
  void structsInANamespaceAndThroughTypedefsAreOneType() {
    assertThat(Compile.diagnostics("""
        namespace geo { struct Point { float x, y; }; typedef Point P; }
        typedef struct { int a; } Anon;
        struct Node;
        typedef struct Node Node;
        struct Node { int v; Node *next; };
        __global__ void k(float *out) {
          geo::Point p = {1.0f, 2.0f};
          geo::P q = p;
          Anon a = {3};
          Node n = {a.a, nullptr};
          struct Node *m = &n;
          out[0] = q.x + m->v + (m->next == nullptr);
        }
        """)).isEmpty();
  }

  @Test
  void theSameFieldNamesInAnotherStructAreAnotherType() {
    assertThat(Compile.diagnostics("""
        struct A { int x; };
        struct B { int x; };
        __global__ void k(int *out) { A a = {1}; B b = a; out[0] = b.x; }
        """)).containsExactly("3:48: error: cannot initialize a variable of type 'B' with a value of type 'A'");
  }

  @Test
  void aStructUsedByNoCodeIsStillChecked() {
    assertThat(Compile.diagnostics("struct S { float v[0]; };\n"))
        .containsExactly("1:20: error: size of array field 'v' must be positive, not 0");
  }

  @Test
  void hostileStructsEndInDiagnosticsQuickly() {
    Duration quick = Duration.ofSeconds(20);
    // A struct of 8 GiB of fields (a struct is bounded as an array is, at 4 GiB), and a thousand nested structs.
    String huge = "struct H { float v[1 << 30]; float w[1 << 30]; };\n__global__ void k(float *o) { H h; o[0] = h.v[0]; }\n";
    assertThat(Assertions.assertTimeoutPreemptively(quick, () -> Compile.diagnostics(huge)))
        .anyMatch(d -> d.contains("too large"));
    StringBuilder nested = new StringBuilder("struct S0 { float v[4]; };\n");
    for (int i = 1; i < 1000; i++) {
      nested.append("struct S").append(i).append(" { S").append(i - 1).append(" a; S").append(i - 1).append(" b; };\n");
    }
    String deep = nested + "__global__ void k(float *o) { S999 *p = 0; o[0] = sizeof(S20) > 0; }\n";
    assertThat(Assertions.assertTimeoutPreemptively(quick, () -> Compile.diagnostics(deep)))
        .anyMatch(d -> d.contains("too large"));
  }

  @Test
  void aStructIsIncompleteWhereItIsNamedBeforeItsBody() {
    // C11 6.7.2.3: what follows the body does not complete a use before it.
    assertThat(Compile.diagnostics("""
        struct Node;
        __device__ Node g;
        struct A;
        struct B { A a; };
        struct Node { int v; };
        struct A { int x; };
        __device__ Node *p;
        __global__ void k(float *out) { Node n = {1}; p = &n; out[0] = sizeof(Node) + sizeof(B); }
        """)).containsExactly("2:17: error: variable 'g' has incomplete type 'Node'",
            "4:14: error: field 'a' has incomplete type 'A'");
  }

  @Test
  void uint3IsAVectorTypeThatThreadIdxConvertsTo() {
    // vector_types.h: threadIdx is a uint3, and dim3 has a constructor from uint3.
    String ir = Compile.ir("""
        struct S { uint3 t; float v; };
        __device__ unsigned f(uint3 t) { return t.x + t.y; }
        __global__ void k(unsigned *out) {
          uint3 u = threadIdx;
          dim3 d = make_uint3(1, 2, 3);
          S s = {blockIdx, 1.0f};
          s.t = u;
          out[u.x] = f(threadIdx) + d.z + s.t.y;
        }
        """);
    assertThat(ir).contains("device @f(%t.0: ptr) -> u32").contains("sreg %tid.x").contains("sreg %tid.y");
  }

  @Test
  void eachUnnamedStructIsATypeOfItsOwn() {
    String ir = Compile.ir("""
        __device__ struct { int a; int pad; } x1;
        __device__ struct { float b; } x2;
        template <typename T> __device__ unsigned long size(T *p) { return sizeof(T); }
        __global__ void k(unsigned long *out) { out[0] = size(&x1) + size(&x2); }
        """);
    assertThat(ir).contains("@size<(anonymous struct at t.cu:1:12)>").contains("@size<(anonymous struct at t.cu:2:12)>");
  }

  @Test
  void aFieldVariableOrMemberMayShareAStructsName() {
    // C++ [basic.scope.hiding]: a variable, field or function hides a struct of its name (which
    // `struct name` still names) in its scope; a member after '.' is never a type.
    assertThat(Compile.diagnostics("""
        struct node { int v; struct node *next; };
        struct list { struct node *node; int len; };
        struct x { int a; };
        struct stat { int s; };
        __device__ int stat(int v) { return v + 1; }
        namespace ns { struct item { float v; }; }
        __global__ void k(float *out) {
          int item = 3;
          ns::item it = {1.0f};
          struct x q = {(int) threadIdx.x};
          struct stat st = {stat(q.a)};
          struct list l = {nullptr, item};
          out[threadIdx.x] = l.len + it.v + st.s;
        }
        __device__ float later(ns::item i, node *n) { return i.v + n->v; }
        __device__ int push(struct node *node);
        __device__ node *next(node *n) { return n->next; }
        __device__ int push(struct node *node) { node->v = 1; return node->v; }
        __device__ node *after(node *n) { return n; }
        """)).isEmpty();
    // Where a variable hides it, the bare name is that variable's, as in C++ (clang: the same error).
    assertThat(Compile.diagnostics("struct item { int v; };\n__global__ void k(int *out) { int item = 1; item *p = 0; }\n"))
        .containsExactly("2:51: error: use of undeclared identifier 'p'");
  }

  @Test
  void explicitAlignmentAndOtherBodiesAreRefusedByName() {
    assertThat(Compile.diagnostics("struct S { float4 v; } __align__(16);\n"))
        .containsExactly("1:24: error: explicit alignment (__align__, alignas) is not supported: a variable or struct takes its type's alignment");
    assertThat(Compile.diagnostics("struct alignas(16) S { float v; };\n"))
        .containsExactly("1:8: error: explicit alignment (__align__, alignas) is not supported: a variable or struct takes its type's alignment");
    assertThat(Compile.diagnostics("struct S { int a[2] = {1, 2}; };\n"))
        .containsExactly("1:16: error: a default member initializer of an array or in braces after '=' is not supported: initialize the"
            + " field in a constructor");
  }

  @Test
  void aStructCastToItsOwnTypeIsACopy() {
    assertThat(Compile.diagnostics("""
        struct P { float v; };
        __global__ void k(float *out) { P a = {1.0f}; P b = (P) a; out[0] = b.v; }
        """)).isEmpty();
  }

  @Test
  void smallVectorTypesMoveInOneAccessOfTheirSize() {
    String ir = Compile.ir("""
        __global__ void k(const uchar4 *in, short2 *out) { uchar4 c = in[threadIdx.x]; short2 s = make_short2(c.x, c.w); out[0] = s; }
        """);
    assertThat(ir).contains("ld.generic.v4.u8").contains("st.generic.v2.i16");
  }

  @Test
  void aVolatileStructIsNotCopiedWhole() {
    assertThat(Compile.diagnostics("""
        struct P { int a, b; };
        __global__ void k(int *out) { volatile P vp = {1, 2}; P d = vp; out[0] = d.a + vp.b; }
        """)).containsExactly("2:61: error: cannot copy a volatile struct of type 'P': copy its fields one by one");
  }

  @Test
  void aVolatileStructIsNotAssignedWhole() {
    assertThat(Compile.diagnostics("""
        struct P { int a, b; };
        __global__ void k(volatile P *vs, int *out) { P a = {1, 2}; vs[0] = a; vs[1].a = 3; out[0] = vs[1].a; }
        """)).containsExactly("2:61: error: cannot assign to a volatile struct of type 'P': assign its fields one by one");
  }

  @Test
  void aNameDeclaredInAForHeaderOrANestedBlockHidesAStructThereOnly() {
    assertThat(Compile.diagnostics("""
        struct node { float v; struct node *next; };
        __device__ float total(struct node *head) {
          float s = 0.0f;
          for (struct node *node = head; node; node = node->next) { s += node->v; }
          node *after = head;
          int const item = 1;
          return s + after->v + item;
        }
        __global__ void k(float *out) {
          int node = 1;
          if (out) { int node = 2; out[node] = 0.0f; }
          out[node] = total(nullptr);
        }
        """)).isEmpty();
  }

  @Test
  void bracedAndParenthesisedTemporariesAreRefusedByName() {
    assertThat(Compile.diagnostics("""
        struct Pair { float v; int f; };
        __global__ void k(float *out) { Pair p = Pair{1.0f, 0}; float4 q = float4{1, 2, 3, 4}; Pair r = Pair(); out[0] = p.v; }
        """)).containsExactly(
            "2:42: error: a braced temporary (Pair{...}) is not supported: declare a variable with a brace list (Pair p = {...};),"
                + " or use make_float4(...) for a vector type",
            "2:68: error: a braced temporary (Pair{...}) is not supported: declare a variable with a brace list (Pair p = {...};),"
                + " or use make_float4(...) for a vector type",
            "2:97: error: 'Pair(...)' does not build a struct: declare a variable with a brace list (Pair v = {...};)");
  }
}
