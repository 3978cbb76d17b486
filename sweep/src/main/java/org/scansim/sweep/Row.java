package org.scansim.sweep;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import org.scansim.reports.CounterSet;
import org.scansim.reports.RunReport;

/**
 * One point's result, a line of the sweep's CSV and JSON lines: which point it is, how it ended,
 * the run report's totals (the counters of docs/engine.md, "What a report counts", under the JSON report's names), and the timing
 * model's SM cycles and time where it predicted them. {@code status} is {@code ran} (the entry ran
 * to its end; {@code correct} says whether its output was the expected scan, empty when no scan
 * was expected; {@code error} says so when it launched no kernel, and gives the first wrong output
 * of a wrong one), {@code fault} (the kernel
 * faulted: the message in {@code error}), {@code refused} (the size, the entry or a launch does not
 * fit the kernel or the architecture) or {@code does-not-compile}.
 * A point that did not run has empty counters. {@code points} and {@code sweep} are the sweep's
 * number of points and fingerprint ({@link Plan#fingerprint}), so that a resumed sweep or a merge
 * knows the rows belong together.
 */
@JsonPropertyOrder({"point", "kernel", "variant", "arch", "n", "status", "correct", "findings", "launches", "warpInstructions",
    "threadInstructions", "sharedLoadInstructions", "sharedStoreInstructions", "sharedLoadWavefronts", "sharedStoreWavefronts",
    "sharedLoadBankConflicts", "sharedStoreBankConflicts", "maxConflictDegree", "globalLoadInstructions", "globalStoreInstructions",
    "globalLoadSectors", "globalStoreSectors", "localLoadInstructions", "localStoreInstructions", "atomics", "barriers",
    "divergentBranches", "work", "maxThreadWork", "smCycles", "timeNs", "conflictCycles", "error", "points", "sweep"})
public record Row(
    int point,
    String kernel,
    String variant,
    String arch,
    int n,
    String status,
    Boolean correct,
    Integer findings,
    Integer launches,
    Long warpInstructions,
    Long threadInstructions,
    Long sharedLoadInstructions,
    Long sharedStoreInstructions,
    Long sharedLoadWavefronts,
    Long sharedStoreWavefronts,
    Long sharedLoadBankConflicts,
    Long sharedStoreBankConflicts,
    Long maxConflictDegree,
    Long globalLoadInstructions,
    Long globalStoreInstructions,
    Long globalLoadSectors,
    Long globalStoreSectors,
    Long localLoadInstructions,
    Long localStoreInstructions,
    Long atomics,
    Long barriers,
    Long divergentBranches,
    Long work,
    Long maxThreadWork,
    Long smCycles,
    Long timeNs,
    Long conflictCycles,
    String error,
    int points,
    String sweep) {

  public static final String RAN = "ran";
  public static final String FAULT = "fault";
  public static final String REFUSED = "refused";
  public static final String DOES_NOT_COMPILE = "does-not-compile";

  /** The row of a point that ran (or faulted: then only the fault's message). */
  static Row of(Point p, RunReport r, int points, String sweep) {
    if (r.fault() != null) {
      // A launch past the architecture's limits (too many threads, too much shared memory) is the
      // size's refusal, as the catalog's metadata refuses it where it knows.
      boolean limit = r.fault().kind().equals("launch") && !r.fault().message().contains("empty grid or block"); // that one is the host's bug
      return failed(p, limit ? REFUSED : FAULT,
          (r.fault().location() == null ? "" : r.fault().location() + ": ") + r.fault().message(), points, sweep);
    }
    CounterSet c = r.totals();
    CounterSet.Timing t = c.timing();
    return new Row(p.index(), p.kernel(), p.variant(), p.arch(), p.n(), RAN, r.correct(),
        r.findings() == null ? null : r.findings().size(), r.launches().size(), c.warpInstructions(), c.threadInstructions(),
        c.sharedLoadInstructions(), c.sharedStoreInstructions(), c.sharedLoadWavefronts(), c.sharedStoreWavefronts(),
        c.sharedLoadBankConflicts(), c.sharedStoreBankConflicts(), (long) c.maxConflictDegree(), c.globalLoadInstructions(),
        c.globalStoreInstructions(), c.globalLoadSectors(), c.globalStoreSectors(), c.localLoadInstructions(), c.localStoreInstructions(),
        c.atomics(), c.barriers(), c.divergentBranches(), c.work(), c.maxThreadWork(), t == null ? null : t.smCycles(),
        t == null ? null : t.durationNs(), t == null ? null : t.conflictCycles(),
        r.launches().isEmpty() ? "no kernel was launched: the entry returned without a launch (a size it does not handle?)"
            : Boolean.FALSE.equals(r.correct()) ? wrongBy(r) : null, points, sweep);
  }

  /** Why a wrong point is wrong: its first wrong output, and how many of the outputs are (the scan proof's count, where it ran). */
  private static String wrongBy(RunReport r) {
    if (r.mismatches() == null || r.mismatches().isEmpty()) {
      return "wrong result";
    }
    String first = r.mismatches().get(0);
    return "wrong result: " + first + (r.proof() != null && r.proof().wrongOutputs() > 1 ? " (" + r.proof().wrongOutputs()
        + " outputs wrong)" : r.mismatches().size() > 1 ? " (and more)" : "");
  }

  /** The row of a point that did not run to its end, with what stopped it on one line. */
  static Row failed(Point p, String status, String error, int points, String sweep) {
    return new Row(p.index(), p.kernel(), p.variant(), p.arch(), p.n(), status, null, null, null, null, null, null, null, null, null,
        null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, oneLine(error), points, sweep);
  }

  /** Whether the point ran and launched a kernel: whether its counters measure anything. */
  @com.fasterxml.jackson.annotation.JsonIgnore
  public boolean launched() {
    return RAN.equals(status) && launches != null && launches > 0;
  }

  /** Shared-memory bank conflicts, loads and stores; null when the point did not run. */
  @com.fasterxml.jackson.annotation.JsonIgnore
  public Long bankConflicts() {
    return sharedLoadBankConflicts == null ? null : sharedLoadBankConflicts + sharedStoreBankConflicts;
  }

  /** Shared-memory wavefronts, loads and stores; null when the point did not run. */
  @com.fasterxml.jackson.annotation.JsonIgnore
  public Long wavefronts() {
    return sharedLoadWavefronts == null ? null : sharedLoadWavefronts + sharedStoreWavefronts;
  }

  private static String oneLine(String s) {
    return s == null ? null : s.strip().replaceAll("\\s*\\R\\s*", " / ");
  }
}
