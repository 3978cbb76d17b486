package org.scansim.grade;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Gradescope's way: one student's folder in, one results.json out, whatever the folder holds.
 * Before, a folder with two .cu files, a misnamed file or a file in a subfolder left no results
 * file, and a .cu that linked to a file outside the folder was graded and quoted.
 */
class GradescopeRunTest {
  @TempDir Path dir;

  private static final String KOGGE_STONE = Examples.KOGGE_STONE;

  private Path spec(String extra) throws IOException {
    return Files.writeString(dir.resolve("spec.json"), """
        {"title": "t", "entry": "void scan(const float *in, float *out, int n)", "scan": "inclusive", "arch": "hopper",
         "sizes": [32, 64], %s
         "points": {"correctness": 20, "races": 5, "bankConflicts": {"points": 5, "max": "0"}}}
        """.formatted(extra));
  }

  private Path folder(String... namesAndTexts) throws IOException {
    Path f = Files.createDirectories(dir.resolve("submission"));
    for (int i = 0; i < namesAndTexts.length; i += 2) {
      Path p = f.resolve(namesAndTexts[i]);
      Files.createDirectories(p.getParent());
      Files.writeString(p, namesAndTexts[i + 1]);
    }
    return f;
  }

  private static JsonNode json(GradescopeResults r) throws IOException {
    return new ObjectMapper().readTree(r.toJson());
  }

  @Test
  void theOneCuFileAnywhereInTheFolderIsGraded() throws IOException {
    Path f = folder("src/lab/scan.cu", KOGGE_STONE, "README.md", "my notes");
    GradescopeRun.Outcome o = GradescopeRun.grade(f, spec(""));
    assertThat(o.specProblem()).isFalse();
    assertThat(o.results().score()).isEqualByComparingTo("30");
    assertThat(o.results().output()).startsWith("src/lab/scan.cu: 30 / 30 points");
    assertThat(o.results().executionTime()).isNotNull().isGreaterThanOrEqualTo(1);
  }

  @Test
  void severalCuFilesGiveZeroWithTheirNames() throws IOException {
    Path f = folder("a.cu", KOGGE_STONE, "old/b.cu", KOGGE_STONE);
    GradescopeRun.Outcome o = GradescopeRun.grade(f, spec(""));
    assertThat(o.results().score()).isEqualByComparingTo("0");
    assertThat(o.results().output()).startsWith("Your submission has 2 .cu files (a.cu, old/b.cu); upload exactly one");
    assertThat(o.results().tests()).hasSize(5).allMatch(t -> !t.passed() && t.output().startsWith("not run: Your submission has 2"));
  }

  /** Issue 43, item 11: the bound on what is listed is not taken for the count (10,000 files read as 9999). */
  @Test
  void manyCuFilesAreCountedRightUpToTheBoundAndMoreThanItPast() throws IOException {
    Path f = java.nio.file.Files.createDirectories(dir.resolve("many"));
    for (int i = 0; i < GradescopeRun.MAX_ENTRIES; i++) {
      java.nio.file.Files.writeString(f.resolve("s" + i + ".cu"), "");
    }
    assertThat(GradescopeRun.grade(f, spec("")).results().output()).startsWith("Your submission has 10000 .cu files (");
    java.nio.file.Files.writeString(f.resolve("one-more.cu"), "");
    assertThat(GradescopeRun.grade(f, spec("")).results().output()).startsWith("Your submission has more than 10000 .cu files (")
        .contains(" and more than 9990 more); upload exactly one");
  }

  @Test
  void aMisnamedFileIsNamedInTheReason() throws IOException {
    Path f = folder("scan.cu.txt", KOGGE_STONE);
    GradescopeRun.Outcome o = GradescopeRun.grade(f, spec(""));
    assertThat(o.results().score()).isEqualByComparingTo("0");
    assertThat(o.results().output()).startsWith("Your submission has no .cu file; upload your kernel as one file whose name ends in"
        + " .cu. It holds: scan.cu.txt.\n");
  }

  @Test
  void theFileTheSpecNamesIsGradedAndItsAbsenceExplained() throws IOException {
    Path f = folder("scan.cu", KOGGE_STONE, "helper.cu", "int x;\n");
    assertThat(GradescopeRun.grade(f, spec("\"file\": \"scan.cu\",")).results().score()).isEqualByComparingTo("30");
    Files.delete(f.resolve("scan.cu"));
    GradescopeRun.Outcome o = GradescopeRun.grade(f, spec("\"file\": \"scan.cu\","));
    assertThat(o.results().output()).startsWith("Your submission has no file scan.cu, which this assignment asks for. It holds:"
        + " helper.cu.");
  }

