package org.scansim.pipeline;

import java.util.List;
import org.scansim.reports.CounterSet;
import org.scansim.reports.RunReport;
import org.scansim.sim.run.ScanRun;
import org.scansim.timing.TimingObserver;

/**
 * A run on the simulated GPU ({@link Runner}): its outcome, the timing model that heard it (null
 * when it was not timed, then {@code untimed} says why, or null when nobody asked), and what its
 * report says the run was.
 */
public final class SimRun implements RunResult {
  private final ScanRun.Outcome outcome;
  private final TimingObserver timer;
  private final String untimed;
  private final RunReport.Inputs inputs;
  private final java.util.Set<org.scansim.sim.check.Check> checks;
  private List<CounterSet.Timing> timings;
  private boolean read;
  private RunReport report;

  SimRun(ScanRun.Outcome outcome, TimingObserver timer, String untimed, RunReport.Inputs inputs,
      java.util.Set<org.scansim.sim.check.Check> checks) {
    this.outcome = outcome;
    this.timer = timer;
    this.untimed = untimed;
    this.inputs = inputs;
    this.checks = checks;
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

  /** The run's report: the one place a simulated run's {@link RunReport} is made (once). */
  public RunReport report() {
    if (report == null) {
      List<CounterSet.Timing> t = reportTimings();
      report = RunReport.of(inputs, outcome, checks, t, t == null ? null : timer.model(), timingNote());
    }
    return report;
  }

  @Override
  public String text() {
    return org.scansim.reports.TextReport.render(report());
  }

  @Override
  public String json() {
    return org.scansim.reports.JsonReport.render(report());
  }

  @Override
  public org.scansim.sim.result.Fault fault() {
    return outcome.fault();
  }

  @Override
  public Boolean correct() {
    return outcome.correct();
  }

  @Override
  public boolean hasFindings() {
    return !outcome.findings().isEmpty();
  }
}
