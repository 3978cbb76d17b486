package org.scansim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** scansim grade as an instructor runs it: files written, files refused, exit codes, the same bytes every time. */
class GradeCommandTest {
  @TempDir Path dir;

  private static CliRun run(String... args) {
    return CliRun.of(args);
  }

  private static Path grading() {
    for (Path p = Paths.get("").toAbsolutePath(); p != null; p = p.getParent()) {
      if (Files.isDirectory(p.resolve("examples/grading"))) {
        return p.resolve("examples/grading");
      }
    }
    throw new IllegalStateException("examples/grading not found");
  }

  /** The example submissions copied into the test's folder, so that nothing of the repository is at risk. */
  private Path submissions() throws IOException {
    Path subs = dir.resolve("subs");
    Files.createDirectories(subs);
    try (Stream<Path> s = Files.list(grading().resolve("submissions"))) {
      for (Path p : s.toList()) {
        Files.copy(p, subs.resolve(p.getFileName()));
      }
    }
    return subs;
  }

  private Path spec() throws IOException {
    Path spec = dir.resolve("inclusive_scan.json");
    Files.copy(grading().resolve("inclusive_scan.json"), spec);
    return spec;
  }

  /** Every file under a folder, with its contents, in path order. */
  private static List<String> snapshot(Path root) throws IOException {
    List<String> out = new ArrayList<>();
    try (Stream<Path> s = Files.walk(root)) {
      for (Path p : s.sorted().toList()) {
        out.add(root.relativize(p) + (Files.isRegularFile(p) ? "\n" + Files.readString(p) : "/"));
      }
    }
    return out;
  }

  @Test
  void gradingAFolderWritesResultsPerSubmissionAndASummary() throws Exception {
    Path subs = submissions();
    Path spec = spec();
    Path out = dir.resolve("results");
    List<String> before = snapshot(subs);
    CliRun r = run("grade", subs.toString(), "--spec", spec.toString(), "--out", out.toString());
    assertThat(r.code()).isZero();
    assertThat(r.err()).isEmpty();
    assertThat(r.out()).startsWith("""
        brent_kung.cu: 80 / 100
        hillis_steele.cu: 70 / 100
        kogge_stone.cu: 100 / 100
        racy_kogge_stone.cu: 15 / 100
        syntax_error.cu: 0 / 100
        wrong_signature.cu: 0 / 100
        """).contains("summary.csv");
    for (String name : List.of("brent_kung", "hillis_steele", "kogge_stone", "racy_kogge_stone", "syntax_error", "wrong_signature")) {
      assertThat(out.resolve(name).resolve("results.json")).isRegularFile();
      assertThat(out.resolve(name).resolve("report.txt")).isRegularFile();
    }
    assertThat(Files.readString(out.resolve("summary.csv"))).startsWith("submission,score,max_score,Compiles,")
        .contains("\r\nkogge_stone.cu,100,100,passed,5,5,5,5,5,5,5,5,15,10,10,5,10,10\r\n");
    assertThat(snapshot(subs)).isEqualTo(before); // the submissions are only read
    // Nothing of the grader's machine in what students see.
    for (String file : snapshot(out)) {
      assertThat(file).doesNotContain(dir.toString()).doesNotContain(System.getProperty("user.home"));
    }
  }

  @Test
  void twoGradingsGiveTheSameBytes() throws Exception {
    Path subs = submissions();
    Path spec = spec();
    assertThat(run("grade", subs.toString(), "--spec", spec.toString(), "--out", dir.resolve("one").toString()).code()).isZero();
    assertThat(run("grade", subs.toString(), "--spec", spec.toString(), "--out", dir.resolve("two").toString()).code()).isZero();
    List<String> one = snapshot(dir.resolve("one"));
    assertThat(one).hasSize(1 + 1 + 6 * 3); // the folder, summary.csv, and per submission its folder and two files
    assertThat(snapshot(dir.resolve("two"))).isEqualTo(one);
    // and again into the same folder: the results are replaced by the same bytes
    assertThat(run("grade", subs.toString(), "--spec", spec.toString(), "--out", dir.resolve("one").toString()).code()).isZero();
    assertThat(snapshot(dir.resolve("one"))).isEqualTo(one);
  }

  @Test
  void aSingleFileIsReportedOnStandardOutputToo() throws Exception {
    Path file = submissions().resolve("kogge_stone.cu");
    Path out = dir.resolve("single");
    CliRun r = run("grade", file.toString(), "--spec", spec().toString(), "--out", out.toString());
    assertThat(r.code()).isZero();
    assertThat(r.out()).startsWith("scansim grade kogge_stone.cu\nassignment: Lab 4: inclusive scan of one block\n")
        .contains("score:      100 / 100\n");
    assertThat(r.out()).isEqualTo(Files.readString(out.resolve("kogge_stone/report.txt")));
    assertThat(out.resolve("summary.csv")).doesNotExist();
  }