  @Test
  void aLinkOutOfTheFolderIsRefusedAndNothingOfItsTargetIsQuoted() throws IOException {
    Path secret = Files.writeString(dir.resolve("grader-secret.txt"), "root:x:0:0:the grader's secret\n");
    Path f = folder();
    Files.createSymbolicLink(f.resolve("scan.cu"), secret);
    GradescopeRun.Outcome o = GradescopeRun.grade(f, spec(""));
    assertThat(o.results().score()).isEqualByComparingTo("0");
    assertThat(o.results().toJson()).doesNotContain("root:x").doesNotContain("secret\\n");
    assertThat(o.results().tests().get(0).output()).isEqualTo("Failed: scan.cu cannot be read as a kernel file, so it was not graded.\nscan.cu: error: "
        + org.scansim.frontend.diag.SourceReader.LINK_OUT + "\n");
  }

  @Test
  void includesAreReadFromTheFolderAndNowhereElse() throws IOException {
    Path secret = Files.writeString(dir.resolve("secret.h"), "#define SECRET 42\n");
    Path f = folder("scan.cu", "#include \"kernel.cuh\"\n" + KOGGE_STONE.replace("__global__ void k", "__global__ void unused"),
        "kernel.cuh", KOGGE_STONE.substring(0, KOGGE_STONE.indexOf("void scan(")));
    assertThat(GradescopeRun.grade(f, spec("\"file\": \"scan.cu\",")).results().score()).isEqualByComparingTo("30");
    Files.createSymbolicLink(f.resolve("leak.h"), secret);
    Files.writeString(f.resolve("scan.cu"), "#include \"leak.h\"\n" + KOGGE_STONE);
    GradescopeRun.Outcome o = GradescopeRun.grade(f, spec("\"file\": \"scan.cu\","));
    assertThat(o.results().tests().get(0).output()).contains("scan.cu:1:10: error: leak.h: "
        + org.scansim.frontend.diag.SourceReader.LINK_OUT);
    assertThat(o.results().toJson()).doesNotContain("SECRET 42");
  }

  @Test
  void aSpecThatCannotBeReadStillWritesResultsThatSaySo() throws IOException {
    Path f = folder("scan.cu", KOGGE_STONE);
    Path bad = Files.writeString(dir.resolve("bad.json"), "{\"title\": ");
    GradescopeRun.Outcome o = GradescopeRun.grade(f, bad);
    assertThat(o.specProblem()).isTrue();
    assertThat(o.results().score()).isEqualByComparingTo("0");
    assertThat(o.results().output()).startsWith("The autograder's assignment spec cannot be read, so nothing was graded; this is"
        + " the course staff's error, not yours.");
    Path results = dir.resolve("results").resolve("results.json");
    GradescopeRun.write(results, o.results());
    assertThat(json(o.results()).get("tests")).isEmpty();
    assertThat(Files.readString(results)).isEqualTo(o.results().toJson());
  }

  @Test
  void visibilityNumbersAndTheLeaderboardFollowTheSpec() throws IOException {
    Path f = folder("scan.cu", KOGGE_STONE);
    GradescopeRun.Outcome o = GradescopeRun.grade(f, spec("""
        "visibility": {"default": "after_due_date", "compiles": "visible", "races": "hidden"},
        "leaderboard": ["work", "bankConflicts"],"""));
    JsonNode r = json(o.results());
    assertThat(r.get("visibility").asText()).isEqualTo("after_due_date");
    List<String> rows = new ArrayList<>();
    r.get("tests").forEach(t -> rows.add(t.get("number").asText() + " " + t.get("name").asText() + " " + t.get("visibility").asText()));
    assertThat(rows).containsExactly("1 Compiles visible", "2.1 Correct at n = 32 after_due_date",
        "2.2 Correct at n = 64 after_due_date", "3 No races hidden", "4 Bank conflicts after_due_date");
    // This Kogge-Stone adds in every thread at each of its 6 steps at n = 64 (v is 0 below the stride, and still
    // added to a value of the input): 64 * 6 = 384; one word per lane: no bank conflicts.
    assertThat(r.get("leaderboard").toString()).isEqualTo(
        "[{\"name\":\"Work\",\"value\":384,\"order\":\"asc\"},{\"name\":\"Bank conflicts\",\"value\":0,\"order\":\"asc\"}]");
  }

  @Test
  void theSpecsNewFieldsAreCheckedLikeTheRest() {
    String base = """
        {"title": "t", "entry": "void scan(const float *in, float *out, int n)", "scan": "inclusive", "arch": "hopper",
         "sizes": [32], "points": {"correctness": 1}, %s}
        """;
    assertThatThrownBy(() -> AssignmentReader.parse(base.formatted("\"visibility\": {\"races\": \"secret\"}"), "s.json"))
        .hasMessage("s.json:2:47: error: \"visibility\": \"races\" must be one of visible, hidden, after_due_date, after_published"
            + " (Gradescope's visibilities), not \"secret\"");
    assertThatThrownBy(() -> AssignmentReader.parse(base.formatted("\"visibility\": {\"speed\": \"hidden\"}"), "s.json"))
        .hasMessageStartingWith("s.json:2:47: error: \"visibility\": \"speed\" is not a test group; use one of default, compiles,");
    assertThatThrownBy(() -> AssignmentReader.parse(base.formatted("\"leaderboard\": [\"cycles\"]"), "s.json"))
        .hasMessage("s.json:2:47: error: \"leaderboard\": \"cycles\" is not measured: the grader does not run the timing model (scansim run does); use bankConflicts"
            + " or work");
    assertThatThrownBy(() -> AssignmentReader.parse(base.formatted("\"file\": \"../secret.cu\""), "s.json"))
        .hasMessage("s.json:2:47: error: \"file\": \"../secret.cu\" must be a .cu file's path inside the submission folder, such as"
            + " \"scan.cu\"");
  }

