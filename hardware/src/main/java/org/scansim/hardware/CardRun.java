package org.scansim.hardware;

import java.util.ArrayList;
import java.util.List;
import org.scansim.pipeline.RunResult;
import org.scansim.reports.JsonReport;
import org.scansim.reports.RunReport;
import org.scansim.reports.TextReport;
import org.scansim.sim.result.Fault;

/**
 * A run on the card ({@link CardDevice}) as a {@link RunResult}, reported in the simulated GPU's
 * model ({@link RunReport#onCard}): the first run's launches, each with its time over every run of
 * {@code --repeat}; the host code's output; the result against the expected scan.
 *
 * @param inputs  what the run was asked, the card's compute capability as its architecture
 * @param o       what the card did
 */
public record CardRun(RunReport.Inputs inputs, GpuRun.Outcome o) implements RunResult {
  /** The report, in the same model as a simulated run's. */
  public RunReport report() {
    List<GpuRun.Launch> first = o.launchesOfRun(0);
    List<RunReport.Launch> launches = new ArrayList<>();
    for (int i = 0; i < first.size(); i++) {
      List<Double> ms = new ArrayList<>();
      for (int run = 0; run < Math.max(1, o.runs()); run++) {
        ms.add(o.launchesOfRun(run).get(i).millis());
      }
      GpuRun.Launch l = first.get(i);
      launches.add(RunReport.Launch.onCard(i, l.kernel(), l.launchSite(), ints(l.grid()), ints(l.block()),
          Math.toIntExact(l.dynamicSharedBytes()), RunReport.CardTime.of(ms)));
    }
    String driver = o.driverVersion() / 1000 + "." + o.driverVersion() % 1000 / 10;
    return RunReport.onCard(inputs, new RunReport.Card(o.card(), o.arch(), driver, Math.max(1, o.runs())), o.entry(), o.elementType(),
        o.correct(), o.mismatches(), RunReport.Diagnostic.of(o.fault()), launches, o.output());
  }

  @Override
  public String text() {
    return TextReport.render(report());
  }

  @Override
  public String json() {
    return JsonReport.render(report());
  }

  @Override
  public Fault fault() {
    return o.fault();
  }

  @Override
  public Boolean correct() {
    return o.correct();
  }

  @Override
  public boolean hasFindings() {
    return false;
  }

  private static List<Integer> ints(List<Long> d) {
    return d.stream().map(Math::toIntExact).toList();
  }
}
