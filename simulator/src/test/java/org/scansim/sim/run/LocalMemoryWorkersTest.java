package org.scansim.sim.run;

import org.scansim.sim.device.Limits;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.scansim.frontend.Frontend;
import org.scansim.frontend.diag.SourceFile;
import org.scansim.frontend.ir.IrType;
import org.scansim.frontend.pp.IncludeLoader;

/**
 * Blocks whose local arrays are large run on as many threads as a quarter of the heap holds one
 * block's arrays each: 256 KiB a thread (a size an H100 launches) in blocks of 1,024 threads is
 * 256 MiB a block, so four threads would need 1 GiB. In a JVM with a 600 MB heap the run asks for
 * four threads and completes.
 */
class LocalMemoryWorkersTest {

  private static final String SOURCE = """
      __global__ void k(const float *in, float *out, int n) {
        float a[65536];
        int i = blockIdx.x * blockDim.x + threadIdx.x;
        for (int j = 0; j < 4; j++) a[(threadIdx.x * 64 + j) % 65536] = in[i] + j;
        out[i] = a[threadIdx.x * 64 % 65536];
      }
      void entry(const float *in, float *out, int n) { k<<<n / 1024, 1024>>>(in, out, n); }
      """;

  /** Runs the kernel over 8 blocks on four threads and prints how many outputs are right. */
  public static void main(String[] args) {
    Frontend.Result r = Frontend.compile(new SourceFile("local.cu", SOURCE), Map.of(), IncludeLoader.NONE);
    Simulation sim = new Simulation(r.ir(), new NoBanks(), Limits.defaults());
    sim.setThreads(4);
    int n = 8 * 1024;
    Simulation.Buffer in = sim.allocate("in", IrType.F32, n);
    for (int i = 0; i < n; i++) {
      in.setInput(i, i % 7);
    }
    Simulation.Buffer out = sim.allocate("out", IrType.F32, n);
    sim.call("entry", new long[] {in.pointer(), out.pointer(), n});
    int right = 0;
    for (int i = 0; i < n; i++) {
      right += out.get(i) == i % 7 ? 1 : 0;
    }
    System.out.println("right " + right + " of " + n);
  }

  @Test
  void largeLocalArraysRunInASmallHeap() throws Exception {
    Process p = new ProcessBuilder(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx600m",
        "-XX:+UseParallelGC", "-cp", System.getProperty("java.class.path"), LocalMemoryWorkersTest.class.getName()))
        .redirectErrorStream(true).start();
    p.getOutputStream().close();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
    assertThat(out).as(out).isEqualTo("right 8192 of 8192\n");
    assertThat(p.exitValue()).isZero();
  }
}
