package org.scansim.sim.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import org.junit.jupiter.api.Test;
import org.scansim.sim.result.Kind;

/** {@link InitCheck}: a read of shared memory no thread wrote, once per site; a written word is no finding. */
class InitCheckTest {
  private static final String HALF_WRITTEN = """
      __global__ void k(const float *in, float *out, int n) {
        __shared__ float s[64];
        int t = threadIdx.x;
        if (t < 32) s[t] = in[t];
        __syncthreads();
        out[t] = s[t];
      }
      void entry(const float *in, float *out, int n) { k<<<1, 64>>>(in, out, n); }
      """;

  @Test
  void aReadOfWhatNothingWroteIsReportedAtItsSite() {
    CheckedRun r = CheckedRun.of(HALF_WRITTEN, 64, Set.of(Check.INIT), 1);
    assertThat(r.kinds()).containsOnly(Kind.UNINITIALISED_READ).isNotEmpty();
    Finding f = r.findings().get(0);
    assertThat(f.first().line()).isEqualTo(6);
    assertThat(f.message()).contains("which nothing has written, by thread 32 of block");
    assertThat(CheckedRun.of(HALF_WRITTEN, 64, Set.of(Check.INIT), 2).findings()).as("on two threads").hasToString(r.findings().toString());
  }

  @Test
  void aWrittenWordIsNoFinding() {
    String all = HALF_WRITTEN.replace("if (t < 32) ", "");
    assertThat(CheckedRun.of(all, 64, Set.of(Check.INIT), 1).findings()).isEmpty();
  }
}
