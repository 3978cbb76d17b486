package org.scansim.pipeline;

import java.util.ArrayList;
import java.util.List;
import org.scansim.reports.CounterSet;
import org.scansim.timing.TimingObserver;

/** The timing model's launches as a run's report shows them ({@link CounterSet.Timing}). */
public final class Timings {
  private Timings() {}

  /**
   * The same for a run that ended as {@code o} did: after a budget stopped it (a runaway, the wall
   * clock, the heap), the blocks it stopped are not timed, only those that ended.
   */
  public static List<CounterSet.Timing> of(TimingObserver timer, org.scansim.sim.run.ScanRun.Outcome o) {
    if (o != null && o.fault() != null && o.fault().budget() != null) {
      timer.abandonOpen();
    }
    return of(timer);
  }

  /** Why {@code timer}'s run has no cycles, as a report's note says it, or null. */
  public static String note(TimingObserver timer) {
    return timer == null || timer.untimed() == null ? null : "no cycles: " + timer.untimed();
  }

  /** Each launch {@code timer} timed, in order (the launch in progress is finished first); null when the run has no cycles ({@link TimingObserver#untimed}). */
  public static List<CounterSet.Timing> of(TimingObserver timer) {
    timer.finish();
    if (timer.untimed() != null) {
      return null;
    }
    List<CounterSet.Timing> out = new ArrayList<>();
    for (TimingObserver.LaunchTiming t : timer.launches()) {
      List<CounterSet.LineStalls> lines = new ArrayList<>();
      for (TimingObserver.SiteStalls s : t.sites()) {
        lines.add(new CounterSet.LineStalls(s.location(), s.total(), s.stalls()));
      }
      out.add(new CounterSet.Timing(t.smCycles(), t.durationNs(), t.fixedCycles(), t.conflictCycles(), t.blocksPerSm(), t.waves(), t.bound(),
          null, t.phaseCycles(), t.phaseConflictCycles(), t.stalls(), t.phaseStalls(), lines));
    }
    return out;
  }
}
