package org.scansim.sim.run;

import org.scansim.sim.result.Kind;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.scansim.frontend.Frontend;
import org.scansim.frontend.diag.SourceFile;
import org.scansim.frontend.pp.IncludeLoader;
import org.scansim.sim.arch.Architectures;
import org.scansim.sim.check.Check;

/** A kernel entry launched by the harness, without host code: what an autograder's kernel-only submission needs. */
class RunKernelTest {
  private static final String KOGGE_STONE = """
      __global__ void scan(const float *in, float *out, int n) {
          __shared__ float xy[1024];
          unsigned int t = threadIdx.x;
          xy[t] = t < n ? in[t] : 0.0f;
          for (unsigned int stride = 1; stride < blockDim.x; stride *= 2) {
              __syncthreads();
              float v = 0.0f;
              if (t >= stride) v = xy[t] + xy[t - stride];
              __syncthreads();
              if (t >= stride) xy[t] = v;
          }
          if (t < n) out[t] = xy[t];
      }
      """;

  private static Frontend.Result compile(String text) {
    Frontend.Result r = Frontend.compile(new SourceFile("k.cu", text), Map.of(), IncludeLoader.NONE);
    assertThat(r.ok()).as(r.diagnostics().all().toString()).isTrue();
    return r;
  }

  private static ScanRun.Request request(String entry, int n, ScanRun.Expect expect) {
    return ScanRun.Request.of(n, Architectures.preset("hopper")).entry(entry).expect(expect).maxWarpInstructions(10_000_000L)
        .withOptions(new ScanRun.Options(Check.all(), 0, 0, false, 1L << 20));
  }

  @Test
  void launchesTheKernelAsTheLaunchSaysAndChecksTheScan() throws Exception {
    ScanRun.Outcome o = ScanRun.runKernel(compile(KOGGE_STONE), request("scan", 100, ScanRun.Expect.INCLUSIVE),
        new ScanRun.KernelLaunch(1, 128, 0));
    assertThat(o.fault()).isNull();
    assertThat(o.correct()).isTrue();
    assertThat(o.launches()).hasSize(1);
    assertThat(o.launches().get(0).block()).containsExactly(128, 1, 1);
    assertThat(o.launches().get(0).grid()).containsExactly(1, 1, 1);
    assertThat(o.launches().get(0).launchSite()).isNull();
    assertThat(o.launches().get(0).counters().work).isPositive();
  }

  @Test
  void aWrongScanKindIsReportedWithMismatches() throws Exception {
    ScanRun.Outcome o = ScanRun.runKernel(compile(KOGGE_STONE), request("scan", 40, ScanRun.Expect.EXCLUSIVE),
        new ScanRun.KernelLaunch(1, 64, 0));
    assertThat(o.correct()).isFalse();
    assertThat(o.mismatches()).isNotEmpty().first().asString().startsWith("out[0] = ");
  }

  /**
   * One thread scans the whole array in order, adding 1 to the elements listed in {@code bad}
   * and to every element from {@code shiftFrom} on (none when it is negative).
   */
  private static String sequential(boolean exclusive, int shiftFrom, int... bad) {
    StringBuilder cond = new StringBuilder("0");
    for (int b : bad) {
      cond.append(" || i == ").append(b);
    }
    return """
        __global__ void scan(const float *in, float *out, int n) {
            if (threadIdx.x == 0 && blockIdx.x == 0) {
                float s = 0.0f;
                for (int i = 0; i < n; i++) {
                    float before = s;
                    s += in[i];
                    float v = %s;
                    if (%d >= 0 && i >= %d) v += 1.0f;
                    out[i] = (%s) ? v + 1.0f : v;
                }
            }
        }
        """.formatted(exclusive ? "before" : "s", shiftFrom, shiftFrom, cond);
  }

  /**
   * The output check takes one pass when the scan is right and finds every wrong element when it
   * is not, wherever it lies among the parts the check splits the array into (n = 65541 on two
   * threads: eight parts of 8193): single wrong elements, and every element wrong by the same
   * amount from some index on, which leaves each later element right relative to the one before
   * (from 12,289 on: the first element of a chunk of 4,096, as the one pass reads each part; a
   * single wrong element sends the check the longer way, element by element, wherever it lies).
   */
  @Test
  void theOutputCheckFindsEachWrongElementWhereverItLies() throws Exception {
    int n = 65_541;
    for (ScanRun.Expect expect : ScanRun.Expect.values()) {
      boolean exclusive = expect == ScanRun.Expect.EXCLUSIVE;
      ScanRun.Request req = ScanRun.Request.of(n, Architectures.preset("hopper"))
          .entry("scan")
          .expect(expect)
          .maxWarpInstructions(10_000_000L)
          .threads(2);
      ScanRun.KernelLaunch one = new ScanRun.KernelLaunch(1, 32, 0);
      ScanRun.Outcome right = ScanRun.runKernel(compile(sequential(exclusive, -1)), req, one);
      assertThat(right.fault()).isNull();
      assertThat(right.correct()).as(expect.toString()).isTrue();
      assertThat(right.mismatches()).isEmpty();
      int[] bad = {0, 777, 8192, 8193, 16385, n - 1};
      ScanRun.Outcome wrong = ScanRun.runKernel(compile(sequential(exclusive, -1, bad)), req, one);
      assertThat(wrong.correct()).as(expect.toString()).isFalse();
      assertThat(wrong.mismatches()).as(expect.toString()).hasSize(bad.length);
      for (int k = 0; k < bad.length; k++) {
        assertThat(wrong.mismatches().get(k)).startsWith("out[" + bad[k] + "] = ");
      }
      for (int from : new int[] {0, 8193, 12289, 40_000, n - 1}) {
        ScanRun.Outcome shifted = ScanRun.runKernel(compile(sequential(exclusive, from)), req, one);
        assertThat(shifted.correct()).as("%s, off by one from %d on", expect, from).isFalse();
        assertThat(shifted.mismatches()).as("%s, off by one from %d on", expect, from).hasSize(Math.min(10, n - from))
            .first().asString().startsWith("out[" + from + "] = ");
      }
    }
  }

