package org.scansim.sim.engine.opt;

import org.scansim.sim.engine.Trace;
import org.scansim.sim.run.Fingerprints;
import org.scansim.sim.engine.opt.Traces;
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
 * Traces (straight-line runs past unconditional branches, with copies, repeats and dead values
 * left out): what they run, and that running them changes nothing a user can see.
 */
class TracesTest {

  private static IrModule compile(String source) {
    Frontend.Result r = Frontend.compile(new SourceFile("t.cu", source), Map.of(), IncludeLoader.NONE);
    assertThat(r.ok()).as(r.diagnostics().all().toString()).isTrue();
    return r.ir();
  }

  private static final String HARRIS_UP_SWEEP = """
      __global__ void k(float *out, const float *in, int n) {
        extern __shared__ float temp[];
        int thid = threadIdx.x;
        int offset = 1;
        temp[2 * thid] = in[2 * thid];
        temp[2 * thid + 1] = in[2 * thid + 1];
        for (int d = n >> 1; d > 0; d >>= 1) {
          __syncthreads();
          if (thid < d) {
            int ai = offset * (2 * thid + 1) - 1;
            int bi = offset * (2 * thid + 2) - 1;
            ai += ai >> 5;
            bi += bi >> 5;
            temp[bi] += temp[ai];
          }
          offset *= 2;
        }
        __syncthreads();
        out[2 * thid] = temp[2 * thid];
      }
      """;

  @Test
  void aLoopBodyRunsFewerInstructionsThanItCountsAndTheLoopStepFollowsItsBranches() {
    IrModule m = compile(HARRIS_UP_SWEEP);
    Code c = Compiler.compile(m, m.function("k"));
    Uniformity.apply(c);
    Traces.install(c);
    Trace[] traces = c.traces();
    // The body of "if (thid < d)": its copies (ai = ..., the macro's temporaries) and the
    // repeated 2 * thid are left out, and nothing that touches memory is.
    Trace body = null;
    for (Trace t : traces) {
      if (t != null && Arrays.stream(t.ops).anyMatch(i -> i.op == Op.ST)) {
        if (Arrays.stream(t.pcs).anyMatch(p -> c.insns[p].span.line() == 14)) {
          body = t;
        }
      }
    }
    assertThat(body).isNotNull();
    assertThat(body.ops.length).isLessThan(body.pcs.length);
    long memory = Arrays.stream(body.pcs).filter(p -> c.insns[p].op == Op.LD || c.insns[p].op == Op.ST).count();
    assertThat(Arrays.stream(body.ops).filter(i -> i.op == Op.LD || i.op == Op.ST).count()).isEqualTo(memory);
    assertThat(Arrays.stream(body.ops).filter(i -> i.op == Op.MOV)).isEmpty();
    // The loop step (offset *= 2, d >>= 1) and the test d > 0 are one trace through two branches.
    boolean stepFollowsBranches = false;
    for (Trace t : traces) {
      if (t != null && Arrays.stream(t.pcs).filter(p -> c.insns[p].op == Op.BR).count() >= 2
          && c.insns[t.end].op == Op.CBR && t.backEdges == 1) {
        stepFollowsBranches = true;
      }
    }
    assertThat(stepFollowsBranches).isTrue();
  }

  @Test
  void aHarrisUpSweepCountsAndComputesTheSameWithAndWithoutTraces() {
    String src = HARRIS_UP_SWEEP + "void entry(const float *in, float *out, int n) { k<<<1, 64, 128 * 4>>>(out, in, 128); }\n";
    for (boolean its : new boolean[] {false, true}) {
      assertThat(fingerprint(compile(src), "entry", 128, its, true))
          .isEqualTo(fingerprint(compile(src), "entry", 128, its, false));
    }
  }

