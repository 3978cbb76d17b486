package org.scansim.sim.run;

import org.scansim.sim.result.Fault;
import org.scansim.sim.device.Limits;
import org.scansim.sim.engine.Printf;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.scansim.frontend.Frontend;
import org.scansim.frontend.diag.SourceFile;
import org.scansim.frontend.ir.IrType;
import org.scansim.frontend.pp.IncludeLoader;

/**
 * printf output is bounded as CUDA's printf buffer bounds it (1 MiB a launch), and a run's as a
 * whole; what a faulting launch printed before its fault is kept.
 */
class PrintfBoundsTest {

  /**
   * Each thread of each block of 256 prints LINES lines of 33 bytes; block FAULTY then writes past its shared array.
   */
  private static final String SOURCE = """
      #include <cstdio>
      __global__ void k(const float *in, float *out, int n) {
        __shared__ float s[256];
        int i = blockIdx.x * blockDim.x + threadIdx.x;
        for (int j = 0; j < LINES; j++) printf("block %5d thread %3d line %4d\\n", blockIdx.x, threadIdx.x, j);
        s[threadIdx.x + (blockIdx.x == FAULTY ? 1 : 0)] = in[i];
        out[i] = s[threadIdx.x];
      }
      void entry(const float *in, float *out, int n) {
        for (int j = 0; j < HOST_LINES; j++) printf("host line %9d\\n", j);
        k<<<n / 256, 256>>>(in, out, n);
      }
      """;

  private static final int LINE = 33;

  private static Simulation run(int blocks, int lines, int faulty, int hostLines, int threads) {
    Frontend.Result r = Frontend.compile(new SourceFile("p.cu", SOURCE), Map.of("LINES", String.valueOf(lines), "FAULTY",
        String.valueOf(faulty), "HOST_LINES", String.valueOf(hostLines)), IncludeLoader.NONE);
    assertThat(r.ok()).as(r.diagnostics().all().toString()).isTrue();
    Simulation sim = new Simulation(r.ir(), new NoBanks(), Limits.defaults());
    sim.setThreads(threads);
    int n = blocks * 256;
    Simulation.Buffer in = sim.allocate("in", IrType.F32, n);
    Simulation.Buffer out = sim.allocate("out", IrType.F32, n);
    sim.call("entry", new long[] {in.pointer(), out.pointer(), n});
    return sim;
  }

  @Test
  void aLaunchKeepsTheBlocksThatBeginInItsFirstMebibyte() {
    // 40 blocks of 256 threads × 16 lines × 33 bytes: 132 KiB a block, 5.2 MiB in all.
    Simulation one = run(40, 16, -1, 0, 1);
    int perBlock = 256 * 16 * LINE;
    int kept = (Printf.LAUNCH_BYTES + perBlock - 1) / perBlock; // blocks 0..7 begin within the first MiB
    assertThat(one.output()).hasSize(kept * perBlock).startsWith("block     0 thread   0 line    0\n")
        .endsWith("block     " + (kept - 1) + " thread 255 line   15\n");
    assertThat(one.launches().get(0).warnings()).containsExactly("printf: " + (40 - kept) * 256 * 16
        + " calls past the first MiB of this launch's output were dropped (CUDA's printf buffer holds 1 MiB by default,"
        + " cudaLimitPrintfFifoSize)");
    for (int threads : new int[] {2, 3}) {
      Simulation many = run(40, 16, -1, 0, threads);
      assertThat(many.output()).as("%d threads", threads).isEqualTo(one.output());
      assertThat(many.launches().get(0).warnings()).isEqualTo(one.launches().get(0).warnings());
    }
  }

  @Test
  void aFaultingLaunchKeepsWhatItsBlocksPrintedUpToTheFault() {
    for (int threads : new int[] {1, 2}) {
      Frontend.Result r = Frontend.compile(new SourceFile("p.cu", SOURCE), Map.of("LINES", "1", "FAULTY", "5", "HOST_LINES",
          "1"), IncludeLoader.NONE);
      Simulation s = new Simulation(r.ir(), new NoBanks(), Limits.defaults());
      s.setThreads(threads);
      Simulation.Buffer in = s.allocate("in", IrType.F32, 64 * 256);
      Simulation.Buffer out = s.allocate("out", IrType.F32, 64 * 256);
      assertThatThrownBy(() -> s.call("entry", new long[] {in.pointer(), out.pointer(), 64 * 256})).isInstanceOf(Fault.class)
          .hasMessageContaining("block (5,0,0)");
      StringBuilder expected = new StringBuilder("host line         0\n");
      for (int b = 0; b <= 5; b++) {
        for (int t = 0; t < 256; t++) {
          expected.append(String.format("block %5d thread %3d line %4d\n", b, t, 0));
        }
      }
      assertThat(s.output()).as("%d threads", threads).isEqualTo(expected.toString());
    }
  }

  @Test
  void aRunKeepsSixteenMebibytesOfHostOutput() {
    // 20-byte lines: the run keeps each call that begins within its 16 MiB.
    int lines = 1_000_000;
    int kept = (Printf.RUN_BYTES + 19) / 20;
    String out = run(1, 0, -1, lines, 1).output();
    String marker = "[scansim: " + (lines - kept) + " more printf calls of the host code were dropped: a run keeps 16 MiB of printf output]\n";
    assertThat(out).endsWith(String.format("host line %9d\n", kept - 1) + marker).hasSize(kept * 20 + marker.length());
  }
}
