package org.scansim.sim.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.scansim.frontend.Frontend;
import org.scansim.sim.arch.Architecture;
import org.scansim.sim.arch.Architectures;

/**
 * Every correct seed kernel computes its scan on every architecture preset. G80 allows 512 threads
 * per block and 16 KB of shared memory, so there the kernels are built with the section sizes a
 * G80 programmer would have used (-D options, as with nvcc).
 */
class EveryPresetTest {
  private record Case(String file, String kind, int n, Map<String, String> g80Defines) {}

  private static final List<Case> CASES = List.of(
      new Case("kernels/sequential/sequential_inclusive.cu", "inclusive", 300, Map.of()),
      new Case("kernels/sequential/sequential_exclusive.cu", "exclusive", 300, Map.of()),
      new Case("kernels/harris/naive_scan.cu", "exclusive", 512, Map.of("MAX_THREADS_PER_BLOCK", "512")),
      new Case("kernels/harris/blelloch.cu", "exclusive", 1024, Map.of("MAX_THREADS_PER_BLOCK", "512")),
      new Case("kernels/harris/conflict_free.cu", "exclusive", 1024,
          Map.of("MAX_THREADS_PER_BLOCK", "512", "NUM_BANKS", "16", "LOG_NUM_BANKS", "4")),
      new Case("kernels/harris/scan_large_array.cu", "exclusive", 3000, Map.of("ELEMENTS_PER_BLOCK", "512")),
      new Case("kernels/lecture/blelloch_prescan.cu", "exclusive", 1024, Map.of("MAX_THREADS_PER_BLOCK", "512")),
      new Case("kernels/lecture/brent_kung.cu", "inclusive", 1000, Map.of("SECTION_SIZE", "1024")),
      new Case("kernels/lecture/three_phase.cu", "inclusive", 1000, Map.of()),
      new Case("kernels/pmpp/kogge_stone.cu", "inclusive", 500, Map.of("SECTION_SIZE", "512")),
      new Case("kernels/pmpp/kogge_stone_exclusive.cu", "exclusive", 500, Map.of("SECTION_SIZE", "512")),
      new Case("kernels/pmpp/brent_kung.cu", "inclusive", 1000, Map.of("SECTION_SIZE", "1024")),
      new Case("kernels/pmpp/hierarchical_scan.cu", "inclusive", 3000, Map.of("SECTION_SIZE", "512")),
      new Case("kernels/pmpp/chained_scan.cu", "inclusive", 3000, Map.of("SECTION_SIZE", "512")));

  static Path root() {
    for (Path p = Paths.get("").toAbsolutePath(); p != null; p = p.getParent()) {
      if (Files.isDirectory(p.resolve("kernels")) && Files.isDirectory(p.resolve("grammar"))) {
        return p;
      }
    }
    throw new IllegalStateException("no repository root");
  }

  @TestFactory
  Stream<DynamicTest> seedKernelsAreCorrectOnEveryPreset() {
    List<DynamicTest> tests = new ArrayList<>();
    for (String preset : Architectures.presets()) {
      Architecture arch = Architectures.preset(preset);
      for (Case c : CASES) {
        Map<String, String> defines = new LinkedHashMap<>(preset.equals("g80") ? c.g80Defines() : Map.of());
        tests.add(DynamicTest.dynamicTest(preset + " " + c.file() + " n=" + c.n() + " " + defines, () -> {
          Frontend.Result r = Frontend.compileFile(root().resolve(c.file()), defines);
          assertThat(r.ok()).isTrue();
          ScanRun.Outcome o = ScanRun.run(r, ScanRun.Request.of(c.n(), arch)
              .expect(ScanRun.Expect.valueOf(c.kind().toUpperCase(java.util.Locale.ROOT)))
              .maxWarpInstructions(500_000_000L)
              .threads(2));
          assertThat(o.fault()).as("fault").isNull();
          assertThat(o.launches()).as("launches (output: %s)", o.output()).isNotEmpty();
          assertThat(o.mismatches()).isEmpty();
          assertThat(o.correct()).isTrue();
        }));
      }
    }
    return tests.stream();
  }
}
