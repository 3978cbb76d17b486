package org.scansim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bench --processes} run against stand-in launchers whose speed the test sets (a real one
 * takes minutes at 2^24): the rows come in the order, each side's processes are timed in
 * alternating rounds and compared by their medians, the grades of the two sides are compared, and
 * a failing process or a folder that is no installation is said in one line.
 */
class ProcessBenchTest {
  @TempDir Path dir;

  /** A checkout-like folder whose ./scansim sleeps {@code seconds} and writes {@code score} as each graded result. */
  private Path installation(String name, String seconds, String score, String failOn) throws Exception {
    Path home = Files.createDirectories(dir.resolve(name));
    Files.createDirectories(home.resolve("examples/grading/submissions"));
    Files.writeString(home.resolve("examples/grading/submissions/a.cu"), "__global__ void k() {}\n");
    Files.writeString(home.resolve("examples/grading/inclusive_scan.json"), "{}\n");
    Path launcher = home.resolve("scansim");
    Files.writeString(launcher, String.join("\n",
        "#!/usr/bin/env bash",
        "[ \"$1\" = \"" + failOn + "\" ] && { echo \"stand-in: $1 refused\" >&2; exit 1; }",
        "if [ \"$1\" = grade ]; then out=\"${@: -1}\"; mkdir -p \"$out/a_1\"; echo '{\"score\": " + score + "}' > \"$out/a_1/results.json\"; fi",
        "sleep " + seconds, ""));
    Files.setPosixFilePermissions(launcher, PosixFilePermissions.fromString("rwxr-xr-x"));
    return home;
  }

  private record Result(int code, String out, String err) {}

  private static Result bench(Path home, Path against, boolean json) throws Exception {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = ProcessBench.run(home == null ? null : home.toString(), against, 2, json, new PrintWriter(out, true),
        new PrintWriter(err, true));
    return new Result(code, out.toString(), err.toString());
  }

  @Test
  void timesEachRowOnBothSidesAndComparesTheMedians() throws Exception {
    Path base = installation("base", "0.02", "1", "none");
    Path now = installation("new", "0.5", "1", "none");
    Result r = bench(now, base, true);
    assertThat(r.code()).as(r.err()).isZero();
    JsonNode report = new ObjectMapper().readTree(r.out());
    assertThat(report.get("rounds").asInt()).isEqualTo(2);
    assertThat(report.get("rows").findValuesAsText("row")).containsExactly("big", "no-timing", "small", "check", "grade");
    for (JsonNode row : report.get("rows")) {
      assertThat(row.get("base").get("wall")).hasSize(2);
      assertThat(row.get("new").get("wall")).hasSize(2);
      assertThat(row.get("new").get("median").asDouble()).as(row.get("row").asText()).isGreaterThanOrEqualTo(0.5);
      assertThat(row.get("base").get("median").asDouble()).isLessThan(0.5);
      assertThat(row.get("newOverBase").asDouble()).isGreaterThan(1.0);
    }
    assertThat(report.get("rows").get(0).get("command").asText()).isEqualTo("run harris/scan_large_array --n 16777216");
    assertThat(report.get("sameGrades").asBoolean()).isTrue();
    assertThat(report.get("floor").asDouble()).isPositive();
    assertThat(report.has("numba")).as("no comparison script in a stand-in").isFalse();
  }

  @Test
  void theWholeProgramRowRunsWhereTheInstallationHasTheProgram() throws Exception {
    Path base = installation("base", "0.02", "1", "none"); // from before programs ran: no examples/programs
    Path now = installation("new", "0.02", "1", "none");
    Files.createDirectories(now.resolve("examples/programs"));
    Files.writeString(now.resolve(ProcessBench.PROGRAM), "int main() { return 0; }\n");
    Result r = bench(now, base, true);
    assertThat(r.code()).as(r.err()).isZero();
    JsonNode report = new ObjectMapper().readTree(r.out());
    assertThat(report.get("rows").findValuesAsText("row")).containsExactly("big", "no-timing", "small", "check", "grade", "program");
    JsonNode program = report.get("rows").get(5);
    assertThat(program.get("command").asText()).isEqualTo("run examples/programs/scan_main.cu -- 16777216");
    assertThat(program.get("new").get("wall")).hasSize(2);
    assertThat(program.get("base").isNull()).as("the base has no such program").isTrue();
    assertThat(program.has("newOverBase")).isFalse();
    Result text = bench(now, base, false);
    assertThat(text.out()).containsPattern("program +whole program at 2\\^24 \\(scan_main\\) +- +[0-9.]+ +-");
  }

