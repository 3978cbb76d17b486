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
 * The project's own whole programs print under scansim exactly what their nvcc builds printed on
 * an H200, and exit with the same status (examples/programs/expected, recorded by
 * tools/programs/gpu-run.sh): the host's C library, glibc's rand, iostream's formatting, the
 * programs' own checks and usage messages, replayed here without a GPU.
 */
class ProgramOutputsReplayTest {
  private static final Path PROGRAMS = Path.of("..", "examples", "programs");

  @TempDir Path dir;

  /** {@code scansim run} of a recorded run (TAG|UNITS|ARGUMENTS), its report written to {@code json}. */
  static List<String> runArgs(String[] f, Path json) {
    List<String> args = new ArrayList<>(List.of("run"));
    for (String unit : f[1].split(" ")) { // the program's translation units, as nvcc built it from them
      args.add(PROGRAMS.resolve(unit).toString());
    }
    // The programs ran in a folder holding examples/programs/data (the files they read), as --files-from gives it.
    args.addAll(List.of("--no-timing", "--json", json.toString(), "--files-from", PROGRAMS.toString()));
    if (!f[2].isEmpty()) {
      args.add("--");
      args.addAll(List.of(f[2].split(" ")));
    }
    return args;
  }

  @TestFactory
  Stream<DynamicTest> everyRecordedRunPrintsWhatTheCardsBuildPrinted() throws Exception {
    List<String> rows = Files.readAllLines(PROGRAMS.resolve("expected/runs.txt"));
    assertThat(rows).hasSizeGreaterThanOrEqualTo(14);
    return rows.stream().map(row -> DynamicTest.dynamicTest(row, () -> {
      String[] f = row.split("\\|", -1);
      String tag = f[0];
      Path json = dir.resolve(tag + ".json");
      CliRun r = CliRun.of(runArgs(f, json).toArray(new String[0]));
      String printed = Files.readString(PROGRAMS.resolve("expected/" + tag + ".txt"));
      int status = Integer.parseInt(Files.readString(PROGRAMS.resolve("expected/" + tag + ".status")).strip());
      JsonNode report = new ObjectMapper().readTree(json.toFile());
      assertThat(report.has("output") ? report.get("output").asText() : "").as(r.err()).isEqualTo(printed);
      assertThat(r.out()).startsWith(printed);
      assertThat(r.code()).isEqualTo(status);
      assertThat(report.get("exitStatus").asInt()).isEqualTo(status);
    }));
  }
}
