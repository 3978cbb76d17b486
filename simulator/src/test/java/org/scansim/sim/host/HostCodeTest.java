package org.scansim.sim.host;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.scansim.frontend.Frontend;
import org.scansim.frontend.diag.SourceFile;
import org.scansim.frontend.pp.IncludeLoader;
import org.scansim.sim.arch.Architectures;
import org.scansim.sim.run.ScanRun;

/**
 * The host instructions {@link HostCode} decodes (32- and 64-bit integer arithmetic that wraps,
 * comparisons, widening and narrowing conversions, pointer steps, loads and stores of each width,
 * rand) compute what C computes. The expected text is what the same statements printed as a C++
 * program built by g++ 12.2 with {@code -fwrapv} (signed overflow defined as wrapping, as on the
 * GPU and in scansim): {@code g++ -fwrapv -O0 t.cpp && ./a.out}, 2026-11-30.
 */
class HostCodeTest {
  private static ScanRun.Outcome run(String entry) throws Exception {
    Frontend.Result r = Frontend.compile(new SourceFile("h.cu", entry), Map.of(), IncludeLoader.NONE);
    assertThat(r.ok()).as(r.diagnostics().all().toString()).isTrue();
    return ScanRun.run(r, ScanRun.Request.of(4, Architectures.preset("hopper")));
  }

  @Test
  void decodedHostInstructionsComputeWhatCComputes() throws Exception {
    ScanRun.Outcome o = run("""
        void entry(const float *in, float *out, int n) {
          int a = 2147483647;
          a = a + 1;
          int b = -2147483647 - 1;
          b = b - 1;
          int f = 46341;
          int m = f * f;
          long long x = 9223372036854775807LL;
          x = x + 1;
          long long g = 3037000500LL;
          long long y = g * g;
          unsigned u = 4294967295u;
          long long w = u;
          int i = -5;
          long long w2 = i;
          unsigned long long z = (unsigned long long) i;
          long long big = 4294967296LL + 7;
          int t = (int) big;
          int t2 = (int) 4294967295LL;
          short s = -3;
          int fromShort = s;
          printf("%d %d %d %lld %lld\\n", a, b, m, x, y);
          printf("%lld %lld %llu %d %d %d\\n", w, w2, z, t, t2, fromShort);
          printf("%d %d %d %d %d %d\\n", -1 < 1, -1 <= -1, -2 > -3, 5 >= 6, i == -5, i != -5);
          printf("%d %d %d\\n", (unsigned) -1 < 1u, x < 0, 3000000000u > 1u);
          int arr[4] = {1, 2, 3, 4};
          int *p = arr + 3;
          char c[3] = {'a', 'b', 0};
          double dd[2] = {1.5, -2.25};
          int *q = arr;
          printf("%d %d %c %g %d %d\\n", p[-2], *(p - 3), c[1], dd[1], p == q + 3, p != q);
          arr[1] = arr[0] + arr[3];
          dd[0] = dd[0] * 2;
          printf("%d %g\\n", arr[1], dd[0]);
          srand(1);
          int r1 = rand();
          int r2 = rand();
          int r3 = rand();
          printf("%d %d %d\\n", r1, r2, r3);
          long long acc = 0;
          for (int k = 0; k < 1000; k++) {
            acc += (long long) k * k - 3 * k;
          }
          printf("%lld\\n", acc);
        }
        """);
    assertThat(o.output()).isEqualTo("-2147483648 2147483647 -2147479015 -9223372036854775808 -9223372036709301616\n"
        + "4294967295 -5 18446744073709551611 7 -1 -3\n"
        + "1 1 1 0 1 0\n"
        + "0 1 1\n"
        + "2 1 b -2.25 1 1\n"
        + "5 3\n"
        + "1804289383 846930886 1681692777\n"
        + "331335000\n");
  }

  @Test
  void aDecodedStoreOutsideItsArrayIsStillReportedWhereItIs() throws Exception {
    ScanRun.Outcome o = run("""
        void entry(const float *in, float *out, int n) {
          int a[4];
          for (int i = 0; i <= 4; i++) {
            a[i] = i;
          }
        }
        """);
    assertThat(o.fault()).isNotNull();
    assertThat(o.fault().getMessage()).contains("out-of-bounds host access at byte 16 of 'a' (16 bytes)");
    assertThat(o.fault().span().position()).isEqualTo("h.cu:4:5");
  }
}
