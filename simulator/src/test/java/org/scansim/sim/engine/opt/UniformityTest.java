package org.scansim.sim.engine.opt;

import org.scansim.sim.run.Fingerprints;
import org.scansim.sim.engine.CInsn;
import org.scansim.sim.engine.Code;
import org.scansim.sim.engine.Compiler;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.scansim.frontend.Frontend;
import org.scansim.frontend.diag.SourceFile;
import org.scansim.frontend.ir.IrModule;
import org.scansim.frontend.ir.Op;
import org.scansim.frontend.pp.IncludeLoader;

/**
 * Uniform registers: which ones the analysis finds, and that holding them once per warp changes
 * nothing a user can see (results, counters, output) on every seed kernel and on code written to
 * trip the analysis up.
 */
class UniformityTest {

  private static IrModule compile(String source) {
    Frontend.Result r = Frontend.compile(new SourceFile("t.cu", source), Map.of(), IncludeLoader.NONE);
    assertThat(r.ok()).as(r.diagnostics().all().toString()).isTrue();
    return r.ir();
  }

  private static Code code(String source) {
    IrModule m = compile(source);
    Code c = Compiler.compile(m, m.function("k"));
    Uniformity.apply(c);
    Traces.install(c);
    return c;
  }

  /** The instructions of one op on a source line. */
  private static List<CInsn> on(Code c, int line, Op op) {
    List<CInsn> out = new ArrayList<>();
    for (CInsn in : c.insns) {
      if (in.op == op && in.span.line() == line) {
        out.add(in);
      }
    }
    assertThat(out).as("%s on line %d", op, line).isNotEmpty();
    return out;
  }

  @Test
  void loopControlIsUniformThreadDataIsNot() {
    Code c = code("""
        __global__ void k(const float *in, float *out, int n) {
          int t = threadIdx.x;
          for (int s = 1; s < n; s *= 2) {
            if (t >= s) out[t] = in[t - s];
          }
          int x = 0;
          if (t < 16) x = 5;
          out[t] += x + blockIdx.x * blockDim.x;
        }
        """);
    assertThat(on(c, 3, Op.CBR)).allMatch(b -> c.uniform[b.a()]); // s < n
    assertThat(on(c, 3, Op.MUL)).allMatch(i -> i.once); // s *= 2
    assertThat(on(c, 4, Op.CBR)).noneMatch(b -> c.uniform[b.a()]); // t >= s
    assertThat(on(c, 4, Op.SUB)).noneMatch(i -> i.once); // t - s
    assertThat(on(c, 7, Op.MOV)).noneMatch(i -> i.once); // x = 5 on one side of t < 16
    assertThat(on(c, 8, Op.MUL)).allMatch(i -> i.once); // blockIdx.x * blockDim.x
    assertThat(on(c, 2, Op.SREG)).noneMatch(i -> i.once); // threadIdx.x
  }

  @Test
  void earlyReturnKeepsTheRestUniformButABranchThatMergesDoesNot() {
    Code c = code("""
        __global__ void k(const float *in, float *out, int n) {
          int t = threadIdx.x;
          if (t >= n) return;
          for (int s = 1; s < 64; s *= 2) {
            out[t] += s;
          }
          int y = 1;
          if (in[t] > 0) { y = 2; } else { out[t] = y; }
          out[t] += y;
        }
        """);
    assertThat(on(c, 4, Op.CBR)).allMatch(b -> c.uniform[b.a()]);
    assertThat(on(c, 8, Op.MOV)).noneMatch(i -> i.once);
  }

