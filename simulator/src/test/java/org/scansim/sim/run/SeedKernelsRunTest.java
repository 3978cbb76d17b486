package org.scansim.sim.run;

import org.scansim.sim.device.Limits;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.scansim.frontend.Frontend;
import org.scansim.frontend.ir.IrType;

/** The seed kernels run on the engine and produce the scan they promise. */
class SeedKernelsRunTest {

  static Path root() {
    for (Path p = Paths.get("").toAbsolutePath(); p != null; p = p.getParent()) {
      if (Files.isDirectory(p.resolve("kernels")) && Files.isDirectory(p.resolve("grammar"))) {
        return p;
      }
    }
    throw new IllegalStateException("no repository root");
  }

  @ParameterizedTest
  @CsvSource({
    "kernels/harris/blelloch.cu, blelloch, 8, exclusive",
    "kernels/harris/blelloch.cu, blelloch, 1024, exclusive",
    "kernels/harris/naive_scan.cu, naive_scan, 256, exclusive",
    "kernels/pmpp/kogge_stone.cu, kogge_stone, 1000, inclusive",
    "kernels/pmpp/brent_kung.cu, brent_kung, 2048, inclusive",
    "kernels/harris/conflict_free.cu, conflict_free, 512, exclusive",
    "kernels/sequential/sequential_inclusive.cu, sequential_inclusive, 100, inclusive",
    "kernels/harris/scan_large_array.cu, scan_large_array, 5000, exclusive",
    "kernels/pmpp/hierarchical_scan.cu, hierarchical_scan, 5000, inclusive",
    "kernels/pmpp/chained_scan.cu, chained_scan, 5000, inclusive",
    "kernels/lecture/three_phase.cu, three_phase, 1024, inclusive",
  })
  void seedKernelComputesItsScan(String file, String entry, int n, String kind) {
    Frontend.Result r = Frontend.compileFile(root().resolve(file), Map.of());
    assertThat(r.ok()).isTrue();
    Simulation sim = new Simulation(r.ir(), new NoBanks(), Limits.defaults());
    Simulation.Buffer in = sim.allocate("in", IrType.F32, n);
    Simulation.Buffer out = sim.allocate("out", IrType.F32, n);
    double[] x = new double[n];
    for (int i = 0; i < n; i++) {
      x[i] = (i * 7 + 3) % 5;
      in.setInput(i, x[i]);
    }
    sim.call(entry, new long[] {in.pointer(), out.pointer(), n});
    double sum = 0;
    for (int i = 0; i < n; i++) {
      double before = sum;
      sum += x[i];
      double want = kind.equals("inclusive") ? sum : before;
      assertThat(out.get(i)).as("%s out[%d] (output so far: %s)", file, i, sim.output()).isEqualTo(want);
    }
    assertThat(sim.launches()).isNotEmpty();
    assertThat(sim.launches().stream().mapToLong(l -> l.counters().work).sum()).as("work over all launches").isPositive();
  }
}
