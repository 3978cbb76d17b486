package org.scansim.sim.run;

import org.scansim.sim.memory.ArchMemoryModel;
import org.scansim.sim.result.Counters;
import org.scansim.sim.result.LaunchRecord;
import org.scansim.sim.device.Limits;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.scansim.frontend.Frontend;
import org.scansim.frontend.ir.IrType;
import org.scansim.sim.arch.Architectures;

/** Independent blocks run on several threads; every counter and the output are the same for any thread count. */
class DeterminismTest {

  private static List<String> run(String file, int n, int threads) {
    Frontend.Result r = Frontend.compileFile(SeedKernelsRunTest.root().resolve(file), Map.of());
    Simulation sim = new Simulation(r.ir(), new ArchMemoryModel(Architectures.preset("hopper")), Limits.defaults());
    sim.setThreads(threads);
    Simulation.Buffer in = sim.allocate("in", IrType.F32, n);
    Simulation.Buffer out = sim.allocate("out", IrType.F32, n);
    for (int i = 0; i < n; i++) {
      in.setInput(i, i % 5);
    }
    sim.call(file.contains("harris") ? "scan_large_array" : "hierarchical_scan", new long[] {in.pointer(), out.pointer(), n});
    List<String> facts = new ArrayList<>();
    for (LaunchRecord l : sim.launches()) {
      facts.add(l.kernel() + " " + describe(l.counters()));
      for (LaunchRecord.Site s : l.sites()) {
        facts.add("  " + s.span().position() + " " + s.operation() + " " + describe(s.counters()));
      }
      l.phases().forEach(p -> facts.add("  phase " + describe(p)));
    }
    for (int i = 0; i < n; i++) {
      facts.add(String.valueOf(out.get(i)));
    }
    return facts;
  }

  private static String describe(Counters c) {
    return c.warpInstructions + " " + c.threadInstructions + " " + c.sharedLoadWavefronts + " " + c.sharedStoreWavefronts + " "
        + c.globalLoadSectors + " " + c.globalStoreSectors + " " + c.barriers + " " + c.work + " " + c.divergentBranches + " "
        + java.util.Arrays.toString(c.degreeHistogram);
  }

  @ParameterizedTest
  @ValueSource(strings = {"kernels/harris/scan_large_array.cu", "kernels/pmpp/hierarchical_scan.cu"})
  void reportIsIdenticalForOneAndFourThreads(String file) {
    int n = 300_000;
    assertThat(run(file, n, 4)).isEqualTo(run(file, n, 1));
  }
}
