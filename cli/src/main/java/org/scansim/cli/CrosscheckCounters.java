package org.scansim.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.function.ToLongFunction;
import org.scansim.hardware.NsightCompute;
import org.scansim.sim.result.Counters;
import org.scansim.sim.result.LaunchRecord;

/**
 * Nsight Compute's counters of each launch on the card beside the simulator's of the same launch,
 * metric by metric. Shared and global memory are compared; warp instructions are shown and not
 * compared (the simulator counts its IR's instructions, the card SASS's); cycles and time are the
 * card's alone here: the timing model's cycles go beside the card's repeated runs
 * ({@link CrosscheckTiming}).
 */
final class CrosscheckCounters {
  private CrosscheckCounters() {}

  /** One metric of one launch: the card's value, the simulator's (null: none) and the verdict. */
  record Metric(String name, Long gpu, Long simulator, String verdict) {
    boolean differs() {
      return verdict.equals(DIFFERENT);
    }
  }

  /** One launch's metrics. */
  record Launch(int launch, String kernel, List<Metric> metrics) {}

  static final String EQUAL = "equal";
  static final String DIFFERENT = "different";
  static final String NOT_COMPARED = "not compared: IR instructions, not SASS";
  static final String NOT_MODELLED = "not compared here: crosscheck --repeat compares cycles";
  static final String NOT_MEASURED = "not measured: ncu gave no value";

  private record Pair(String metric, ToLongFunction<Counters> sim) {}

  private static final List<Pair> COMPARED = List.of(
      new Pair("smsp__sass_inst_executed_op_shared_ld.sum", c -> c.sharedLoadInstructions),
      new Pair("smsp__sass_inst_executed_op_shared_st.sum", c -> c.sharedStoreInstructions),
      new Pair("l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum", c -> c.sharedLoadWavefronts),
      new Pair("l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum", c -> c.sharedStoreWavefronts),
      new Pair("l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum", Counters::sharedLoadBankConflicts),
      new Pair("l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum", Counters::sharedStoreBankConflicts),
      new Pair("smsp__sass_inst_executed_op_global_ld.sum", c -> c.globalLoadInstructions),
      new Pair("smsp__sass_inst_executed_op_global_st.sum", c -> c.globalStoreInstructions),
      new Pair("l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum", c -> c.globalLoadSectors),
      new Pair("l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum", c -> c.globalStoreSectors));

  /** The simulator's value of an Nsight Compute metric, or null where it has none. */
  static Long simulated(String metric, Counters c) {
    for (Pair p : COMPARED) {
      if (p.metric().equals(metric)) {
        return p.sim().applyAsLong(c);
      }
    }
    return metric.equals("smsp__inst_executed.sum") ? c.warpInstructions : null;
  }

  /** Side by side, launch by launch (the card's and the simulator's launches are the same list, as compared before). */
  static List<Launch> compare(List<LaunchRecord> sim, List<NsightCompute.Launch> gpu) {
    return compare(sim, gpu, null);
  }

  /**
   * As above; {@code otherArch} non-null when the simulated architecture is not the card's: the
   * values are shown and none is compared (it says why).
   */
  static List<Launch> compare(List<LaunchRecord> sim, List<NsightCompute.Launch> gpu, String otherArch) {
    List<Launch> out = new ArrayList<>();
    for (int i = 0; i < gpu.size(); i++) {
      Counters c = i < sim.size() ? sim.get(i).counters() : null;
      List<Metric> ms = new ArrayList<>();
      for (String metric : NsightCompute.METRICS) {
        Long g = gpu.get(i).metrics().get(metric);
        Long s = c == null ? null : simulated(metric, c);
        String verdict;
        if (otherArch != null) {
          verdict = "not compared: " + otherArch;
        } else if (metric.equals("smsp__inst_executed.sum")) {
          verdict = NOT_COMPARED;
        } else if (g == null) {
          verdict = NOT_MEASURED;
        } else if (s == null && c != null) {
          verdict = NOT_MODELLED;
        } else {
          verdict = g != null && g.equals(s) ? EQUAL : DIFFERENT;
        }
        ms.add(new Metric(metric, g, s, verdict));
      }
      out.add(new Launch(i, i < sim.size() ? sim.get(i).kernel() : gpu.get(i).kernel(), ms));
    }
    return out;
  }
}
