package org.scansim.sim.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import org.junit.jupiter.api.Test;
import org.scansim.sim.result.Kind;

/** {@link BarrierCheck}: a {@code __syncthreads} half a warp reaches is a finding at its position, as well as the fault it is. */
class BarrierCheckTest {
  private static final String HALF_A_WARP = """
      __global__ void k(const float *in, float *out, int n) {
        int t = threadIdx.x;
        if (t < 16) {
          __syncthreads();
        }
        out[t] = in[t];
      }
      void entry(const float *in, float *out, int n) { k<<<1, 32>>>(in, out, n); }
      """;

  @Test
  void aBarrierSomeThreadsMissIsReported() {
    CheckedRun r = CheckedRun.of(HALF_A_WARP, 32, Set.of(Check.BARRIERS), 1);
    assertThat(r.kinds()).containsExactly(Kind.DIVERGENT_BARRIER);
    assertThat(r.findings().get(0).first().line()).isEqualTo(4);
    assertThat(r.fault()).isNotNull();
    assertThat(r.fault().kind()).isEqualTo(Kind.DIVERGENT_BARRIER);
  }

  @Test
  void withoutItOnlyTheFaultSaysSo() {
    CheckedRun r = CheckedRun.of(HALF_A_WARP, 32, Set.of(Check.RACES), 1);
    assertThat(r.findings()).isEmpty();
    assertThat(r.fault().kind()).isEqualTo(Kind.DIVERGENT_BARRIER);
  }
}
