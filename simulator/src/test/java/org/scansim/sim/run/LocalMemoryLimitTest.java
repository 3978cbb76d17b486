package org.scansim.sim.run;

import org.scansim.sim.result.Fault;
import org.scansim.sim.device.Limits;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.scansim.frontend.Frontend;
import org.scansim.frontend.diag.SourceFile;
import org.scansim.frontend.ir.IrType;
import org.scansim.frontend.pp.IncludeLoader;
import org.scansim.sim.arch.Architecture;
import org.scansim.sim.arch.Architectures;

/**
 * A kernel's local arrays against the most local memory a thread may have, as an H100 answered
 * the launches of {@code hardware/measure/local_memory_limit.cu}
 * ({@code hardware/measurements/local_memory_limit.txt}): the same kernels, run here, launch or
 * fail as the hardware's per-thread check says.
 */
class LocalMemoryLimitTest {

  /** The probe's kernel, for one size N, launched as one block of 32 threads. */
  private static final String SOURCE = """
      __global__ void local_array(float *out, int n) {
        float a[N];
        int i = blockIdx.x * blockDim.x + threadIdx.x;
        for (int j = 0; j < n; j++) {
          a[(i * 7 + j) % N] = (float) j;
        }
        out[i] = a[(i * 7 + n - 1) % N];
      }
      void entry(const float *in, float *out, int n) { local_array<<<1, 32>>>(out, n); }
      """;

  private record Launch(int floats, long frameBytes, String error) {}

  private static List<Launch> measured() throws Exception {
    String text = Files.readString(SeedKernelsRunTest.root().resolve("hardware/measurements/local_memory_limit.txt"));
    Matcher m = Pattern.compile("local floats +(\\d+) +localSizeBytes +(\\d+) +launch +1 blocks x +32 threads +launch error (\\S+)")
        .matcher(text);
    List<Launch> out = new ArrayList<>();
    while (m.find()) {
      out.add(new Launch(Integer.parseInt(m.group(1)), Long.parseLong(m.group(2)), m.group(3)));
    }
    return out;
  }

  private static Simulation.Buffer run(int floats, Architecture arch) {
    Frontend.Result r = Frontend.compile(new SourceFile("local.cu", SOURCE), Map.of("N", String.valueOf(floats)), IncludeLoader.NONE);
    assertThat(r.ok()).as(r.diagnostics().all().toString()).isTrue();
    Simulation sim = new Simulation(r.ir(), new NoBanks(), new Limits(arch.name(), arch.maxThreadsPerBlock(),
        arch.maxSharedMemoryPerBlockBytes(), 100_000_000L, 1 << 24, arch.independentThreadScheduling(), arch.maxLocalMemoryPerThreadBytes()));
    Simulation.Buffer in = sim.allocate("in", IrType.F32, 32);
    Simulation.Buffer out = sim.allocate("out", IrType.F32, 32);
    sim.call("entry", new long[] {in.pointer(), out.pointer(), 16});
    return out;
  }

  @Test
  void launchesPassOrFailThePerThreadCheckAsOnTheH100() throws Exception {
    List<Launch> launches = measured();
    assertThat(launches).hasSizeGreaterThan(20);
    assertThat(launches).extracting(Launch::error).contains("cudaSuccess", "cudaErrorMemoryAllocation", "cudaErrorInvalidValue");
    Architecture hopper = Architectures.preset("hopper");
    for (Launch l : launches) {
      // The frame nvcc reports is the array, in whole 8-byte words, as the simulator counts it.
      assertThat(l.frameBytes()).as("N = %d", l.floats()).isEqualTo((4L * l.floats() + 7) & ~7L);
      if (l.error().equals("cudaErrorInvalidValue")) {
        assertThatThrownBy(() -> run(l.floats(), hopper)).as("N = %d", l.floats()).isInstanceOf(Fault.class)
            .hasMessageContaining("launch of local_array needs " + l.frameBytes() + " bytes of local memory per thread")
            .hasMessageContaining("hopper allows at most 523712 (cudaErrorInvalidValue)");
      } else {
        // cudaSuccess, or cudaErrorMemoryAllocation: past the per-thread check, the H100 had no room
        // for that much local memory for every thread it can hold at once (132 SMs of 2048), which
        // the simulator, holding only the threads it runs, does not model.
        Simulation.Buffer out = run(l.floats(), hopper);
        for (int i = 0; i < 32; i++) {
          assertThat(out.get(i)).as("N = %d, out[%d]", l.floats(), i).isEqualTo(15.0);
        }
      }
    }
  }

  @Test
  void computeCapabilityOneAllowsSixteenKilobytes() {
    Architecture g80 = Architectures.preset("g80");
    assertThat(g80.maxLocalMemoryPerThreadBytes()).isEqualTo(16 * 1024);
    assertThat(run(4096, g80).get(31)).isEqualTo(15.0);
    assertThatThrownBy(() -> run(4097, g80)).isInstanceOf(Fault.class)
        .hasMessageContaining("needs 16392 bytes of local memory per thread (its local array 'a' at local.cu:2:9 has 16388); g80 allows at most 16384");
  }
}
