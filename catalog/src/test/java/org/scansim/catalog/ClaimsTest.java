package org.scansim.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The claims run end to end and their verdicts stay what the measurements support. */
class ClaimsTest {
  static List<Claims.Result> results;

  @BeforeAll
  static void evaluate() throws Exception {
    results = new Claims(Catalog.load(CatalogTest.root().resolve("kernels")), new CatalogRun(2)).evaluate();
  }

  private static Claims.Result claim(String id) {
    return results.stream().filter(r -> r.id().equals(id)).findFirst().orElseThrow();
  }

  @Test
  void everyClaimHasASourceAndMeasuredData() {
    assertThat(results).hasSizeGreaterThanOrEqualTo(22);
    for (Claims.Result r : results) {
      // Cited by the work's authors or title, as a reader finds it (not by a file of the project's own notes).
      assertThat(List.of("Harris, Sengupta and Owens", "Wilt, The CUDA Handbook", "CSc 8530 Parallel Algorithms", "Hwu, Kirk and El Hajj",
          "EE 382C/361C Multicore Computing")).as(r.id() + ": " + r.source()).anyMatch(r.source()::startsWith);
      assertThat(r.source()).as(r.id()).doesNotContain("seeds/");
      assertThat(r.verdict()).as(r.id()).isNotEqualTo(Claims.Verdict.WAITING);
      assertThat(r.data()).as(r.id()).isNotEmpty();
    }
  }

  @Test
  void theCircuitClaimsMeasureTheDataflowGraph() {
    // Depths and fan-outs from the algorithms: Sklansky log2 n levels with n/2 readers of x0..x(n/2-1) in the last;
    // Kogge-Stone a value read by its own position and one stride further; PMPP's Brent-Kung one level short of 2 log2 n - 1.
    assertThat(claim("handbook-sklansky-depth").data()).containsEntry("depth", Map.of(16, 4L, 64, 6L, 256, 8L, 1024, 10L))
        .containsEntry("fanOutPerLevel", Map.of(16, 8L, 64, 32L, 256, 128L, 1024, 512L));
    assertThat(claim("handbook-kogge-stone-fan-out").data()).containsEntry("perLevel", Map.of(16, 2L, 64, 2L, 256, 2L, 1024, 2L));
    assertThat(claim("handbook-brent-kung-depth").data()).containsEntry("depth", Map.of(16, 6L, 64, 10L, 256, 14L, 1024, 18L));
    assertThat(claim("handbook-brent-kung-fan-out").data()).containsEntry("perPhase", Map.of(16, 1L, 64, 1L, 256, 1L, 1024, 1L));
  }

  @Test
  void verdicts() {
    Map<String, Claims.Verdict> v = results.stream().collect(Collectors.toMap(Claims.Result::id, Claims.Result::verdict));
    assertThat(v).containsEntry("harris-naive-work", Claims.Verdict.CONFIRMED)
        .containsEntry("harris-listing2-adds-swaps", Claims.Verdict.CONFIRMED)
        .containsEntry("harris-16-way", Claims.Verdict.CONFIRMED)
        .containsEntry("harris-padding", Claims.Verdict.CONFIRMED)
        .containsEntry("harris-factor-of-20", Claims.Verdict.PARTLY)
        .containsEntry("harris-as-printed", Claims.Verdict.REFUTED)
        .containsEntry("lecture-table-15.1", Claims.Verdict.CONFIRMED)
        .containsEntry("kogge-stone-work", Claims.Verdict.CONFIRMED)
        .containsEntry("brent-kung-work", Claims.Verdict.CONFIRMED)
        .containsEntry("three-phase-operations", Claims.Verdict.PARTLY)
        .containsEntry("kogge-stone-speedup-512", Claims.Verdict.CONFIRMED)
        .containsEntry("kogge-stone-resources-512", Claims.Verdict.CONFIRMED)
        .containsEntry("handbook-kogge-stone-operations", Claims.Verdict.CONFIRMED)
        .containsEntry("handbook-sklansky-depth", Claims.Verdict.CONFIRMED)
        .containsEntry("handbook-kogge-stone-fan-out", Claims.Verdict.CONFIRMED)
        .containsEntry("handbook-brent-kung-depth", Claims.Verdict.PARTLY)
        .containsEntry("handbook-brent-kung-fan-out", Claims.Verdict.PARTLY)
        .containsEntry("harris-table-2", Claims.Verdict.PARTLY)
        .containsEntry("harris-conflicts-cost-time", Claims.Verdict.PARTLY)
        .containsEntry("harris-work-efficient-faster", Claims.Verdict.PARTLY)
        .containsEntry("kogge-stone-brent-kung-in-cuda", Claims.Verdict.PARTLY)
        .containsEntry("kogge-stone-speedup-512-time", Claims.Verdict.PARTLY);
  }

  @Test
  @SuppressWarnings("unchecked")
  void table2RunsEveryPrintedRowAndHoldsFromHalfAMillionUp() {
    Map<String, Object> d = claim("harris-table-2").data();
    List<Map<String, Object>> rows = (List<Map<String, Object>>) d.get("rows");
    assertThat(rows).hasSize(11);
    for (Map<String, Object> r : rows) {
      assertThat(r.get("correct")).as("n = " + r.get("n")).isEqualTo(true);
      // The target from 32,768 up is 25 %; the model meets it from 2^19 on (docs/timing.md says why not below).
      if ((int) r.get("n") >= 524288) {
        assertThat(Math.abs((double) r.get("error"))).as("n = " + r.get("n")).isLessThanOrEqualTo(0.25);
      }
    }
    // The printed table first beats the CPU at 65,536 elements; its last speedup is 5.98.
    assertThat(d.get("printedCrossover")).isEqualTo(65536L);
    // The model's crossover comes at most one row early (docs/timing.md: its fixed cost is the published launch overhead).
    assertThat((long) d.get("simulatedCrossover")).isBetween(32768L, 65536L);
    double last = (double) rows.get(10).get("simulatedSpeedup");
    assertThat(last).isBetween(5.98 * 0.75, 5.98 * 1.25);
  }

  @Test
  void theFactorOfTwentyComparesAgainstBothReadings() {
    Map<String, Object> d = claim("harris-factor-of-20").data();
    // n log2 n − (n − 1) against n − 1 at n = 2^20, and against 2(n − 1): the formulas, not the run, give these.
    assertThat((double) d.get("ratioToSequential")).isEqualTo(19.0);
    assertThat((double) d.get("ratioToListing2")).isEqualTo(9.5);
  }

  @Test
  void fitPicksTheGrowthRate() {
    assertThat(Fit.best(Map.of(32, 31L, 64, 63L, 1024, 1023L))).isEqualTo(Fit.Model.N);
    assertThat(Fit.best(Map.of(32, 5L, 64, 6L, 1024, 10L))).isEqualTo(Fit.Model.LOG_N);
    assertThat(Fit.best(Map.of(32, 129L, 64, 321L, 1024, 9217L))).isEqualTo(Fit.Model.N_LOG_N);
    assertThat(Fit.best(Map.of(32, 7L, 64, 7L, 1024, 7L))).isEqualTo(Fit.Model.CONSTANT);
  }
}
