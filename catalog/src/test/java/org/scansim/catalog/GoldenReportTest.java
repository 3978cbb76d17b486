package org.scansim.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.TreeMap;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.scansim.reports.JsonReport;
import org.scansim.reports.RunReport;
import org.scansim.sim.run.ScanRun;

/**
 * Whole JSON reports for a few (kernel, size, architecture) triples, byte for byte: any change to
 * a counter shows up here for review. Rewrite them with {@code -Dgolden.update=true} and read the
 * diff before committing.
 */
class GoldenReportTest {
  @ParameterizedTest
  @CsvSource({
    "harris/blelloch, 1024, hopper",
    "harris/conflict_free_g80, 512, g80",
    "pmpp/brent_kung, 2048, hopper",
    "pmpp/chained_scan, 4097, hopper",
    "harris/scan_large_array, 65537, g80",
  })
  void reportIsUnchanged(String name, int n, String arch) throws Exception {
    Path root = CatalogTest.root();
    Kernel k = Catalog.load(root.resolve("kernels")).find(name).orElseThrow();
    ScanRun.Outcome o = new CatalogRun(2).run(k, n, arch);
    String file = root.relativize(k.file()).toString();
    RunReport report = RunReport.of(new RunReport.Inputs(file, n, arch, k.scan(), new TreeMap<>(k.definesFor(arch)), 0), o);
    String json = JsonReport.render(report).replace(root.toAbsolutePath() + "/", "");
    Path golden = root.resolve("catalog/src/test/resources/golden-reports/" + name.replace('/', '_') + "_" + n + "_" + arch + ".json");
    if (Boolean.getBoolean("golden.update")) {
      Files.createDirectories(golden.getParent());
      Files.writeString(golden, json);
    }
    assertThat(golden).as("golden report (create with -Dgolden.update=true)").exists();
    assertThat(json).isEqualTo(Files.readString(golden));
  }
}
