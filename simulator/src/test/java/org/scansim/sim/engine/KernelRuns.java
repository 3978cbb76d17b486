package org.scansim.sim.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.EnumSet;
import java.util.Map;
import org.scansim.frontend.Frontend;
import org.scansim.frontend.diag.SourceFile;
import org.scansim.frontend.ir.IrType;
import org.scansim.frontend.pp.IncludeLoader;
import org.scansim.sim.arch.Architectures;
import org.scansim.sim.check.Check;
import org.scansim.sim.device.Limits;
import org.scansim.sim.memory.ArchMemoryModel;
import org.scansim.sim.result.Counters;
import org.scansim.sim.run.Simulation;

/**
 * A small kernel file's {@code entry(int *out, const int *in, int n)} run on hopper without
 * checkers, for the tests that compare an engine shortcut on and off: its output, the counters a
 * shortcut could change, and its fault.
 */
final class KernelRuns {
  private KernelRuns() {}

  record Run(String output, String counters, String fault) {}

  static Run run(String source, int n, int threads) {
    Frontend.Result r = Frontend.compile(new SourceFile("a.cu", source), Map.of(), IncludeLoader.NONE);
    assertThat(r.ok()).as(r.diagnostics().all().toString()).isTrue();
    Simulation sim = new Simulation(r.ir(), new ArchMemoryModel(Architectures.preset("hopper")), Limits.defaults());
    sim.setChecks(EnumSet.noneOf(Check.class), 0, 1 << 10);
    sim.setThreads(threads);
    Simulation.Buffer out = sim.allocate("out", IrType.I32, n);
    Simulation.Buffer in = sim.allocate("in", IrType.I32, n);
    in.setInputs(n, i -> (i * 2654435761L >>> 7) % 1000);
    String fault = null;
    try {
      sim.call("entry", new long[] {out.pointer(), in.pointer(), n});
    } catch (org.scansim.sim.result.Fault f) {
      fault = f.getMessage();
    }
    StringBuilder counters = new StringBuilder();
    for (var launch : sim.launches()) {
      Counters c = launch.counters();
      counters.append(c.sharedLoadInstructions).append(' ').append(c.sharedStoreInstructions).append(' ')
          .append(c.sharedLoadWavefronts).append(' ').append(c.sharedStoreWavefronts).append(' ')
          .append(c.sharedLoadIdealWavefronts).append(' ').append(c.sharedStoreIdealWavefronts).append(' ').append(c.maxConflictDegree)
          .append(' ').append(java.util.Arrays.toString(c.degreeHistogram)).append(' ').append(c.work).append(' ')
          .append(c.warpInstructions).append(' ').append(c.threadInstructions).append('\n');
    }
    return new Run(java.util.Arrays.toString(out.values(n)), counters.toString(), fault);
  }
}
