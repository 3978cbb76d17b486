package org.scansim.sim.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import org.junit.jupiter.api.Test;
import org.scansim.sim.result.Kind;

/** {@link BoundsCheck}: a write one past the output is reported and skipped; without it, the run faults there. */
class BoundsCheckTest {
  private static final String ONE_PAST = """
      __global__ void k(const float *in, float *out, int n) {
        int t = threadIdx.x;
        out[t + 1] = in[t];
      }
      void entry(const float *in, float *out, int n) { k<<<1, 64>>>(in, out, n); }
      """;

  @Test
  void aWriteOnePastTheArrayIsReportedAndTheRunGoesOn() {
    CheckedRun r = CheckedRun.of(ONE_PAST, 64, Set.of(Check.BOUNDS), 1);
    assertThat(r.fault()).isNull();
    assertThat(r.kinds()).containsExactly(Kind.OUT_OF_BOUNDS);
    Finding f = r.findings().get(0);
    assertThat(f.index()).isEqualTo("64");
    assertThat(f.first().line()).isEqualTo(3);
    assertThat(f.message()).startsWith("write of global out[64], outside the array's 64 elements, by thread 63 of block");
  }

  @Test
  void withoutItTheAccessIsAFault() {
    CheckedRun r = CheckedRun.of(ONE_PAST, 64, Set.of(Check.RACES), 1);
    assertThat(r.findings()).isEmpty();
    assertThat(r.fault()).isNotNull();
    assertThat(r.fault().kind()).isEqualTo(Kind.OUT_OF_BOUNDS);
  }
}