  /** Kernels meant to trip a wrong trace: values rewritten between a computation and its reuse. */
  private static final String[] TRICKY = {
    // the same expression after one of its operands changed
    "int a = t * 2; t = t + 1; int b = t * 2; out[t] = a + b;",
    // the same expression, then the register holding the first result is rewritten before the second is read
    "int a = t * 2; int b = t * 2; a = 7; out[t] = a + b;",
    // the same, the first result overwritten by a load (not a copy that could be propagated)
    "int a = t * 2; int b = t * 2; a = (int) in[t]; out[t] = a + b;",
    // a copy whose source changes before the copy is read
    "int a = t; int b = a; a = a + 1; out[t] = b + a;",
    // the same, the source overwritten by a load
    "int a = t; int b = a; a = (int) in[t]; out[t] = b + a;",
    "int x = t + 1; int y = x; x = (int) in[t] * 3; out[t] = x + y;",
    // a copy read after a loop's back edge
    "int a = t; int b = 0; for (int i = 0; i < 5; i++) { b = a; a = a + i; } out[t] = a + b;",
    // a value only some lanes write, read by all after reconvergence
    "int x = t * 3; if (t > 20) { x = x + 1; } int y = x; out[t] = y * 2;",
    // an infinite-looking loop left by a break, its body a chain of branches
    "int i = 0; while (1) { i += 3; if (i > t) break; } out[t] = i;",
    // a load that leaves the array for some lanes: the fault names the same lane
    "out[t] = in[t + n - 40];",
    // a store that leaves the array after the first lanes stored
    "out[t + n - 40] = 1.0f;",
    // loads and stores of shared memory with a conflict, through copies of the index
    "__shared__ float s[256]; int j = threadIdx.x * 4; int k3 = j; s[k3] = in[t]; __syncthreads(); out[t] = s[(threadIdx.x * 8) % 256];",
  };

  static Stream<Arguments> tricky() {
    List<Arguments> out = new ArrayList<>();
    for (String body : TRICKY) {
      out.add(Arguments.of(body));
    }
    for (String body : UniformityTest.TRICKY) {
      out.add(Arguments.of(body));
    }
    return out.stream();
  }

  @ParameterizedTest
  @MethodSource("tricky")
  void trickyKernelsBehaveTheSame(String body) {
    // Two blocks, so that the second runs on state the first left (registers, shared memory).
    String src = "__global__ void k(const float *in, float *out, int n) {\n  int t = blockIdx.x * blockDim.x + threadIdx.x;\n  "
        + body + "\n}\n" + "void entry(const float *in, float *out, int n) { k<<<2, 64>>>(in, out, n); }\n";
    for (boolean its : new boolean[] {false, true}) {
      assertThat(fingerprint(compile(src), "entry", 128, its, true))
          .isEqualTo(fingerprint(compile(src), "entry", 128, its, false));
    }
  }

  @Test
  @org.junit.jupiter.api.Timeout(60)
  void aLongStraightLineKernelIsTracedInBoundedTimeAndStillBehavesTheSame() {
    // 3,000 statements without a branch (an unrolled loop, as a student might submit), with
    // repeated pure computations for the passes to chew on: past MAX_OPTIMISED they only follow branches.
    StringBuilder body = new StringBuilder("int x = t; int y = 0;");
    for (int i = 0; i < 3000; i++) {
      body.append(" y = t * 2; x = x * 3 + y;");
    }
    body.append(" out[t] = (float) (x & 1023);");
    String src = "__global__ void k(const float *in, float *out, int n) {\n  int t = threadIdx.x;\n  " + body
        + "\n}\nvoid entry(const float *in, float *out, int n) { k<<<1, 64>>>(in, out, n); }\n";
    IrModule m = compile(src);
    Code c = Compiler.compile(m, m.function("k"));
    Uniformity.apply(c);
    Traces.install(c);
    assertThat(c.insns.length).isGreaterThan(Traces.MAX_OPTIMISED * 10);
    assertThat(Arrays.stream(c.traces()).filter(t -> t != null).mapToInt(t -> t.pcs.length).max().orElse(0))
        .isLessThanOrEqualTo(Traces.MAX_LENGTH);
    assertThat(fingerprint(m, "entry", 64, true, true)).isEqualTo(fingerprint(m, "entry", 64, true, false));
  }

  /** The trace that ends with the branch on line {@code line}, or null. */
  private static Trace endingOnLine(Code c, int line) {
    for (Trace t : c.traces()) {
      if (t != null && t.branch != null && t.branch.span.line() == line) {
        return t;
      }
    }
    return null;
  }

