package org.scansim.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import org.scansim.files.FileKind;

/**
 * One rule for every output of every command (issue 43, item 1): scansim creates a new file or
 * replaces one it wrote; a named pipe, a device, a folder, a link and a user's file are refused
 * with one message, before any work, and left as they were. Inputs are read only from regular
 * files (item 9), and a submission's hard link is refused like a symbolic link (item 10).
 */
class OutputRuleTest {
  private static final Path ROOT = ReadmeExamplesTest.root();
  private static final String KERNEL = ROOT.resolve("kernels/harris/blelloch.cu").toString();
  private static final String SPEC = ROOT.resolve("examples/grading/inclusive_scan.json").toString();

  @TempDir Path dir;

  /** Every command line that names an output, with that output's place filled by the function's argument. */
  private List<Function<Path, List<String>>> commands() throws IOException {
    Path sweepSpec = Files.writeString(dir.resolve("s.yaml"), "kernels: [harris/blelloch]\nsizes: [64]\narchs: [hopper]\n");
    Path shard = dir.resolve("shard.csv");
    assertThat(CliRun.of("sweep", sweepSpec.toString(), "--csv", shard.toString()).code()).isZero();
    Path subs = Files.createDirectories(dir.resolve("subs"));
    Files.copy(ROOT.resolve("examples/grading/submissions/kogge_stone.cu"), subs.resolve("kogge_stone.cu"));
    List<Function<Path, List<String>>> c = new ArrayList<>();
    c.add(p -> List.of("run", KERNEL, "--n", "64", "--json", p.toString()));
    c.add(p -> List.of("run", KERNEL, "--n", "64,128", "--json", p.toString()));
    c.add(p -> List.of("run", KERNEL, "--n", "64", "--html", p.toString()));
    c.add(p -> List.of("circuit", KERNEL, "--n", "16", "--expect", "exclusive", "--svg", p.toString()));
    c.add(p -> List.of("crosscheck", KERNEL, "--n", "64", "--json", p.toString()));
    c.add(p -> List.of("sweep", sweepSpec.toString(), "--csv", p.toString() + ".csv"));
    c.add(p -> List.of("sweep", sweepSpec.toString(), "--html", p.toString()));
    c.add(p -> List.of("merge", p.toString() + ".csv", shard.toString()));
    c.add(p -> List.of("grade", "--gradescope", subs.toString(), p.toString(), "--spec", SPEC));
    return c;
  }

  /** The targets a user might name by mistake, each made afresh; the checker says whether it is as it was. */
  private record Target(String name, Path path, java.util.concurrent.Callable<Boolean> unchanged) {}

  private List<Target> targets(String tag) throws Exception {
    List<Target> t = new ArrayList<>();
    Path fifo = dir.resolve(tag + "-fifo");
    Path fifoCsv = dir.resolve(tag + "-fifo.csv");
    for (Path f : List.of(fifo, fifoCsv)) {
      new ProcessBuilder("mkfifo", f.toString()).start().waitFor();
    }
    t.add(new Target("a named pipe", fifo, () -> "a named pipe (FIFO)".equals(FileKind.of(fifo))
        && "a named pipe (FIFO)".equals(FileKind.of(fifoCsv))));
    Path mine = dir.resolve(tag + "-mine");
    Files.writeString(mine, "the user's notes\n");
    Files.writeString(Path.of(mine + ".csv"), "the user's notes\n");
    t.add(new Target("a user's file", mine, () -> Files.readString(mine).equals("the user's notes\n")
        && Files.readString(Path.of(mine + ".csv")).equals("the user's notes\n")));
    Path link = dir.resolve(tag + "-link");
    Files.createSymbolicLink(link, mine);
    Files.createSymbolicLink(Path.of(link + ".csv"), Path.of(mine + ".csv"));
    t.add(new Target("a link", link, () -> Files.isSymbolicLink(link) && Files.isSymbolicLink(Path.of(link + ".csv"))
        && Files.readString(mine).equals("the user's notes\n")));
    Path folder = Files.createDirectories(dir.resolve(tag + "-folder"));
    Files.createDirectories(Path.of(folder + ".csv"));
    t.add(new Target("a folder", folder, () -> Files.isDirectory(folder, LinkOption.NOFOLLOW_LINKS)));
    return t;
  }

