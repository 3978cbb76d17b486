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
 * The crosscheck of every catalog kernel on an H200 (hardware/measurements/crosscheck-2026-11-26-h200),
 * replayed on the simulator without a GPU: at every recorded size the simulator still launches
 * what the card launched, and where the result is defined it is still right or wrong as the card
 * was (the card's outputs were bit-identical to the simulator's there, and a recorded difference
 * fails here too). A change that breaks agreement with the hardware fails here.
 */
class CrosscheckReplayTest {
  private static final Path RECORD =
      ReadmeExamplesTest.root().resolve("hardware/measurements/crosscheck-2026-11-26-h200/crosscheck.jsonl");

  @TempDir
  Path dir;

  @TestFactory
  Stream<DynamicTest> theSimulatorStillAgreesWithTheCard() throws Exception {
    ObjectMapper json = new ObjectMapper();
    List<DynamicTest> tests = new ArrayList<>();
    for (String line : Files.readAllLines(RECORD)) {
      JsonNode kernel = json.readTree(line);
      String name = kernel.get("catalogName").asText();
      for (JsonNode row : kernel.get("sizes")) {
        int n = row.get("n").asInt();
        tests.add(DynamicTest.dynamicTest(name + " n=" + n, () -> replay(json, name, row.get("resultDefined").asBoolean(), row, n)));
      }
    }
    assertThat(tests).hasSize(26 * 6);
    return tests.stream();
  }

  private void replay(ObjectMapper json, String name, boolean defined, JsonNode row, int n) throws Exception {
    Path out = dir.resolve("r.json");
    List<String> args = new ArrayList<>(CardRunArgs.of(name, n));
    args.addAll(List.of("--threads", "1", "--json", out.toString()));
    CliRun r = CliRun.of(args.toArray(String[]::new));
    assertThat(r.code()).as(r.err()).isIn(Main.OK, Main.FAILED);
    JsonNode sim = json.readTree(out.toFile());
    List<String> launches = new ArrayList<>();
    for (JsonNode l : sim.get("launches")) {
      launches.add(l.get("kernel").asText() + "<<<" + dims(l.get("grid")) + ", " + dims(l.get("block")) + ", "
          + l.get("dynamicSharedBytes").asLong() + ">>>");
    }
    List<String> gpu = new ArrayList<>();
    row.get("gpuLaunches").forEach(l -> gpu.add(l.asText()));
    assertThat(launches).as("launches").isEqualTo(gpu);
    if (defined) {
      assertThat(row.get("outputsEqual").asBoolean()).as("recorded: the outputs were bit-identical").isTrue();
      assertThat(sim.get("correct").asBoolean()).as("correct").isEqualTo(row.get("gpuCorrect").asBoolean());
    }
  }

  private static String dims(JsonNode d) {
    return d.get(0).asLong() + "x" + d.get(1).asLong() + "x" + d.get(2).asLong();
  }
}