  @Test
  void theOutputFolderMayNotBeOrHoldAnInput() throws Exception {
    Path subs = submissions();
    Path spec = spec();
    List<String> before = snapshot(dir);
    CliRun same = run("grade", subs.toString(), "--spec", spec.toString(), "--out", subs.toString());
    assertThat(same.code()).isEqualTo(Main.INVALID_INPUT);
    assertThat(same.err()).isEqualTo(subs + ": error: is one of the inputs (" + subs + "); choose another --out\n");
    CliRun parent = run("grade", subs.toString(), "--spec", spec.toString(), "--out", dir.toString());
    assertThat(parent.code()).isEqualTo(Main.INVALID_INPUT);
    assertThat(parent.err()).isEqualTo(dir + ": error: contains an input (" + subs + "); choose another --out\n");
    CliRun file = run("grade", subs.resolve("kogge_stone.cu").toString(), "--spec", spec.toString(), "--out",
        subs.resolve("kogge_stone.cu").toString());
    assertThat(file.code()).isEqualTo(Main.INVALID_INPUT);
    assertThat(file.err()).contains("exists and is not a folder; refusing to write results there");
    CliRun ofSpec = run("grade", subs.toString(), "--spec", spec.toString(), "--out", spec.toString());
    assertThat(ofSpec.code()).isEqualTo(Main.INVALID_INPUT);
    Path viaLink = Files.createSymbolicLink(dir.resolve("link"), subs);
    CliRun link = run("grade", subs.toString(), "--spec", spec.toString(), "--out", viaLink.toString());
    assertThat(link.code()).isEqualTo(Main.INVALID_INPUT);
    assertThat(link.err()).contains("is one of the inputs");
    Files.delete(viaLink);
    assertThat(snapshot(dir)).isEqualTo(before);
  }

  @Test
  void aBadSpecOrUsageIsExitCodeTwoWithoutAStackTrace() throws Exception {
    Path subs = submissions();
    Path spec = dir.resolve("bad.json");
    Files.writeString(spec, "{\"title\": \"x\", \"colour\": \"red\"}");
    CliRun r = run("grade", subs.toString(), "--spec", spec.toString(), "--out", dir.resolve("o").toString());
    assertThat(r.code()).isEqualTo(Main.INVALID_INPUT);
    // Every problem at once: the unknown field where it is, then what is missing.
    assertThat(r.err()).isEqualTo(spec + ":1:16: error: unknown field \"colour\"; known fields: arch, budgets, defines, entry, file, "
        + "launch, leaderboard, op, points, runs, scan, sizes, title, visibility\n"
        + spec + ": error: missing field \"entry\"\n" + spec + ": error: missing field \"scan\"\n" + spec + ": error: missing field \"arch\"\n"
        + spec + ": error: missing field \"sizes\"\n" + spec + ": error: missing field \"points\"\n");
    assertThat(dir.resolve("o")).doesNotExist();
    CliRun missing = run("grade", dir.resolve("none").toString(), "--spec", spec().toString(), "--out", dir.resolve("o").toString());
    assertThat(missing.code()).isEqualTo(Main.INVALID_INPUT);
    assertThat(missing.err()).isEqualTo(dir.resolve("none") + ": error: no such file or folder\n");
    Path empty = Files.createDirectories(dir.resolve("empty"));
    CliRun nothing = run("grade", empty.toString(), "--spec", dir.resolve("inclusive_scan.json").toString());
    assertThat(nothing.code()).isEqualTo(Main.INVALID_INPUT);
    assertThat(nothing.err()).isEqualTo(empty + ": error: no .cu files in this folder\n");
    CliRun noSpec = run("grade", subs.toString());
    assertThat(noSpec.code()).isEqualTo(Main.INVALID_INPUT);
    assertThat(noSpec.err()).isEqualTo("scansim: error: grade needs --spec ASSIGNMENT.json: scansim grade SUBMISSION.cu|DIR --spec"
        + " ASSIGNMENT.json (scansim grade --help)\n");
  }

  @Test
  void theHelpNamesTheFormatAndTheExitCodes() {
    CliRun r = run("grade", "--help");
    assertThat(r.code()).isZero();
    assertThat(r.out()).contains("examples/grading/README.md").contains("Exit code 0 whenever grading ran").contains("--out=DIR");
  }

  @Test
  void gradescopeModeAlwaysWritesItsResultsFile() throws IOException {
    Path spec = spec();
    Path student = Files.createDirectories(dir.resolve("submission").resolve("nested"));
    Files.copy(grading().resolve("submissions/kogge_stone.cu"), student.resolve("my_scan.cu"));
    Path results = dir.resolve("results").resolve("results.json");
    CliRun r = run("grade", "--gradescope", dir.resolve("submission").toString(), results.toString(), "--spec", spec.toString());
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).startsWith("scansim grade nested/my_scan.cu\n").endsWith("wrote " + results + "\n");
    assertThat(Files.readString(results)).contains("\"score\" : 100,").contains("\"execution_time\" : ");
    if (dir.getFileSystem().supportedFileAttributeViews().contains("posix")) {
      assertThat(java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(results))).isEqualTo("rw-r--r--");
    }
    // Nothing to grade: still a results file, with 0 points and the reason.
    Path empty = Files.createDirectories(dir.resolve("empty"));
    Files.writeString(empty.resolve("scan.cu.txt"), "not a kernel\n");
    r = run("grade", "--gradescope", empty.toString(), results.toString(), "--spec", spec.toString());
    assertThat(r.code()).isZero();
    assertThat(Files.readString(results)).contains("\"score\" : 0,").contains("Your submission has no .cu file");
    // A bad spec: a results file that says so, and exit code 2.
    Path bad = Files.writeString(dir.resolve("bad.json"), "{}");
    r = run("grade", "--gradescope", empty.toString(), results.toString(), "--spec", bad.toString());
    assertThat(r.code()).isEqualTo(Main.INVALID_INPUT);
    assertThat(Files.readString(results)).contains("The autograder's assignment spec cannot be read");
    // RESULTS_JSON without --gradescope is a usage error.
    r = run("grade", empty.toString(), results.toString(), "--spec", spec.toString());
    assertThat(r.code()).isEqualTo(Main.INVALID_INPUT);
    assertThat(r.err()).startsWith("scansim: error: RESULTS_JSON goes with --gradescope");
  }
}
