package org.scansim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * The runs of every catalog kernel on an H100 (hardware/measurements/gpu-runs-2026-11-26),
 * replayed on the simulator without a GPU: each simulated run makes the same launches (kernel,
 * grid, block, dynamic shared memory) and, where the kernel's result is defined, is right or wrong
 * as the card's was, with its first wrong outputs at the same indices. Where a kernel's erratum
 * makes it wrong (a race, a read of memory nothing wrote: {@code Kernel.correctAt}) it has no
 * defined result: on the card the lecture's racy Kogge-Stone happened to be right where the
 * simulator's warp order shows the race.
 */
class GpuRunsReplayTest {
  private static final Path RUNS = ReadmeExamplesTest.root().resolve("hardware/measurements/gpu-runs-2026-11-26/runs.jsonl");

  @TempDir
  Path dir;

  private static final org.scansim.catalog.Catalog CATALOG;

  static {
    try {
      CATALOG = org.scansim.catalog.Catalog.load(ReadmeExamplesTest.root().resolve("kernels"));
    } catch (Exception e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  @TestFactory
  Stream<DynamicTest> theSimulatorAgreesWithTheCardOnEveryRecordedRun() throws Exception {
    ObjectMapper json = new ObjectMapper();
    List<DynamicTest> tests = new ArrayList<>();
    for (String line : Files.readAllLines(RUNS)) {
      JsonNode gpu = json.readTree(line);
      String file = gpu.get("file").asText();
      String name = file.substring("kernels/".length(), file.length() - ".cu".length());
      int n = gpu.get("n").asInt();
      tests.add(DynamicTest.dynamicTest(name + " n=" + n, () -> replay(json, gpu, name, n)));
    }
    assertThat(tests).hasSizeGreaterThanOrEqualTo(60);
    return tests.stream();
  }

  private void replay(ObjectMapper json, JsonNode gpu, String name, int n) throws Exception {
    Path out = dir.resolve(name.replace('/', '_') + "-" + n + ".json");
    List<String> args = new ArrayList<>(CardRunArgs.of(name, n));
    args.addAll(List.of("--threads", "1", "--json", out.toString()));
    CliRun r = CliRun.of(args.toArray(String[]::new));
    JsonNode sim = json.readTree(out.toFile());
    boolean defined = CATALOG.kernels().stream().filter(k -> k.name().equals(name)).findFirst().orElseThrow().correctAt(n);
    if (defined) {
      assertThat(sim.get("correct").asBoolean()).as("correct").isEqualTo(gpu.get("correct").asBoolean());
      assertThat(indices(sim.get("mismatches"))).as("first wrong outputs").isEqualTo(indices(gpu.get("mismatches")));
    }
    JsonNode launches = sim.get("launches");
    assertThat(launches.size()).as("launches").isEqualTo(gpu.get("launches").size());
    for (int i = 0; i < launches.size(); i++) {
      JsonNode s = launches.get(i);
      JsonNode g = gpu.get("launches").get(i);
      assertThat(s.get("kernel").asText()).isEqualTo(g.get("kernel").asText());
      assertThat(s.get("grid").toString()).isEqualTo(g.get("grid").toString());
      assertThat(s.get("block").toString()).isEqualTo(g.get("block").toString());
      assertThat(s.get("dynamicSharedBytes").asLong()).isEqualTo(g.get("dynamicSharedBytes").asLong());
    }
    assertThat(r.code()).isIn(Main.OK, Main.FAILED);
  }

  /** The indices of "out[I] = ..., expected ..." lines. */
  private static List<Integer> indices(JsonNode mismatches) {
    List<Integer> out = new ArrayList<>();
    if (mismatches == null) {
      return out; // a report leaves out an empty list
    }
    for (JsonNode m : mismatches) {
      String t = m.asText();
      out.add(Integer.parseInt(t.substring(t.indexOf('[') + 1, t.indexOf(']'))));
    }
    return out;
  }
}
