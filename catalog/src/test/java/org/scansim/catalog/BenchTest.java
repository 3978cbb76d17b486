package org.scansim.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.scansim.sim.check.Check;

/** What bench measures is the same run a user gets: same counts, same report; sizes as asked. */
class BenchTest {
  private static Catalog catalog;

  @BeforeAll
  static void load() throws Exception {
    catalog = Catalog.load(CatalogTest.root().resolve("kernels"));
  }

  @Test
  void sizesArePowersOfTwoTheKernelSupportsOrItsLargest() {
    Bench b = new Bench(catalog, "hopper", 1);
    assertThat(b.sizes(b.kernel("harris/scan_large_array"), 10, 24, 2))
        .containsExactly(1 << 10, 1 << 12, 1 << 14, 1 << 16, 1 << 18, 1 << 20, 1 << 22, 1 << 24);
    assertThat(b.sizes(b.kernel("pmpp/kogge_stone"), 10, 24, 2)).containsExactly(1024);
    assertThat(b.sizes(b.kernel("harris/conflict_free"), 12, 24, 2)).containsExactly(2048);
    assertThat(new Bench(catalog, "g80", 1).sizes(b.kernel("pmpp/kogge_stone"), 10, 24, 2)).containsExactly(512);
  }

  @Test
  void aMeasuredRunCountsWhatAPlainRunCounts() throws Exception {
    Bench b = new Bench(catalog, "hopper", 2);
    Kernel k = b.kernel("harris/scan_large_array");
    int n = 5000;
    Bench.Measured m = b.measure(k, n, 2, Set.of());
    var plain = CatalogRun.totals(new CatalogRun(1).run(k, n, "hopper"));
    assertThat(m.row().correct()).isTrue();
    assertThat(m.row().warpInstructions()).isEqualTo(plain.warpInstructions);
    assertThat(m.row().threadInstructions()).isEqualTo(plain.threadInstructions);
    assertThat(m.row().javaScanSeconds()).isPositive();
    assertThat(m.text()).contains("result: correct exclusive scan");
    // One thread or two: the same report, byte for byte.
    Bench.Measured one = b.measure(k, n, 1, Set.of());
    assertThat(one.text()).isEqualTo(m.text());
    assertThat(one.json()).isEqualTo(m.json());
  }

  @Test
  void checkedRunsAreMeasuredWithTheirFindings() throws Exception {
    Bench b = new Bench(catalog, "hopper", 1);
    Bench.Measured m = b.measure(b.kernel("harris/scan_large_array"), 3000, 1, Set.of(Check.RACES, Check.PROOF));
    assertThat(m.text()).contains("scan proof");
    assertThat(List.of(m.row().correct())).containsExactly(true);
  }

  @Test
  void twoRunsAtOnceAreTimedOnlyWhenBothAreCorrect() throws Exception {
    Bench b = new Bench(catalog, "hopper", 2);
    assertThat(b.pairSeconds(b.kernel("harris/scan_large_array"), 5000)).isPositive();
    // Listing 1 as printed (+= for =) scans wrongly: a timing of wrong runs is no ceiling.
    assertThatThrownBy(() -> b.pairSeconds(b.kernel("harris/naive_scan_as_printed"), 1024))
        .isInstanceOf(org.scansim.sim.run.ScanRun.UsageException.class)
        .hasMessageContaining("harris/naive_scan_as_printed at n = 1024 gave a wrong result when two ran at once");
  }

  private static Bench.Row row(int n, double seconds) {
    return new Bench.Row(Bench.TARGET_KERNEL, n, 2, seconds, 1, 1, 1, 1, true);
  }

  @Test
  void linearScalingIsJudgedOverTheSizesTheTableMeasured() {
    // Time per element 1.00, 1.20 and 1.10 times that at 2^16 (2^12 is below the range): met, up to 2^20.
    List<Bench.Row> rows = List.of(row(1 << 12, 5.0), row(1 << 16, 1.0), row(1 << 18, 4.8), row(1 << 20, 17.6));
    Bench.Target t = Bench.targets(List.of(), rows, 2).get(0);
    assertThat(t.name()).isEqualTo("linear in n");
    assertThat(t.goal()).isEqualTo("time per element at most 1.25 times that at 2^16, up to 2^20");
    assertThat(t.measured()).endsWith("2^16 1.00 2^18 1.20 2^20 1.10");
    assertThat(t.met()).isTrue();
    // 1.30 times at 2^22: missed. Rows on another thread count do not count.
    List<Bench.Row> worse = new java.util.ArrayList<>(rows);
    worse.add(row(1 << 22, 1.30 * 64));
    worse.add(new Bench.Row(Bench.TARGET_KERNEL, 1 << 24, 1, 1.0, 1, 1, 1, 1, true));
    Bench.Target w = Bench.targets(List.of(), worse, 2).get(0);
    assertThat(w.goal()).endsWith("up to 2^22");
    assertThat(w.met()).isFalse();
    // Fewer than two sizes from 2^16: no linear target at all.
    assertThat(Bench.targets(List.of(), List.of(row(1 << 16, 1.0)), 2)).isEmpty();
  }

  @Test
  void theRatioTargetsTakeTheMedianOfEachRoundsRatio() {
    // Round 3 ran in a slow spell on one side only: its ratio (3.6) is the outlier the median leaves
    // out; the middle of 1.64, 1.74, 1.76, 1.82, 3.64 is round 1's.
    double[] one = {0.60, 0.61, 1.20, 0.59, 0.62};
    double[] two = {0.34, 0.35, 0.33, 0.36, 0.34};
    assertThat(Bench.medianRatio(one, two)).isCloseTo(0.60 / 0.34, within(1e-12));
    // An even number of rounds: the mean of the two middle ratios.
    assertThat(Bench.medianRatio(new double[] {2, 4, 6, 8}, new double[] {1, 1, 1, 1})).isEqualTo(5.0);
  }
}
