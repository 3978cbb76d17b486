package org.scansim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.scansim.frontend.Frontend;
import org.scansim.hardware.Sanitizer;
import org.scansim.sim.arch.Architecture;

/**
 * compute-sanitizer's findings on the faulty corpus, recorded on an H100 and an H200
 * (faulty.jsonl.gz in hardware/measurements/crosscheck-counters-2026-11-26-h100 and -h200), against the
 * simulator's checkers today: every finding the sanitizer reported (but host API errors after a
 * kernel's fault) must still be reported by a checker of its family at one of its lines.
 */
class FaultyCorpusSanitizerReplayTest {
  @TestFactory
  Stream<DynamicTest> everySanitizerFindingIsTheCheckersToo() throws Exception {
    ObjectMapper json = new ObjectMapper();
    List<DynamicTest> tests = new ArrayList<>();
    for (java.nio.file.Path dir : CrosscheckCountersReplayTest.DIRS) {
      try (BufferedReader r = new BufferedReader(new InputStreamReader(
          new GZIPInputStream(Files.newInputStream(dir.resolve("faulty.jsonl.gz"))), StandardCharsets.UTF_8))) {
        for (String line = r.readLine(); line != null; line = r.readLine()) {
          JsonNode doc = json.readTree(line);
          String arch = doc.get("arch").asText();
          for (JsonNode kernel : doc.get("kernels")) {
            for (JsonNode row : kernel.get("sizes")) {
              tests.add(DynamicTest.dynamicTest(doc.get("card").asText() + " " + kernel.get("file").asText() + " n=" + row.get("n").asInt(),
                  () -> replay(arch, kernel, row)));
            }
          }
        }
      }
    }
    assertThat(tests).hasSize(2 * 11);
    return tests.stream();
  }

  private static void replay(String arch, JsonNode kernel, JsonNode row) throws Exception {
    PrintWriter err = new PrintWriter(new StringWriter());
    Architecture a = Targets.architecture(arch, err);
    List<String> defines = new ArrayList<>();
    kernel.get("defines").forEach(d -> defines.add(d.asText()));
    Targets.Target t = Targets.resolve(ReadmeExamplesTest.root().resolve(kernel.get("file").asText()).toString(), a, defines, null, err);
    Frontend.Result compiled = Compilation.compile(t.file(), t.defines(), err);
    CrosscheckCommand.Simulated s = CrosscheckCommand.simulate(compiled, a, row.get("n").asInt(), null, null, true);
    Map<String, List<Sanitizer.Finding>> byTool = new LinkedHashMap<>();
    for (JsonNode g : row.get("sanitizer").get("sanitizer")) {
      List<String> at = new ArrayList<>();
      g.get("at").forEach(x -> at.add(x.asText()));
      byTool.computeIfAbsent(g.get("tool").asText(), k -> new ArrayList<>()).add(new Sanitizer.Finding(g.get("tool").asText(),
          g.get("what").asText(), at, g.get("thread").asText(null), g.get("block").asText(null), g.get("count").asInt()));
    }
    List<Sanitizer.Report> reports = new ArrayList<>();
    byTool.forEach((tool, fs) -> reports.add(new Sanitizer.Report(tool, fs, "")));
    CrosscheckSanitizer.Check c = CrosscheckSanitizer.compare(reports, s.outcome().findings());
    assertThat(c.sanitizer()).filteredOn(g -> !g.alsoSimulator() && !g.consequence()).as("found by the sanitizer only").isEmpty();
    assertThat(c.allFound()).isTrue();
  }
}
