package org.scansim.pipeline;

import java.util.List;
import org.scansim.reports.CounterSet;
import org.scansim.reports.RunReport;
import org.scansim.sim.run.ScanRun;
import org.scansim.timing.TimingObserver;

/**
 * A run on the simulated GPU ({@link Runner}): its outcome and the timing model that heard it
 * (null when it was not timed, then {@code untimed} says why, or null when nobody asked).
 */
public final class SimRun {
  private final ScanRun.Outcome outcome;
  private final TimingObserver timer;
  private final String untimed;
  private List<CounterSet.Timing> timings;
  private boolean read;

  SimRun(ScanRun.Outcome outcome, TimingObserver timer, String untimed) {
    this.outcome = outcome;
    this.timer = timer;
    this.untimed = untimed;
  }

  public ScanRun.Outcome outcome() {
    return outcome;
  }

  /**
   * Each launch's timing as reports show it, or null without cycles; after a budget stopped the
   * run, only the blocks that ended are timed ({@link Timings#of(TimingObserver, ScanRun.Outcome)}).
   */
  public List<CounterSet.Timing> reportTimings() {
    if (!read) {
      timings = timer == null ? null : Timings.of(timer, outcome);
      read = true;
    }
    return timings;
  }

  /** Each launch the model timed, the launch in progress finished first (nothing abandoned); empty without a timer. */
  public List<TimingObserver.LaunchTiming> launches() {
    if (timer == null) {
      return List.of();
    }
    timer.finish();
    return List.copyOf(timer.launches());
  }

  /** Why the report has no cycles, or null. */
  public String timingNote() {
    if (timer == null) {
      return untimed == null ? null : "no cycles: " + untimed;
    }
    return reportTimings() == null ? Timings.note(timer) : null;
  }

  /** The run's report at {@code n}: the one place a simulated run's {@link RunReport} is made. */
  public RunReport report(RunSpec spec, int n) {
    return report(spec.reportInputs(n), spec.checks());
  }

  /** The same with the inputs a program's report names ({@link RunReport.Inputs#program}). */
  public RunReport report(RunReport.Inputs inputs, java.util.Collection<org.scansim.sim.check.Check> checks) {
    List<CounterSet.Timing> t = reportTimings();
    return RunReport.of(inputs, outcome, checks, t, t == null ? null : timer.model(), timingNote());
  }
}
