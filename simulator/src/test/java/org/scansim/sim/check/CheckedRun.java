package org.scansim.sim.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.scansim.frontend.Frontend;
import org.scansim.frontend.diag.SourceFile;
import org.scansim.frontend.ir.IrType;
import org.scansim.frontend.pp.IncludeLoader;
import org.scansim.sim.arch.Architectures;
import org.scansim.sim.device.Limits;
import org.scansim.sim.memory.ArchMemoryModel;
import org.scansim.sim.result.Fault;
import org.scansim.sim.run.Simulation;

/** One run of a small kernel file's {@code entry(in, out, n)} with some checkers on: what they found, the fault, the proof. */
record CheckedRun(List<Finding> findings, Fault fault, ScanProof proof) {
  static CheckedRun of(String source, int n, Set<Check> checks, int threads) {
    Frontend.Result r = Frontend.compile(new SourceFile("t.cu", source), Map.of(), IncludeLoader.NONE);
    assertThat(r.ok()).as(r.diagnostics().all().toString()).isTrue();
    Simulation sim = new Simulation(r.ir(), new ArchMemoryModel(Architectures.preset("hopper")),
        new Limits("hopper", 1024, 49152, 2_000_000_000L, 1 << 24));
    sim.setThreads(threads);
    sim.setChecks(checks, n, 1 << 20);
    Simulation.Buffer in = sim.allocate("in", IrType.F32, n);
    for (int i = 0; i < n; i++) {
      in.setInput(i, 1);
    }
    Simulation.Buffer out = sim.allocate("out", IrType.F32, n);
    Fault fault = null;
    try {
      sim.call("entry", new long[] {in.pointer(), out.pointer(), n});
    } catch (Fault f) {
      fault = f;
    }
    return new CheckedRun(sim.findings(), fault, sim.proof(out, true, false, 0));
  }

  /** The kinds of the findings, in order. */
  List<org.scansim.sim.result.Kind> kinds() {
    return findings.stream().map(Finding::kind).toList();
  }
}