  @Test
  void loadsShufflesAndLocalAddressesVary() {
    Code c = code("""
        __global__ void k(const float *in, float *out, int n) {
          __shared__ float s[32];
          float loc[2];
          float a = in[0];
          float b = __shfl_sync(0xffffffff, a, 0);
          loc[0] = a + b;
          float c = loc[1];
          s[0] = c;
          out[0] = s[0];
        }
        """);
    assertThat(on(c, 4, Op.LD)).noneMatch(i -> i.once);
    assertThat(on(c, 5, Op.SHFL)).noneMatch(i -> i.once);
    assertThat(on(c, 6, Op.ADDR)).noneMatch(i -> i.once);
    assertThat(on(c, 7, Op.ADDR)).noneMatch(i -> i.once);
    assertThat(on(c, 8, Op.ADDR)).allMatch(i -> i.once); // the shared array's address
  }

  // ---- Invisible: the same results and counters with and without uniform registers.

  /** Kernels meant to trip a wrong analysis: values that differ by lane only through control flow. */
  static final String[] TRICKY = {
    // written on one side, read on the other side of the same branch
    "int x = 0; if (t & 1) { x = 5; } else { out[t] = x; } out[t] += x;",
    // a loop with per-lane trip counts: the counter is uniform among the lanes still in it
    "int s = 0; int i; for (i = 0; i < t; i++) { s += 2; } out[t] = s + i;",
    // break out of a uniform loop on a varying condition
    "int k2 = 0; for (int i = 0; i < 40; i++) { if (i == t) break; k2 = i; } out[t] = k2;",
    // paths that never reconverge, both writing the same uniform-looking variable
    "int z = 1; if (t < 7) { z = 3; out[t] = z; return; } z = 4; out[t] = z;",
    // long divergent loops so independent thread scheduling interleaves the two paths
    "int q = 0; if (t % 3 == 0) { for (int i = 0; i < 300; i++) q = i; } else { for (int i = 0; i < 200; i++) q = i * 2; } out[t] = q;",
    // paths that never reconverge and loop long enough to interleave under independent scheduling
    "int z = 1; out[t] = 0; if (t < 7) { for (int i = 0; i < 300; i++) z = i; for (int j = 0; j < 300; j++) out[t] += 1; out[t] += z; return; }"
        + " for (int i = 0; i < 200; i++) z = 2 * i; for (int j = 0; j < 300; j++) out[t] += 1; out[t] += z;",
    // a shuffle of a uniform value and a vote on a uniform predicate
    "int u = n * 2; float v = __shfl_down_sync(0xffffffff, (float) u, 1); out[t] = v + __any_sync(0xffffffff, u > 3);",
    // uniform values from the block index and a nested varying branch
    "int base = blockIdx.x * blockDim.x; int w = base; if (t > 3) { if (t > 9) w = base + 1; } out[t] = w + in[t];",
  };

  static Stream<Arguments> tricky() {
    return Arrays.stream(TRICKY).map(Arguments::of);
  }

  @ParameterizedTest
  @MethodSource("tricky")
  void trickyKernelsBehaveTheSame(String body) {
    String src = "__global__ void k(const float *in, float *out, int n) {\n  int t = threadIdx.x;\n  " + body + "\n}\n"
        + "void entry(const float *in, float *out, int n) { k<<<1, 64>>>(in, out, n); }\n";
    for (boolean its : new boolean[] {false, true}) {
      assertThat(fingerprint(compile(src), "entry", 64, its, true))
          .isEqualTo(fingerprint(compile(src), "entry", 64, its, false));
    }
  }

  @ParameterizedTest
  @MethodSource("org.scansim.sim.run.Fingerprints#seedKernels")
  void seedKernelsBehaveTheSame(String file, String entry) {
    IrModule m = Fingerprints.seedModule(file);
    for (int n : new int[] {33, 1000}) {
      assertThat(fingerprint(m, entry, n, true, true)).as("%s n=%d", file, n)
          .isEqualTo(fingerprint(m, entry, n, true, false));
    }
  }

  private static String fingerprint(IrModule module, String entry, int n, boolean its, boolean uniform) {
    return Fingerprints.of(module, entry, n, its, Fingerprints.uniformRegisters(uniform));
  }
}