  @Test
  void aLaunchBeyondTheArchitectureIsAFault() throws Exception {
    ScanRun.Outcome o = ScanRun.runKernel(compile(KOGGE_STONE), request("scan", 10, ScanRun.Expect.INCLUSIVE),
        new ScanRun.KernelLaunch(1, 2048, 0));
    assertThat(o.fault()).isNotNull();
    assertThat(o.fault().kind()).isEqualTo(Kind.LAUNCH);
    assertThat(o.correct()).isNull();
  }

  @Test
  void theDeviceMemoryBudgetOfTheOptionsHolds() {
    assertThatThrownBy(() -> ScanRun.runKernel(compile(KOGGE_STONE), request("scan", 1 << 20, ScanRun.Expect.INCLUSIVE),
        new ScanRun.KernelLaunch(1024, 1024, 0)))
        .isInstanceOf(ScanRun.UsageException.class).hasMessageContaining("does not fit");
  }

  @Test
  void onlyAKernelIsLaunched() {
    Frontend.Result r = compile(KOGGE_STONE + "void host(const float *in, float *out, int n) { scan<<<1, 32>>>(in, out, n); }\n");
    assertThatThrownBy(() -> ScanRun.runKernel(r, request("host", 8, null), new ScanRun.KernelLaunch(1, 32, 0)))
        .isInstanceOf(ScanRun.UsageException.class)
        .hasMessage("'host' is not a __global__ kernel: --kernel launches kernels; run a host function with --entry");
    assertThatThrownBy(() -> ScanRun.runKernel(r, request("none", 8, null), new ScanRun.KernelLaunch(1, 32, 0)))
        .isInstanceOf(ScanRun.UsageException.class)
        .hasMessage("k.cu defines no kernel 'none'; its kernels: scan");
  }

  /** The roles the harness gives the parameters of {@code __global__ void k(PARAMS) {}}, or the refusal. */
  private static String binding(String params) {
    try {
      return ScanRun.kernel(compile("__global__ void k(" + params + ") {}\n"), "k").describe();
    } catch (ScanRun.UsageException e) {
      return e.getMessage();
    }
  }

  @Test
  void theBuffersAndTheLengthAreFoundByTypeAndName() {
    assertThat(binding("const float *in, float *out, int n")).isEqualTo("in = the input, out = the output, n = n");
    // const decides before names: the input may come second.
    assertThat(binding("float *a, const float *b, unsigned int len")).isEqualTo("a = the output, b = the input, len = n");
    // Harris's order, told by the names.
    assertThat(binding("float *g_odata, float *g_idata, int n")).isEqualTo("g_odata = the output, g_idata = the input, n = n");
    assertThat(binding("int *src, int *dst, size_t count")).isEqualTo("src = the input, dst = the output, count = n");
    assertThat(binding("double *data, int size")).isEqualTo("data = the input, scanned in place, size = n");
    assertThat(binding("int n, long long *x, long long *y")).isEqualTo("n = n, x = the input, y = the output");
  }

  @Test
  void parametersTheHarnessCannotFillAreNamed() {
    String tail = " (--kernel passes the input and output buffers and n, by parameter type and name)";
    assertThat(binding("float *a, float *b, int n")).isEqualTo("the harness cannot launch 'k': neither 'a' nor 'b' reads as the input:"
        + " make the input const, or name the buffers in and out" + tail);
    assertThat(binding("const float *in, float *out, float *sums, int n"))
        .isEqualTo("the harness cannot launch 'k': it takes 3 buffers, and the harness gives an input and an output" + tail);
    assertThat(binding("const float *in, float *out, float scale, int n"))
        .isEqualTo("the harness cannot launch 'k': its parameter 'scale' (float) is neither a buffer of numbers nor the length" + tail);
    assertThat(binding("const float *in, int *out, int n"))
        .isEqualTo("the harness cannot launch 'k': its buffers 'in' and 'out' hold different types" + tail);
    assertThat(binding("const float *in, float *out, int n, int stride"))
        .isEqualTo("the harness cannot launch 'k': it takes the integers n, stride, and the harness gives only n" + tail);
    assertThat(binding("const float *in, float *out"))
        .isEqualTo("the harness cannot launch 'k': it takes no integer for n" + tail);
  }
}
