package org.scansim.sim.run;

import org.scansim.sim.device.Limits;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.EnumSet;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.scansim.frontend.Frontend;
import org.scansim.frontend.diag.SourceFile;
import org.scansim.frontend.diag.Span;
import org.scansim.frontend.ir.IrType;
import org.scansim.frontend.pp.IncludeLoader;
import org.scansim.sim.check.Check;

/** Which outputs hold a value read from memory nothing wrote, as the init check's findings name them. */
class UninitialisedOutputsTest {

  /**
   * Each block's threads t with t % M < 2 fill s[t]; every thread but the first then stores s[t],
   * so outputs 2..M-1, M+2..2M-1, ... of each block of 64 come from words nothing wrote. The first
   * thread stores z[0], another site nothing wrote.
   */
  private static final String SOURCE = """
      __global__ void k(const float *in, float *out, int n) {
        __shared__ float s[64];
        __shared__ float z[1];
        int t = threadIdx.x;
        if (t % M < 2) s[t] = in[blockIdx.x * 64 + t];
        __syncthreads();
        out[blockIdx.x * 64 + t] = t == 0 ? z[0] : s[t];
      }
      void entry(const float *in, float *out, int n) { k<<<n / 64, 64>>>(in, out, n); }
      """;

  private static Map<Span, String> reach(int m, int n, int threads) {
    Frontend.Result r = Frontend.compile(new SourceFile("t.cu", SOURCE), Map.of("M", String.valueOf(m)), IncludeLoader.NONE);
    assertThat(r.ok()).as(r.diagnostics().all().toString()).isTrue();
    Simulation sim = new Simulation(r.ir(), new NoBanks(), new Limits("hopper", 1024, 49152, 2_000_000_000L, 1 << 24));
    sim.setThreads(threads);
    sim.setChecks(EnumSet.of(Check.INIT), n, 1 << 20);
    Simulation.Buffer in = sim.allocate("in", IrType.F32, n);
    for (int i = 0; i < n; i++) {
      in.setInput(i, i);
    }
    Simulation.Buffer out = sim.allocate("out", IrType.F32, n);
    sim.call("entry", new long[] {in.pointer(), out.pointer(), n});
    return sim.uninitialisedOutputs(out, "out");
  }

  @Test
  void eachReadSiteNamesItsFirstFourRangesOfOutputs() {
    Map<Span, String> reach = reach(8, 128, 1);
    // In the order of the first output each site reaches: z[0] at out[0], s[t] at out[2].
    assertThat(reach.values()).containsExactly("out[0], out[64]", "out[2..7], out[10..15], out[18..23], out[26..31], …");
    assertThat(reach(8, 128, 2).toString()).as("on two threads").isEqualTo(reach.toString());
  }

  @Test
  void aSiteWithFourRangesNamesThemAll() {
    assertThat(reach(16, 64, 1).values()).containsExactly("out[0]", "out[2..15], out[18..31], out[34..47], out[50..63]");
  }

  @Test
  void aSiteWithFiveRangesEndsWithAnEllipsis() {
    assertThat(reach(16, 128, 1).values()).containsExactly("out[0], out[64]", "out[2..15], out[18..31], out[34..47], out[50..63], …");
  }
}
