package org.scansim.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.scansim.frontend.Frontend;
import org.scansim.sim.arch.Architectures;
import org.scansim.sim.check.Check;
import org.scansim.sim.check.Finding;
import org.scansim.sim.run.ScanRun;

/**
 * The checkers against the corpus of faulty kernels ({@code kernels/faulty/NAME.cu} with the
 * findings each must produce in {@code NAME.expect}) and against the catalog: every catalog
 * kernel, at the sizes below, produces exactly the findings {@code kernels/faulty/catalog.expect}
 * declares for it (its kept errata), and none at all otherwise. Findings are compared by
 * {@link Finding#key()}: kind, hazard, array and source positions.
 */
class CheckCorpusTest {
  /** One {@code run:} section of an expectations file. */
  record Section(Path file, String target, int n, String arch, ScanRun.Expect expect, Set<String> keys, int line,
      Map<String, String> defines, long maxInstructions) {}

  static List<Section> parse(Path expectFile) throws IOException {
    List<Section> out = new ArrayList<>();
    String target = null;
    int n = 0;
    String arch = "hopper";
    ScanRun.Expect expect = null;
    Set<String> keys = null;
    Map<String, String> defines = new LinkedHashMap<>();
    long budget = 50_000_000L;
    int at = 0;
    int lineNo = 0;
    String cu = expectFile.getFileName().toString().replaceFirst("\\.expect$", ".cu");
    for (String raw : Files.readAllLines(expectFile)) {
      lineNo++;
      String line = raw.replaceFirst("\\s+#.*$", "").strip();
      if (line.isEmpty() || line.startsWith("#")) {
        continue;
      }
      if (line.startsWith("run:")) {
        if (keys != null) {
          out.add(new Section(expectFile, target, n, arch, expect, keys, at, defines, budget));
        }
        defines = new LinkedHashMap<>();
        budget = 50_000_000L;
        String[] w = line.substring(4).trim().split("\\s+");
        target = expectFile.resolveSibling(cu).toString();
        arch = "hopper";
        expect = null;
        n = 0;
        for (int i = 0; i < w.length; i++) {
          switch (w[i]) {
            case "--n" -> n = Integer.parseInt(w[++i]);
            case "--arch" -> arch = w[++i];
            case "--expect" -> expect = ScanRun.Expect.valueOf(w[++i].toUpperCase(java.util.Locale.ROOT));
            case "--max-instructions" -> budget = Long.parseLong(w[++i]);
            case "-D" -> define(defines, w[++i]);
            default -> {
              if (w[i].startsWith("-D")) {
                define(defines, w[i].substring(2));
              } else {
                target = w[i];
              }
            }
          }
        }
        keys = new TreeSet<>();
        at = lineNo;
      } else if (line.equals("none")) {
        assertThat(keys).as(expectFile + ":" + lineNo + ": 'none' outside a run: section").isNotNull();
      } else {
        assertThat(keys).as(expectFile + ":" + lineNo + ": a finding outside a run: section").isNotNull();
        keys.add(line);
      }
    }
    if (keys != null) {
      out.add(new Section(expectFile, target, n, arch, expect, keys, at, defines, budget));
    }
    return out;
  }

  private static void define(Map<String, String> d, String nameValue) {
    int eq = nameValue.indexOf('=');
    d.put(eq < 0 ? nameValue : nameValue.substring(0, eq), eq < 0 ? "" : nameValue.substring(eq + 1));
  }

  static Path faulty() {
    return CatalogTest.root().resolve("kernels").resolve("faulty");
  }

  static Set<String> keys(ScanRun.Outcome o) {
    Set<String> out = new TreeSet<>();
    for (Finding f : o.findings()) {
      out.add(f.key());
    }
    return out;
  }

  @TestFactory
  Stream<DynamicNode> everyFaultyKernelIsCaughtExactly() throws IOException {
    List<DynamicNode> tests = new ArrayList<>();
    try (Stream<Path> s = Files.list(faulty())) {
      for (Path p : s.filter(f -> f.toString().endsWith(".expect") && !f.getFileName().toString().equals("catalog.expect")).sorted().toList()) {
        List<Section> sections = parse(p);
        assertThat(sections).as(p + " has no run: section").isNotEmpty();
        for (Section sec : sections) {
          tests.add(DynamicTest.dynamicTest(p.getFileName() + ":" + sec.line() + " n=" + sec.n() + " " + sec.arch(), () -> {
            Frontend.Result r = Frontend.compileFile(Path.of(sec.target()), sec.defines());
            assertThat(r.ok()).as(r.diagnostics().all().toString()).isTrue();
            ScanRun.Outcome o = ScanRun.run(r, ScanRun.Request.of(sec.n(), Architectures.preset(sec.arch()))
                .expect(sec.expect())
                .maxWarpInstructions(sec.maxInstructions())
                .withOptions(new ScanRun.Options(Check.all(), 0, 60_000, false, 1L << 31)));
            assertThat(keys(o)).as(o.findings().toString()).isEqualTo(sec.keys());
          }));
        }
      }
    }
    return tests.stream();
  }

  @TestFactory
  Stream<DynamicNode> catalogKernelsHaveExactlyTheirDeclaredFindings() throws Exception {
    CatalogTest.load();
    Map<String, Set<String>> declared = new LinkedHashMap<>();
    for (Section s : parse(faulty().resolve("catalog.expect"))) {
      declared.put(s.target() + " " + s.n() + " " + s.arch(), s.keys());
    }
    CatalogRun runs = new CatalogRun(1);
    List<DynamicNode> tests = new ArrayList<>();
    for (Kernel k : CatalogTest.catalog.kernels()) {
      for (String arch : List.of("hopper", "g80")) {
        for (int n : sizes(k, arch)) {
          String id = k.name() + " " + n + " " + arch;
          tests.add(DynamicTest.dynamicTest(id, () -> {
            ScanRun.Outcome o = runs.run(k, n, Architectures.preset(arch), Map.of(), Check.all());
            assertThat(keys(o)).as(id + ": " + o.findings()).isEqualTo(declared.getOrDefault(id, Set.of()));
          }));
        }
      }
    }
    return tests.stream();
  }

  /** A partial size and the largest size up to 1024 the kernel supports on arch. */
  static List<Integer> sizes(Kernel k, String arch) {
    List<Integer> out = new ArrayList<>();
    for (int n : new int[] {100, 1024}) {
      int m = Math.min(n, k.sizes().max(arch));
      while (m > 1 && !k.sizes().supports(m, arch)) {
        m--;
      }
      if (k.sizes().supports(m, arch) && !out.contains(m)) {
        out.add(m);
      }
    }
    return out;
  }
}