  @Test
  void saysWhenTheGradesDiffer() throws Exception {
    Result r = bench(installation("new", "0", "1", "none"), installation("base", "0", "2", "none"), false);
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).contains(": 2 alternating rounds, ").contains("row        what").contains("new/base").contains("grade: THE RESULTS DIFFER")
        .contains("Numba: not measured");
  }

  @Test
  void aFailingProcessOrAFolderThatIsNoInstallationIsAnError() throws Exception {
    Result failing = bench(installation("new", "0", "1", "run"), null, false);
    assertThat(failing.code()).isEqualTo(Main.FAILED);
    assertThat(failing.err()).contains("run harris/scan_large_array --n 16777216 failed: exit 1; its last lines:\n  stand-in: run refused");
    Result none = bench(installation("other", "0", "1", "none"), Files.createDirectories(dir.resolve("empty")), false);
    assertThat(none.code()).isEqualTo(Main.INVALID_INPUT);
    assertThat(none.err()).contains("is not a scansim installation");
    Result noLauncher = bench(null, null, false);
    assertThat(noLauncher.code()).isEqualTo(Main.INVALID_INPUT);
    assertThat(noLauncher.err()).contains("was not started by one");
  }

  @Test
  void aHungProcessIsStoppedWithItsChildren() throws Exception {
    java.time.Duration saved = ProcessBench.timeout;
    ProcessBench.timeout = java.time.Duration.ofSeconds(1);
    try {
      Path pid = dir.resolve("child.pid");
      long start = System.nanoTime();
      ProcessBench.Sample hung = ProcessBench.time(dir, "bash", List.of("-c", "echo started; sleep 60 & echo $! > " + pid + "; wait"));
      assertThat(hung.failure()).isEqualTo("stopped after 1 s; its last lines:\n  started");
      assertThat((System.nanoTime() - start) / 1e9).isLessThan(30);
      long child = Long.parseLong(Files.readString(pid).trim());
      // Killed, it is gone once its new parent has reaped it: a moment, not the 60 s it would sleep.
      long deadline = System.nanoTime() + 10_000_000_000L;
      while (ProcessHandle.of(child).map(ProcessHandle::isAlive).orElse(false) && System.nanoTime() < deadline) {
        Thread.sleep(50);
      }
      assertThat(ProcessHandle.of(child).map(ProcessHandle::isAlive).orElse(false)).as("the child sleep").isFalse();
    } finally {
      ProcessBench.timeout = saved;
    }
  }

  @Test
  void leavesNoFileBehind() throws Exception {
    Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
    java.util.function.Supplier<List<String>> ours = () -> {
      try (var files = Files.list(tmp)) {
        return files.map(p -> p.getFileName().toString()).filter(n -> n.startsWith("scansim-process") || n.startsWith("scansim-times"))
            .sorted().toList();
      } catch (java.io.IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    };
    List<String> before = ours.get();
    ProcessBench.time(dir, "true", List.of());
    ProcessBench.time(dir, "false", List.of());
    bench(installation("new", "0", "1", "check"), null, false);
    assertThat(ours.get()).isEqualTo(before);
  }

  @Test
  void timesAProcessWallAndCpu() throws Exception {
    ProcessBench.Sample s = ProcessBench.time(dir, "bash", List.of("-c", "x=0; for i in $(seq 20000); do x=$((x+i)); done; sleep 0.2"));
    assertThat(s.wall()).isGreaterThanOrEqualTo(0.2);
    assertThat(s.cpu()).isPositive().isLessThan(s.wall());
    assertThat(ProcessBench.time(dir, "false", List.of()).failure()).isEqualTo("exit 1");
    assertThat(s.ok()).isTrue();
    assertThat(ProcessBench.median(new double[] {3, 1, 2})).isEqualTo(2);
    assertThat(ProcessBench.median(new double[] {4, 1, 2, 3})).isEqualTo(2.5);
  }
}
