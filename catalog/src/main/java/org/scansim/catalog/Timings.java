package org.scansim.catalog;

import java.util.ArrayList;
import java.util.List;
import org.scansim.reports.CounterSet;
import org.scansim.timing.TimingObserver;

/** The timing model's launches as a run's report shows them ({@link CounterSet.Timing}). */
public final class Timings {
  private Timings() {}

  /** Each launch {@code timer} timed, in order (the launch in progress is finished first). */
  public static List<CounterSet.Timing> of(TimingObserver timer) {
    timer.finish();
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