  @Test
  void aResultsFileInsideTheSubmissionOrOnTheSpecIsRefused() throws IOException {
    Path f = folder("scan.cu", KOGGE_STONE);
    Path s = spec("");
    assertThatThrownBy(() -> Batch.checkResultsFile(f.resolve("results.json"), f, s))
        .hasMessageContaining("is inside the submission's folder");
    assertThatThrownBy(() -> Batch.checkResultsFile(s, f, s)).hasMessageContaining("is the spec");
  }

  @Test
  void aFolderOfSubmissionsGradesALinkOutOfItWithAResultThatSaysWhy() throws Exception {
    Path secret = Files.writeString(dir.resolve("passwd"), "root:x:0:0:root:/root:/bin/bash\n");
    Path f = folder("ok.cu", KOGGE_STONE);
    Files.createSymbolicLink(f.resolve("evil.cu"), secret);
    Assignment a = AssignmentReader.read(spec(""));
    List<Batch.Submission> subs = Batch.plan(f).submissions();
    assertThat(subs).extracting(Batch.Submission::name).containsExactly("evil.cu", "ok.cu");
    Graded evil = new Grader(a).grade(subs.get(0).file(), "evil.cu");
    assertThat(evil.results().toJson()).doesNotContain("root:x");
    assertThat(evil.results().tests().get(0).output()).contains("evil.cu: error: " + org.scansim.frontend.diag.SourceReader.NO_LINKS);
    assertThat(new Grader(a).grade(subs.get(1).file(), "ok.cu").results().score()).isEqualByComparingTo("30");
  }

  @Test
  void aStudentIsNeverToldToChangeTheGradersHeapOrFlags() throws Exception {
    Assignment a = AssignmentReader.read(spec(""));
    // The fault scansim run gives, advice and all.
    org.scansim.sim.result.Fault oom = org.scansim.sim.run.ScanRun.outOfMemory("the simulation", 64,
        org.scansim.sim.check.Check.all());
    assertThat(oom.getMessage()).contains("SCANSIM_JAVA_OPTS");
    long mb = Runtime.getRuntime().maxMemory() >> 20;
    Evidence e = new Evidence("s.cu", true, "", null, List.of(Evidence.SizeRun.faulted(32, oom), Evidence.SizeRun.faulted(64, oom)));
    String text = Scoring.score(a, e).results().toJson();
    assertThat(text).contains("the simulation ran out of memory (n = 64, a Java heap of at most " + mb + " MB); the grader holds"
        + " every run to the same memory").doesNotContain("SCANSIM_JAVA_OPTS").doesNotContain("--");
  }

  @Test
  void aLinkToAFolderOfSubmissionsIsGradedAsTheFolder() throws Exception {
    Path f = folder("ok.cu", KOGGE_STONE);
    Path link = Files.createSymbolicLink(dir.resolve("subs-link"), f);
    Batch.Plan plan = Batch.plan(link);
    assertThat(plan.folder()).isTrue();
    assertThat(plan.submissions()).extracting(Batch.Submission::name).containsExactly("ok.cu");
    // A folder named like a submission is one, whose result says it is a folder (it was skipped without a word).
    Files.createDirectory(f.resolve("dir.cu"));
    assertThat(Batch.plan(f).submissions()).extracting(Batch.Submission::name).containsExactly("dir.cu", "ok.cu");
  }

  @Test
  void whatAnArchiverAddsIsNotASecondSubmissionAndAFolderIsNamedAsOne() throws IOException {
    // A zip made on a Mac holds __MACOSX/lab4/._scan.cu beside lab4/scan.cu: it scored 0 as "2 .cu files".
    Path f = folder("lab4/scan.cu", KOGGE_STONE, "__MACOSX/lab4/._scan.cu", "\u0000\u0005binary", ".hidden.cu", "x");
    assertThat(GradescopeRun.grade(f, spec("")).results().score()).isEqualByComparingTo("30");
    // A folder named x.cu is no kernel, and the reason says it is a folder (it said "The upload is empty").
    Path g = Files.createDirectories(dir.resolve("other").resolve("x.cu"));
    GradescopeRun.Outcome o = GradescopeRun.grade(g.getParent(), spec(""));
    assertThat(o.results().output()).startsWith("Your submission has no .cu file; upload your kernel as one file whose name ends in"
        + " .cu. It holds: x.cu/.");
  }
}
