package org.scansim.reports;

import org.scansim.sim.device.Counters;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;

/**
 * The counters of DESIGN §4 under the names the JSON report uses (Nsight Compute equivalents are
 * in the README). The degree histogram lists, for d = 1.., how many shared request groups were
 * served with conflict degree d.
 */
@JsonPropertyOrder({
  "warpInstructions", "threadInstructions", "sharedLoadInstructions", "sharedStoreInstructions",
  "sharedLoadWavefronts", "sharedStoreWavefronts", "sharedLoadBankConflicts", "sharedStoreBankConflicts",
  "maxConflictDegree", "conflictDegreeHistogram", "globalLoadInstructions", "globalStoreInstructions",
  "globalLoadSectors", "globalStoreSectors", "localLoadInstructions", "localStoreInstructions", "atomics",
  "barriers", "divergentBranches", "work", "maxThreadWork"
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
    long maxThreadWork) {

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
        c.work, c.maxThreadWork);
  }
}
