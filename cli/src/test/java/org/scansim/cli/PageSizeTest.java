package org.scansim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A run's page stays under 1 MB for the catalog's kernels at 2^16 (they were up to 2.8 MB): it
 * draws the sites with the most conflicts, at most 24 barrier phases a map, and no cell of zero,
 * rather than drawing everything smaller.
 */
class PageSizeTest {
  @TempDir
  Path dir;

  /** The catalog's kernels that take n = 2^16 (the others are one block). */
  @ParameterizedTest
  @ValueSource(strings = {"harris/scan_large_array", "pmpp/hierarchical_scan", "pmpp/chained_scan", "pmpp/chained_scan_static_bid",
      "handbook/reduce_then_scan", "modern/decoupled_lookback", "modern/warp_shuffle_scan"})
  void aCatalogKernelsPageAt2To16IsUnderOneMegabyte(String kernel) throws Exception {
    Path page = dir.resolve(kernel.replace('/', '_') + ".html");
    CliRun r = CliRun.of("run", kernel, "--n", "65536", "--html", page.toString());
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(Files.size(page)).as(kernel).isLessThan(1_000_000);
    try (Stream<String> lines = Files.lines(page)) {
      assertThat(lines.anyMatch(l -> l.contains("data-chart=\"heat\""))).as("heat maps drawn").isTrue();
    }
  }
}
