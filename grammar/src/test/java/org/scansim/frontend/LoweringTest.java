package org.scansim.frontend;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.scansim.frontend.ir.Imm;
import org.scansim.frontend.ir.IrModule;
import org.scansim.frontend.ir.IrType;
import org.scansim.frontend.ir.IrVerifier;
import org.scansim.frontend.ir.MemoryVar;

/**
 * Lowering bugs that the robustness suite's generator found, pinned by what the IR must say (the
 * verifier checks shapes and types; these check the values and names the simulator will use).
 * Each input is the minimized program of the finding.
 */
class LoweringTest {

  private static String ir(String text) {
    Frontend.Result r = Compile.source(text);
    assertThat(r.ok()).as(r.diagnostics().all().toString()).isTrue();
    assertThat(IrVerifier.verify(r.ir())).isEmpty();
    return Compile.ir(text);
  }

  /**
   * An address-taken parameter used to get its store's temporaries between the parameter
   * registers, breaking "the parameters are registers 0..n-1", which a call relies on to pass
   * arguments.
   */
  @Test
  void parametersAreTheFirstRegistersEvenWhenTheirAddressIsTaken() {
    String ir = ir("__device__ int f(int a, int b) {\n  int *p = &a;\n  return *p + b;\n}\n");
    assertThat(ir).contains("device @f(%a.0: i32, %b.1: i32) -> i32").contains("st.local.i32 [%2], %a.0");
  }

  /**
   * A case label is converted to the promoted type of the controlling expression (C11
   * §6.8.4.2p5): `case -1:` in a switch on unsigned compares with 0xffffffff. The label used to be
   * emitted unconverted, as an i32 -1 in a u32 comparison.
   */
  @Test
  void caseLabelsAreConvertedToThePromotedControllingType() {
    String ir = ir("__device__ int f(unsigned u, unsigned char c) {\n  switch (u) { case -1: return 1; }\n"
        + "  switch (c) { case 300: return 2; }\n  return 0;\n}\n");
    assertThat(ir).contains("setp.eq.u32 %u.0, 4294967295").contains("setp.eq.i32 %").contains(", 300 ");
  }

  /**
   * Flowing off the end of a value-returning function produced a bare `ret` in a function
   * returning i32. It now returns zero: that is what `main` must return (C++
   * [basic.start.main]p5), and any value will do elsewhere (C11 §6.9.1p12).
   */
  @Test
  void fallingOffTheEndReturnsZeroOfTheReturnType() {
    assertThat(ir("int main() {\n}\n")).contains("ret.i32 0");
    assertThat(ir("__device__ float f(int x) {\n  if (x) return 1.5f;\n}\n")).contains("ret.f32 1.5f").contains("ret.f32 0.0f");
  }

  /** A conditional whose operands are both void (C11 §6.5.15p3) crashed the lowering ("no IR type for void"). */
  @Test
  void aVoidConditionalLowersToBranchesWithoutAValue() {
    String ir = ir("__device__ void a() {}\n__device__ void b() {}\n__device__ void f(int x) {\n  x ? a() : b();\n"
        + "  x ? (void)0 : a();\n}\n");
    assertThat(ir).contains("call @a()").contains("call @b()").contains("cbr");
  }

  /**
   * A local array named like a file-scope variable got the same memory name, so an `addr @buf`
   * could mean either. The local is renamed; the global keeps its name.
   */
  @Test
  void aLocalArrayNamedLikeAGlobalGetsItsOwnMemoryName() {
    String ir = ir("__device__ int buf[4];\n__global__ void k() {\n  {\n    int buf[2];\n    buf[0] = 1;\n  }\n  buf[1] = 2;\n}\n");
    assertThat(ir).contains("local @buf.1: i32[2]").contains("addr.local @buf.1").contains("addr.global @buf ");
  }

  /**
   * Static initial values are converted to the element type as an assignment converts (C11
   * §6.3): they used to be stored unconverted (300 in an unsigned char, 2 in a bool), and a
   * negative float literal became 0.
   */
  @Test
  void staticInitialValuesAreConvertedToTheElementType() {
    Frontend.Result r = Compile.source("unsigned char g = 300;\nbool b = 2.5;\n__constant__ float c[3] = {-1.5f, 2, 'a'};\n"
        + "char d = -129;\nunsigned u0 = -1;\nunsigned u1 = 4294967296LL;\n");
    assertThat(r.ok()).isTrue();
    IrModule m = r.ir();
    assertThat(IrVerifier.verify(m)).isEmpty();
    assertThat(init(m, "g")).containsExactly(44);
    assertThat(init(m, "b")).containsExactly(1);
    assertThat(init(m, "c"))
        .containsExactly(Imm.ofDouble(IrType.F32, -1.5).bits(), Imm.ofDouble(IrType.F32, 2).bits(), Imm.ofDouble(IrType.F32, 97).bits());
    assertThat(init(m, "d")).containsExactly(127);
    assertThat(init(m, "u0")).containsExactly(0xFFFF_FFFFL);
    assertThat(init(m, "u1")).containsExactly(0);
  }

  /**
   * Nested braces initialise sub-arrays and brace elision fills them in order (C11 §6.7.9p20 and
   * its EXAMPLE 3): {{1}, {2}} puts 2 at b[1][0] (index 3 of 2x3), {1, 2, 3} on 2x2 puts 3 at
   * a[1][0] (index 2); unsized outer dimensions take as many rows as the values need.
   */
  @Test
  void nestedBracesPlaceValuesAtTheirSubArrays() {
    Frontend.Result r = Compile.source("__device__ int b[2][3] = {{1}, {2}};\n__device__ int a[2][2] = {1, 2, 3};\n"
        + "__device__ int c[][2] = {{1}, {2}, 3, 4};\n");
    assertThat(r.ok()).isTrue();
    assertThat(init(r.ir(), "b")).containsExactly(1, 0, 0, 2);
    assertThat(init(r.ir(), "a")).containsExactly(1, 2, 3);
    MemoryVar c = r.ir().globals().stream().filter(v -> v.name().equals("c")).findFirst().orElseThrow();
    assertThat(c.count()).as("rows {1}, {2}, then 3 4 by elision").isEqualTo(6);
    assertThat(c.init()).containsExactly(1, 0, 2, 0, 3, 4);
  }

  private static long[] init(IrModule m, String name) {
    List<MemoryVar> g = m.globals().stream().filter(v -> v.name().equals(name)).toList();
    assertThat(g).hasSize(1);
    return g.get(0).init();
  }

  /**
   * A long zeroed tail of a local array's initialiser was unrolled into one store per element:
   * `int a[1 << 22] = {1};` took half a minute and millions of instructions. It is now a loop.
   */
  @Test
  void aLongZeroedTailIsALoop() {
    String ir = ir("__global__ void k(int *o) {\n  int a[1 << 22] = {1, 2};\n  o[0] = a[5];\n}\n");
    assertThat(ir).contains("st.local.i32 [%2], 1").contains("st.local.i32 [%3], 2").contains("zero.cond").contains("setp.lt.i64 %4, 4194304");
    assertThat(ir.lines().count()).isLessThan(40);
  }
}
