package org.scansim.cli;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.scansim.hardware.NsightCompute;

/**
 * The card's cycles and time for each launch, over repeated runs under Nsight Compute
 * ({@code crosscheck --repeat R}): the median, the fastest and the slowest of the R runs, so a
 * reader sees the spread the card itself has (repeated runs differ by a few percent, the first in
 * a process more).
 */
final class CrosscheckTiming {
  private CrosscheckTiming() {}

  /** A metric over the runs: the median (the mean of the middle two for an even count), smallest and largest. */
  record Spread(long median, long min, long max) {
    static Spread of(long[] values) {
      long[] v = values.clone();
      Arrays.sort(v);
      int m = v.length / 2;
      long median = v.length % 2 == 1 ? v[m] : Math.round((v[m - 1] + v[m]) / 2.0);
      return new Spread(median, v[0], v[v.length - 1]);
    }
  }

  /**
   * One launch on the card over {@code runs} runs: its SM cycles ({@code sm__cycles_elapsed.max}),
   * duration in ns ({@code gpu__time_duration.sum}), warp instructions ({@code
   * smsp__inst_executed.sum}) and SM clock in Hz ({@code sm__cycles_elapsed.avg.per_second}); a
   * metric ncu did not give is null; the timing model's cycles and the card whose parameters it
   * used ({@code h100}, {@code h200}), null without them.
   */
  record Launch(int launch, String kernel, int runs, Spread smCycles, Spread durationNs, Spread warpInstructions, Spread smClockHz,
      Long modelSmCycles, String modelCard) {}

  /**
   * Groups ncu's launches, {@code runs} runs of {@code perRun} launches in launch order, by their
   * place in a run. Null when ncu profiled another number of launches (the caller says so).
   */
  static List<Launch> of(List<NsightCompute.Launch> profiled, int runs, int perRun, List<String> kernels) {
    return of(profiled, runs, perRun, kernels, null, null);
  }

  /** As above, with the timing model's SM cycles of each launch beside the card's ({@code model} null: none), for {@code card}. */
  static List<Launch> of(List<NsightCompute.Launch> profiled, int runs, int perRun, List<String> kernels, List<Long> model, String card) {
    if (runs < 1 || profiled.size() != runs * perRun) {
      return null;
    }
    List<Launch> out = new ArrayList<>();
    for (int i = 0; i < perRun; i++) {
      List<NsightCompute.Launch> same = new ArrayList<>();
      for (int r = 0; r < runs; r++) {
        same.add(profiled.get(r * perRun + i));
      }
      out.add(new Launch(i, i < kernels.size() ? kernels.get(i) : same.get(0).kernel(), runs, spread(same, "sm__cycles_elapsed.max"),
          spread(same, "gpu__time_duration.sum"), spread(same, "smsp__inst_executed.sum"), spread(same, "sm__cycles_elapsed.avg.per_second"),
          model != null && i < model.size() ? model.get(i) : null, model != null && i < model.size() ? card : null));
    }
    return out;
  }

  private static Spread spread(List<NsightCompute.Launch> launches, String metric) {
    long[] v = new long[launches.size()];
    for (int i = 0; i < v.length; i++) {
      Long x = launches.get(i).metrics().get(metric);
      if (x == null) {
        return null;
      }
      v[i] = x;
    }
    return Spread.of(v);
  }
}