  @TestFactory
  Stream<DynamicTest> everyOutputOfEveryCommandRefusesWhatScansimDidNotWrite() throws Exception {
    List<DynamicTest> tests = new ArrayList<>();
    List<Function<Path, List<String>>> commands = commands();
    for (int i = 0; i < commands.size(); i++) {
      Function<Path, List<String>> command = commands.get(i);
      for (Target target : targets("c" + i)) {
        List<String> args = command.apply(target.path());
        tests.add(DynamicTest.dynamicTest(String.join(" ", args.subList(0, 1)) + " onto " + target.name() + " (" + args + ")", () -> {
          CliRun r = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> CliRun.of(args.toArray(String[]::new)));
          assertThat(r.code()).as(r.err()).isEqualTo(Main.INVALID_INPUT);
          assertThat(r.err()).as("one message for every command").contains("scansim: error: refusing to write ")
              .contains("scansim writes only a new file or ");
          assertThat(target.unchanged().call()).as("left as it was").isTrue();
        }));
      }
    }
    return tests.stream();
  }

  @Test
  void theDeviceOfTheMachineIsNeverReplaced() throws Exception {
    Path devNull = Path.of("/dev/null");
    org.junit.jupiter.api.Assumptions.assumeTrue("a character device".equals(FileKind.of(devNull)), "no /dev/null device here");
    Path subs = Files.createDirectories(dir.resolve("subs"));
    Files.copy(ROOT.resolve("examples/grading/submissions/kogge_stone.cu"), subs.resolve("kogge_stone.cu"));
    for (List<String> args : List.of(List.of("grade", "--gradescope", subs.toString(), "/dev/null", "--spec", SPEC),
        List.of("run", KERNEL, "--n", "64", "--json", "/dev/null"))) {
      CliRun r = CliRun.of(args.toArray(String[]::new));
      assertThat(r.code()).as(r.err()).isEqualTo(Main.INVALID_INPUT);
      assertThat(r.err()).contains("refusing to write /dev/null: it is a character device");
      assertThat(FileKind.of(devNull)).isEqualTo("a character device");
    }
  }

  @Test
  void gradeOutRefusesAPipeOrALinkWhereItsFilesGoBeforeGradingAnything() throws Exception {
    Path subs = Files.createDirectories(dir.resolve("subs"));
    Files.copy(ROOT.resolve("examples/grading/submissions/kogge_stone.cu"), subs.resolve("kogge_stone.cu"));
    Path out = Files.createDirectories(dir.resolve("out").resolve("kogge_stone"));
    new ProcessBuilder("mkfifo", out.resolve("results.json").toString()).start().waitFor();
    Path mine = Files.writeString(dir.resolve("mine.txt"), "mine\n");
    Files.createSymbolicLink(dir.resolve("out").resolve("summary.csv"), mine);
    CliRun r = assertTimeoutPreemptively(Duration.ofSeconds(60),
        () -> CliRun.of("grade", subs.toString(), "--spec", SPEC, "--out", dir.resolve("out").toString()));
    assertThat(r.code()).isEqualTo(Main.INVALID_INPUT);
    assertThat(r.err()).contains("results.json: it is a named pipe (FIFO)").contains("summary.csv: it is a symbolic link");
    assertThat(r.out()).as("nothing graded, nothing said written").isEmpty();
    assertThat(Files.readString(mine)).isEqualTo("mine\n");

    // Its own files from an earlier grading are replaced.
    Files.delete(out.resolve("results.json"));
    Files.delete(dir.resolve("out").resolve("summary.csv"));
    for (int run = 0; run < 2; run++) {
      CliRun again = CliRun.of("grade", subs.toString(), "--spec", SPEC, "--out", dir.resolve("out").toString());
      assertThat(again.code()).as(again.err()).isZero();
    }
  }

  @Test
  void aReportScansimWroteIsReplacedByEveryCommandThatWritesReports() throws Exception {
    Path report = dir.resolve("r.json");
    assertThat(CliRun.of("run", KERNEL, "--n", "64", "--json", report.toString()).code()).isZero();
    assertThat(CliRun.of("run", KERNEL, "--n", "64", "--json", report.toString()).code()).isZero();
    // crosscheck writes the same kind of file: an earlier report is no reason to refuse (it was "not an SVG picture").
    CliRun cross = CliRun.of("crosscheck", KERNEL, "--n", "64", "--json", report.toString());
    assertThat(cross.err()).doesNotContain("refusing").doesNotContain("SVG");
  }

  @Test
  void anArchitectureIsReadOnlyFromARegularFile() throws Exception {
    Path fifo = dir.resolve("arch.json");
    new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor();
    for (String arch : List.of(fifo.toString(), "/dev/zero")) {
      CliRun r = assertTimeoutPreemptively(Duration.ofSeconds(30), () -> CliRun.of("run", KERNEL, "--n", "64", "--arch", arch));
      assertThat(r.code()).isEqualTo(Main.INVALID_INPUT);
      assertThat(r.err()).contains(arch + ": error: is a ").contains(", not a regular file");
    }
    Path big = dir.resolve("big.json");
    Files.write(big, new byte[(int) org.scansim.sim.arch.Architectures.MAX_FILE_BYTES + 1]);
    CliRun r = CliRun.of("run", KERNEL, "--n", "64", "--arch", big.toString());
    assertThat(r.err()).contains("is larger than 1 MiB");
  }

  @Test
  void aHardLinkInASubmissionIsRefusedLikeASymbolicLink() throws Exception {
    Path secret = Files.writeString(dir.resolve("grader-secret.cu"), "TOP SECRET of the grader\n");
    Path subs = Files.createDirectories(dir.resolve("subs"));
    Files.createLink(subs.resolve("linked.cu"), secret);
    Path out = dir.resolve("out");
    CliRun r = CliRun.of("grade", subs.toString(), "--spec", SPEC, "--out", out.toString());
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(Files.readString(out.resolve("linked/results.json"))).doesNotContain("TOP SECRET");
    assertThat(Files.readString(out.resolve("linked/report.txt"))).contains(org.scansim.frontend.diag.SourceReader.HARD_LINK)
        .doesNotContain("TOP SECRET");
    Path one = Files.createDirectories(dir.resolve("one"));
    Files.createLink(one.resolve("scan.cu"), secret);
    Path results = dir.resolve("results.json");
    CliRun g = CliRun.of("grade", "--gradescope", one.toString(), results.toString(), "--spec", SPEC);
    assertThat(Files.readString(results)).doesNotContain("TOP SECRET").contains("hard links");
  }
}
