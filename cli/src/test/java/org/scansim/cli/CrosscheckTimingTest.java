package org.scansim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.scansim.hardware.NsightCompute;

/** The card's repeated runs grouped by launch, and their medians, counted by hand. */
class CrosscheckTimingTest {
  private static NsightCompute.Launch launch(String kernel, long cycles, long ns) {
    return new NsightCompute.Launch(kernel, "(1, 1, 1)", "(32, 1, 1)",
        Map.of("sm__cycles_elapsed.max", cycles, "gpu__time_duration.sum", ns, "smsp__inst_executed.sum", 100L));
  }

  @Test
  void launchesAreGroupedByTheirPlaceInARun() {
    // Three runs of two launches each: a (cycles 5000, 5100, 4900), b (700, 900, 800).
    List<NsightCompute.Launch> profiled = List.of(launch("a", 5000, 3400), launch("b", 700, 500), launch("a", 5100, 3500),
        launch("b", 900, 600), launch("a", 4900, 3300), launch("b", 800, 550));
    List<CrosscheckTiming.Launch> t = CrosscheckTiming.of(profiled, 3, 2, List.of("a<<<1, 32, 0>>>", "b<<<1, 32, 0>>>"));
    assertThat(t).hasSize(2);
    assertThat(t.get(0).smCycles()).isEqualTo(new CrosscheckTiming.Spread(5000, 4900, 5100));
    assertThat(t.get(0).durationNs()).isEqualTo(new CrosscheckTiming.Spread(3400, 3300, 3500));
    assertThat(t.get(1).smCycles()).isEqualTo(new CrosscheckTiming.Spread(800, 700, 900));
    assertThat(t.get(1).kernel()).isEqualTo("b<<<1, 32, 0>>>");
    assertThat(t.get(1).smClockHz()).as("a metric ncu did not give").isNull();
  }

  @Test
  void anEvenNumberOfRunsTakesTheMeanOfTheMiddleTwo() {
    assertThat(CrosscheckTiming.Spread.of(new long[] {10, 40, 20, 30})).isEqualTo(new CrosscheckTiming.Spread(25, 10, 40));
  }

  @Test
  void anotherNumberOfLaunchesIsNotGrouped() {
    List<NsightCompute.Launch> profiled = new ArrayList<>(List.of(launch("a", 1, 1), launch("a", 2, 2), launch("a", 3, 3)));
    assertThat(CrosscheckTiming.of(profiled, 2, 1, List.of("a"))).isNull();
  }
}
