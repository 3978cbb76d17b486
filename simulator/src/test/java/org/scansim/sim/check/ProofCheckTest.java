package org.scansim.sim.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import org.junit.jupiter.api.Test;

/** {@link ProofCheck}: the ⊕ graph of a Hillis–Steele scan proves it inclusive; one step short, it does not, and says which inputs are missing. */
class ProofCheckTest {
  private static String scan(int steps) {
    return """
        __global__ void k(const float *in, float *out, int n) {
          __shared__ float s[2][64];
          int t = threadIdx.x;
          int p = 0;
          s[0][t] = in[t];
          __syncthreads();
          for (int d = 1; d < (1 << %d); d *= 2) {
            s[1 - p][t] = t >= d ? s[p][t] + s[p][t - d] : s[p][t];
            p = 1 - p;
            __syncthreads();
          }
          out[t] = s[p][t];
        }
        void entry(const float *in, float *out, int n) { k<<<1, 64>>>(in, out, n); }
        """.formatted(steps);
  }

  @Test
  void aHillisSteeleScanIsProvedInclusive() {
    ScanProof p = CheckedRun.of(scan(6), 64, Set.of(Check.PROOF), 1).proof();
    assertThat(p.proved()).isTrue();
    assertThat(p.work()).isEqualTo(64 * 6 - (1 + 2 + 4 + 8 + 16 + 32)); // n log n - (n - 1) adds
    assertThat(p.depth()).isEqualTo(6);
  }

  @Test
  void oneStepShortItIsNot() {
    ScanProof p = CheckedRun.of(scan(5), 64, Set.of(Check.PROOF), 1).proof();
    assertThat(p.proved()).isFalse();
    assertThat(p.failures().get(0)).isEqualTo("out[32] = x1..x32, expected x0..x32: x0 missing");
  }

  @Test
  void withoutItThereIsNoProof() {
    assertThat(CheckedRun.of(scan(6), 64, Set.of(Check.RACES), 1).proof()).isNull();
  }
}
