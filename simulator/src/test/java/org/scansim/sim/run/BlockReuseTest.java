package org.scansim.sim.run;

import org.scansim.sim.device.Limits;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.scansim.frontend.Frontend;
import org.scansim.frontend.diag.SourceFile;
import org.scansim.frontend.ir.IrType;
import org.scansim.frontend.pp.IncludeLoader;

/**
 * One executor runs many blocks of a launch: nothing a block wrote may reach the next one. A
 * register written only by block 0 (and read by every block) must read 0 in the others, as in a
 * fresh block, and shared memory must hold its garbage pattern again, whatever the thread count,
 * and under the residency scheduler of blocks that may communicate, which reuses a finished
 * block's state for the next block it dispatches.
 */
class BlockReuseTest {

  private static final String SOURCE = """
      __global__ void k(const float *in, float *out, int n) {
        __shared__ float s[64];
        int x;
        if (blockIdx.x == 0) { x = 5; s[threadIdx.x] = 7.0f; }
        __syncthreads();
        out[blockIdx.x * 64 + threadIdx.x] = (float)x;
        out[4096 + blockIdx.x * 64 + threadIdx.x] = s[threadIdx.x] == 7.0f ? 1.0f : 0.0f;
      }
      void entry(const float *in, float *out, int n) { k<<<64, 64>>>(in, out, n); }
      """;

  @ParameterizedTest
  @ValueSource(ints = {1, 2, 4})
  void laterBlocksSeeNothingOfEarlierOnes(int threads) {
    check(SOURCE, threads, 0);
  }

  /** The same kernel with a fence, so that its blocks may communicate: they run resident, three at a time. */
  @ParameterizedTest
  @ValueSource(ints = {1, 3})
  void residentBlocksSeeNothingOfEarlierOnes(int resident) {
    check(SOURCE.replace("  __syncthreads();\n", "  __syncthreads();\n    __threadfence();\n"), 1, resident);
  }

  private static void check(String source, int threads, int resident) {
    assertThat(source).contains(resident > 0 ? "__threadfence" : "__syncthreads");
    Frontend.Result r = Frontend.compile(new SourceFile("t.cu", source), Map.of(), IncludeLoader.NONE);
    assertThat(r.ok()).as(r.diagnostics().all().toString()).isTrue();
    Simulation sim = new Simulation(r.ir(), new NoBanks(), Limits.defaults());
    sim.setThreads(threads);
    if (resident > 0) {
      sim.setResidentBlocks(resident);
    }
    Simulation.Buffer in = sim.allocate("in", IrType.F32, 1);
    Simulation.Buffer out = sim.allocate("out", IrType.F32, 8192);
    sim.call("entry", new long[] {in.pointer(), out.pointer(), 1});
    for (int b = 0; b < 64; b++) {
      for (int t = 0; t < 64; t++) {
        assertThat(out.get(b * 64 + t)).as("x in block %d thread %d", b, t).isEqualTo(b == 0 ? 5.0 : 0.0);
        assertThat(out.get(4096 + b * 64 + t)).as("s[t] in block %d thread %d", b, t).isEqualTo(b == 0 ? 1.0 : 0.0);
      }
    }
  }
}
