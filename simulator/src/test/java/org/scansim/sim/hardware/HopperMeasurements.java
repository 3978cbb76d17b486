package org.scansim.sim.hardware;

import org.scansim.sim.memory.ArchMemoryModel;
import org.scansim.sim.result.Counters;
import org.scansim.sim.result.LaunchRecord;
import org.scansim.sim.device.Limits;
import org.scansim.sim.run.Simulation;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.scansim.frontend.Frontend;
import org.scansim.frontend.ir.IrType;
import org.scansim.sim.arch.Architecture;
import org.scansim.sim.arch.Architectures;

/** Reads hardware/measurements/hopper_ncu.json and simulates the same launches for comparison. */
final class HopperMeasurements {
  static final String[] METRICS = {
    "smsp__sass_inst_executed_op_shared_ld.sum",
    "smsp__sass_inst_executed_op_shared_st.sum",
    "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum",
    "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum",
    "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum",
    "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum",
  };

  record Measurement(String kernelFile, String entry, Map<String, String> defines, String scan, int n, int launch,
      Map<String, Long> metrics) {
    String name() {
      return kernelFile + (defines.isEmpty() ? "" : " " + defines) + " n=" + n + " launch " + launch;
    }
  }

  static List<Measurement> load(Path root) {
    try {
      JsonNode doc = new ObjectMapper().readTree(root.resolve("hardware/measurements/hopper_ncu.json").toFile());
      List<Measurement> out = new ArrayList<>();
      for (JsonNode m : doc.get("measurements")) {
        Map<String, String> defines = new LinkedHashMap<>();
        for (JsonNode d : m.get("defines")) {
          String s = d.asText().replaceFirst("^-D", "");
          int eq = s.indexOf('=');
          defines.put(eq < 0 ? s : s.substring(0, eq), eq < 0 ? null : s.substring(eq + 1));
        }
        Map<String, Long> metrics = new LinkedHashMap<>();
        m.get("metrics").properties().forEach(e -> metrics.put(e.getKey(), e.getValue().asLong()));
        out.add(new Measurement(m.get("kernelFile").asText(), m.get("entry").asText(), defines, m.get("scan").asText(),
            m.get("n").asInt(), m.get("launch").asInt(), metrics));
      }
      return out;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The six simulated shared-memory counters of the measured launch, in METRICS order. */
  static long[] simulate(Path root, Measurement m) {
    Frontend.Result r = Frontend.compileFile(root.resolve(m.kernelFile()), m.defines());
    if (!r.ok()) {
      throw new AssertionError(m.kernelFile() + " does not compile: " + r.diagnostics().all());
    }
    Architecture hopper = Architectures.preset("hopper");
    Simulation sim = new Simulation(r.ir(), new ArchMemoryModel(hopper),
        new Limits("hopper", hopper.maxThreadsPerBlock(), hopper.maxSharedMemoryPerBlockBytes(), 2_000_000_000L, 1L << 31));
    Simulation.Buffer in = sim.allocate("in", IrType.F32, m.n());
    Simulation.Buffer out = sim.allocate("out", IrType.F32, m.n());
    for (int i = 0; i < m.n(); i++) {
      in.setInput(i, i % 7 + 1);
    }
    sim.call(m.entry(), new long[] {in.pointer(), out.pointer(), m.n()});
    LaunchRecord l = sim.launches().get(m.launch());
    Counters c = l.counters();
    return new long[] {
      c.sharedLoadInstructions, c.sharedStoreInstructions, c.sharedLoadWavefronts, c.sharedStoreWavefronts,
      c.sharedLoadBankConflicts(), c.sharedStoreBankConflicts()
    };
  }
}
