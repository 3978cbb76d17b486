package org.scansim.grade;

import org.scansim.sim.result.Fault;
import org.scansim.sim.result.Kind;
import java.util.List;
import org.scansim.sim.run.ScanRun;

/**
 * What grading one submission observed, before any points are given: whether and how it
 * compiled, whether it defines the entry, and each size's run.
 *
 * @param name          the submission's file name as reported (relative to what was given)
 * @param compiled      whether it compiled without errors
 * @param compileOutput the diagnostics, or why it was not compiled
 * @param entryProblem  why it does not define the entry the assignment asks for; null when it does
 * @param runs          one per size, in ascending n; empty when it was not run
 * @param unread        why the file was not read at all (a link out of its folder, a folder, not
 *                      UTF-8), as the diagnostic to show; null when it was read
 * @param unsupported   when it did not compile because it uses a construct the grader does not
 *                      simulate: where that error is ({@code file:line:col}); else null
 */
record Evidence(String name, boolean compiled, String compileOutput, String entryProblem, List<SizeRun> runs, String unread,
    String unsupported) {

  Evidence(String name, boolean compiled, String compileOutput, String entryProblem, List<SizeRun> runs) {
    this(name, compiled, compileOutput, entryProblem, runs, null, null);
  }

  /** A submission whose file could not be read, with the diagnostic that says why. */
  static Evidence unreadable(String name, String diagnostic) {
    return new Evidence(name, false, diagnostic, null, List.of(), diagnostic, null);
  }

  /** A submission that did not compile, {@code unsupported} where its first error refuses a construct the grader does not simulate (or null). */
  static Evidence notCompiled(String name, String diagnostics, String unsupported) {
    return new Evidence(name, false, diagnostics, null, List.of(), null, unsupported);
  }

  /** Whether the submission got as far as running. */
  boolean ran() {
    return compiled && entryProblem == null;
  }

  /**
   * One size's run. Exactly one of: {@code outcome} (the run ended, perhaps with a fault inside
   * the kernel), {@code failure} (the harness could not run it: the size does not fit the budget,
   * or the simulator failed), {@code timedOut}, {@code skipped} (an earlier size timed out).
   * {@code fault} is a fault the run ended with, from the outcome or thrown before the kernel ran.
   */
  record SizeRun(int n, ScanRun.Outcome outcome, Fault fault, String failure, boolean timedOut, boolean skipped) {
    static SizeRun of(int n, ScanRun.Outcome o) {
      return new SizeRun(n, o, o.fault(), null, false, false);
    }

    static SizeRun faulted(int n, Fault f) {
      return new SizeRun(n, null, f, null, false, false);
    }

    static SizeRun failed(int n, String why) {
      return new SizeRun(n, null, null, why, false, false);
    }

    static SizeRun timeout(int n) {
      return new SizeRun(n, null, null, null, true, false);
    }

    static SizeRun notRun(int n) {
      return new SizeRun(n, null, null, null, false, true);
    }

    /** The run reached the end of the entry without a fault. */
    boolean completed() {
      return outcome != null && fault == null;
    }

    /** The output is the right scan, and the scan proof (when it ran) agrees. */
    boolean correct() {
      return completed() && Boolean.TRUE.equals(outcome.correct()) && (outcome.proof() == null || outcome.proof().proved())
          && outcome.findings().stream().noneMatch(f -> f.kind() == Kind.SCAN_PROOF || f.kind() == Kind.RUNAWAY);
    }
  }
}
