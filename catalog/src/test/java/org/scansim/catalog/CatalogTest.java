package org.scansim.catalog;

import org.scansim.sim.result.Counters;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.scansim.sim.run.ScanRun;

/**
 * Every catalog kernel at every size it declares (of {@link CatalogRun#SIZES}) on g80 and hopper:
 * the output is the scan it declares (or wrong exactly where a kept erratum says), and the
 * measured work matches the kernel's formula where the metadata says it is exact; then every
 * property the metadata states.
 */
class CatalogTest {
  static Catalog catalog;
  static final CatalogRun RUNS = new CatalogRun(1);

  static Path root() {
    for (Path p = Paths.get("").toAbsolutePath(); p != null; p = p.getParent()) {
      if (Files.isDirectory(p.resolve("kernels")) && Files.isDirectory(p.resolve("grammar"))) {
        return p;
      }
    }
    throw new IllegalStateException("no repository root");
  }

  @BeforeAll
  static void load() throws Exception {
    catalog = Catalog.load(root().resolve("kernels"));
  }

  @TestFactory
  Stream<DynamicNode> everyKernelAtEverySize() throws Exception {
    load();
    List<DynamicNode> out = new ArrayList<>();
    for (Kernel k : catalog.kernels()) {
      List<DynamicNode> runs = new ArrayList<>();
      for (String arch : List.of("g80", "hopper")) {
        List<Integer> sizes = new ArrayList<>(CatalogRun.sizesOf(k, arch));
        if (k.work().check().equals("atMax") && !sizes.contains(k.sizes().max(arch))) {
          sizes.add(k.sizes().max(arch));
        }
        for (int n : sizes) {
          runs.add(DynamicTest.dynamicTest(arch + " n=" + n, () -> check(k, n, arch)));
        }
      }
      for (Kernel.Property p : k.properties()) {
        runs.add(DynamicTest.dynamicTest("property " + p.arch() + " n=" + p.n() + " " + p.counter(), () -> {
          ScanRun.Outcome o = RUNS.run(k, p.n(), p.arch());
          assertThat(o.fault()).as("fault").isNull();
          long v = CatalogRun.counter(CatalogRun.totals(o), p.counter());
          assertThat(p.holds(v)).as("%s: %s %s measured %d, stated %s", k.name(), p.text(), p.counter(), v, p.expectation()).isTrue();
        }));
      }
      out.add(DynamicContainer.dynamicContainer(k.name(), runs));
    }
    return out.stream();
  }

  private static void check(Kernel k, int n, String arch) throws Exception {
    ScanRun.Outcome o = RUNS.run(k, n, arch);
    assertThat(o.fault()).as("%s n=%d %s: fault %s", k.name(), n, arch, o.fault() == null ? "" : o.fault().getMessage()).isNull();
    if (k.correctAt(n)) {
      assertThat(o.correct()).as("%s n=%d %s: %s %s", k.name(), n, arch, o.mismatches(), o.output()).isTrue();
    } else {
      assertThat(o.correct()).as("%s n=%d %s: the kept erratum (%s) should make it wrong", k.name(), n, arch, k.erratum().text()).isFalse();
    }
    Counters t = CatalogRun.totals(o);
    double want = Formula.parse(k.work().formula()).at(n);
    boolean applies = switch (k.work().check()) {
      case "exact" -> true;
      case "pow2" -> Long.bitCount(n) == 1;
      case "atMax" -> n == k.sizes().max(arch);
      default -> false;
    };
    if (applies) {
      assertThat((double) t.work).as("%s n=%d %s: work vs %s", k.name(), n, arch, k.work().formula()).isEqualTo(want);
    } else if (k.work().check().equals("atMost")) {
      assertThat((double) t.work).as("%s n=%d %s: work ≤ %s", k.name(), n, arch, k.work().formula()).isLessThanOrEqualTo(want);
    }
  }
}
