package org.scansim.reports;

import org.scansim.sim.result.Counters;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;

/**
 * The counters of docs/engine.md, "What a report counts", under the names the JSON report uses (Nsight Compute
 * equivalents: docs/crosscheck.md). The degree histogram lists, for d = 1.., how many shared request groups were
 * served with conflict degree d.
 */
@JsonPropertyOrder({
  "warpInstructions", "threadInstructions", "sharedLoadInstructions", "sharedStoreInstructions",
  "sharedLoadWavefronts", "sharedStoreWavefronts", "sharedLoadBankConflicts", "sharedStoreBankConflicts",
  "maxConflictDegree", "conflictDegreeHistogram", "globalLoadInstructions", "globalStoreInstructions",
  "globalLoadSectors", "globalStoreSectors", "localLoadInstructions", "localStoreInstructions", "atomics",
  "barriers", "divergentBranches", "work", "maxThreadWork", "timing"
})
public record CounterSet(
    long warpInstructions,
    long threadInstructions,
    long sharedLoadInstructions,
    long sharedStoreInstructions,
    long sharedLoadWavefronts,
    long sharedStoreWavefronts,
    long sharedLoadBankConflicts,
    long sharedStoreBankConflicts,
    int maxConflictDegree,
    List<Long> conflictDegreeHistogram,
    long globalLoadInstructions,
    long globalStoreInstructions,
    long globalLoadSectors,
    long globalStoreSectors,
    long localLoadInstructions,
    long localStoreInstructions,
    long atomics,
    long barriers,
    long divergentBranches,
    long work,
    long maxThreadWork,
    @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL) Timing timing) {

  /**
   * The timing model's prediction ({@code run --timing}): SM cycles (the counterpart of Nsight
   * Compute's {@code sm__cycles_elapsed.max}, summed over launches in a total) and the duration at
   * the model's clock; for a launch, also its blocks resident per SM, their waves, what bounds it,
   * the cycles of each barrier phase of its slowest block, and where its warps' cycles went: in all,
   * per barrier phase (summed over its blocks) and per source line; of its cycles, the launch's
   * fixed cost ({@code fixedCycles}) and what bank conflicts add ({@code conflictCycles}: its cycles
   * less those with every shared request in its ideal wavefronts), in all and per barrier phase of
   * the slowest block ({@code phaseConflictCycles}).
   */
  @JsonPropertyOrder({"smCycles", "durationNs", "fixedCycles", "conflictCycles", "blocksPerSm", "waves", "bound", "model", "phaseCycles",
      "phaseConflictCycles", "stalls", "phaseStalls", "lines"})
  @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
  public record Timing(long smCycles, long durationNs, Long fixedCycles, Long conflictCycles, Integer blocksPerSm, Long waves, String bound,
      String model, List<Long> phaseCycles, List<Long> phaseConflictCycles, java.util.Map<String, Long> stalls,
      List<java.util.Map<String, Long>> phaseStalls, List<LineStalls> lines) {}

  /**
   * Where a launch's warp-cycles went at one source site: by Nsight Compute's warp-state names
   * ({@code selected}, {@code barrier}, {@code short_scoreboard}, ...), and their sum.
   */
  @JsonPropertyOrder({"location", "total", "stalls"})
  public record LineStalls(String location, long total, java.util.Map<String, Long> stalls) {}

  /** These counters with a timing. */
  public CounterSet withTiming(Timing t) {
    return new CounterSet(warpInstructions, threadInstructions, sharedLoadInstructions, sharedStoreInstructions, sharedLoadWavefronts,
        sharedStoreWavefronts, sharedLoadBankConflicts, sharedStoreBankConflicts, maxConflictDegree, conflictDegreeHistogram,
        globalLoadInstructions, globalStoreInstructions, globalLoadSectors, globalStoreSectors, localLoadInstructions,
        localStoreInstructions, atomics, barriers, divergentBranches, work, maxThreadWork, t);
  }

  public static CounterSet of(Counters c) {
    int last = 0;
    for (int d = 1; d < c.degreeHistogram.length; d++) {
      if (c.degreeHistogram[d] != 0) {
        last = d;
      }
    }
    List<Long> hist = new java.util.ArrayList<>();
    for (int d = 1; d <= last; d++) {
      hist.add(c.degreeHistogram[d]);
    }
    return new CounterSet(c.warpInstructions, c.threadInstructions, c.sharedLoadInstructions, c.sharedStoreInstructions,
        c.sharedLoadWavefronts, c.sharedStoreWavefronts, c.sharedLoadBankConflicts(), c.sharedStoreBankConflicts(),
        c.maxConflictDegree, List.copyOf(hist), c.globalLoadInstructions, c.globalStoreInstructions, c.globalLoadSectors,
        c.globalStoreSectors, c.localLoadInstructions, c.localStoreInstructions, c.atomics, c.barriers, c.divergentBranches,
        c.work, c.maxThreadWork, null);
  }
}