  @Test
  void aComparisonOfThreadIdxXWithAUniformValueIsDecidedByABound() {
    IrModule m = compile(HARRIS_UP_SWEEP);
    Code c = Compiler.compile(m, m.function("k"));
    Uniformity.apply(c);
    Traces.install(c);
    Trace test = endingOnLine(c, 9); // if (thid < d)
    assertThat(test).isNotNull();
    assertThat(test.compare).isNotNull();
    assertThat(test.threadX).isEqualTo(Trace.TID_FIRST);
    // A copy of threadIdx.x that is written again later does not qualify, nor does a varying bound.
    IrModule other = compile("""
        __global__ void k(float *out, const float *in, int n) {
          int x = threadIdx.x;
          int y = threadIdx.x;
          if (n > 3) { x = 5; }
          for (int d = 0; d < n; d++) {
            if (x < d) { out[0] = 1; }
            if (d > y) { out[1] = 1; }
            if (y < (int) in[y]) { out[2] = 1; }
          }
        }
        """);
    Code o = Compiler.compile(other, other.function("k"));
    Uniformity.apply(o);
    Traces.install(o);
    assertThat(endingOnLine(o, 6).threadX).isZero();
    assertThat(endingOnLine(o, 7).threadX).isEqualTo(Trace.TID_SECOND);
    assertThat(endingOnLine(o, 8).threadX).isZero();
  }

  /**
   * Every comparison of threadIdx.x (signed, unsigned, 64-bit; on either side) with a uniform
   * value that runs below, into and past the warp's threads, in blocks whose rows hold whole warps
   * and in blocks where a warp spans rows (threadIdx.x is then not x0 + lane, and the lane loop
   * decides): the same with and without traces.
   */
  @ParameterizedTest
  @org.junit.jupiter.params.provider.ValueSource(strings = {"dim3(64, 1)", "dim3(96, 2)", "dim3(48, 2)", "dim3(16, 4)", "dim3(40, 1)"})
  void comparisonsOfThreadIdxXBehaveTheSame(String block) {
    String src = """
        __global__ void k(const float *in, float *out, int n) {
          int x = threadIdx.x;
          unsigned ux = threadIdx.x;
          long long lx = threadIdx.x;
          int t = (blockIdx.x * blockDim.y + threadIdx.y) * blockDim.x + x;
          int acc = 0;
          for (int d = -9; d < 110; d += 7) {
            if (x < d) { acc += 1; }
            if (x <= d) { acc += 2; }
            if (x > d) { acc += 4; }
            if (x >= d) { acc += 8; }
            if (x == d) { acc += 16; }
            if (x != d) { acc += 32; }
            if (d < x) { acc += 64; }
            if (d >= x) { acc += 128; }
            if (ux < (unsigned) d) { acc += 256; }
            if ((unsigned) d > ux) { acc += 512; }
            if (lx < (long long) d * 3) { acc += 1024; }
          }
          if (t < n) { out[t] = (float) acc; }
        }
        void entry(const float *in, float *out, int n) { k<<<2, BLOCK>>>(in, out, n); }
        """.replace("BLOCK", block);
    for (boolean its : new boolean[] {false, true}) {
      assertThat(fingerprint(compile(src), "entry", 384, its, true))
          .isEqualTo(fingerprint(compile(src), "entry", 384, its, false));
    }
  }

  @ParameterizedTest
  @MethodSource("org.scansim.sim.run.Fingerprints#seedKernels")
  void seedKernelsBehaveTheSame(String file, String entry) {
    IrModule m = Fingerprints.seedModule(file);
    for (int n : new int[] {33, 1000, 5000}) {
      for (boolean its : new boolean[] {false, true}) {
        assertThat(fingerprint(m, entry, n, its, true)).as("%s n=%d", file, n)
            .isEqualTo(fingerprint(m, entry, n, its, false));
      }
    }
  }

  private static String fingerprint(IrModule module, String entry, int n, boolean its, boolean traces) {
    return Fingerprints.of(module, entry, n, its, Fingerprints.traces(traces));
  }
}
