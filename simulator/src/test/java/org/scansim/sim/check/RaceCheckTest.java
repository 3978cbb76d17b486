package org.scansim.sim.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import org.junit.jupiter.api.Test;
import org.scansim.sim.result.Kind;

/** {@link RaceCheck}: a read of a word another warp wrote with no barrier between them, and the same with one. */
class RaceCheckTest {
  private static String kernel(String between) {
    return """
        __global__ void k(const float *in, float *out, int n) {
          __shared__ float s[64];
          int t = threadIdx.x;
          s[t] = in[t];
          %s
          out[t] = s[(t + 32) %% 64];
        }
        void entry(const float *in, float *out, int n) { k<<<1, 64>>>(in, out, n); }
        """.formatted(between);
  }

  @Test
  void aReadOfWhatAnotherWarpWroteWithoutABarrierIsARace() {
    CheckedRun r = CheckedRun.of(kernel(""), 64, Set.of(Check.RACES), 1);
    assertThat(r.kinds()).containsOnly(Kind.RACE).isNotEmpty();
    Finding f = r.findings().get(0);
    // Warp 0 runs first: it reads s[32..63] before warp 1 writes them.
    assertThat(f.hazard()).isEqualTo("write-after-read");
    assertThat(f.first().line()).isEqualTo(6);
    assertThat(f.second().line()).isEqualTo(4);
    assertThat(f.message()).contains("in different warps with no __syncthreads() between them");
    assertThat(CheckedRun.of(kernel(""), 64, Set.of(Check.RACES), 2).findings()).as("on two threads").hasToString(r.findings().toString());
  }

  @Test
  void aBarrierBetweenThemOrdersThem() {
    assertThat(CheckedRun.of(kernel("__syncthreads();"), 64, Set.of(Check.RACES), 1).findings()).isEmpty();
  }

  @Test
  void otherCheckersDoNotReportIt() {
    // (The init check would: warp 0 reads words warp 1 has not written yet.)
    assertThat(CheckedRun.of(kernel(""), 64, Set.of(Check.BOUNDS, Check.BARRIERS), 1).findings()).isEmpty();
  }
}
