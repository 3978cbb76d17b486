package org.scansim.grade;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.scansim.frontend.sema.Space;
import org.scansim.sim.run.ScanRun;

/** The spec is read strictly: every mistake is one line naming the file, the place and what is expected. */
class AssignmentReaderTest {
  @TempDir Path dir;

  private static final String GOOD = """
      {
        "title": "Scan",
        "entry": "void scan(const float *in, float *out, int n)",
        "scan": "inclusive",
        "arch": "hopper",
        "sizes": [33, 1, 1024],
        "points": {"correctness": 30}
      }
      """;

  private static Assignment parse(String json) throws GradeException {
    return AssignmentReader.parse(json, "spec.json");
  }

  /** GOOD with one textual replacement, which must apply. */
  private static String good(String from, String to) {
    assertThat(GOOD).contains(from);
    return GOOD.replace(from, to);
  }

  @Test
  void theRepositoryExampleReads() throws Exception {
    Assignment a = AssignmentReader.read(Examples.spec());
    assertThat(a.title()).isEqualTo("Lab 4: inclusive scan of one block");
    assertThat(a.entry().name()).isEqualTo("scan");
    assertThat(a.entry().kernel()).isFalse();
    assertThat(a.entry().spelling()).isEqualTo("void scan(const float *, float *, int)");
    assertThat(a.scan()).isEqualTo(ScanRun.Expect.INCLUSIVE);
    assertThat(a.arch().name()).isEqualTo("hopper");
    assertThat(a.sizes()).containsExactly(1, 31, 32, 33, 100, 512, 1000, 1024);
    assertThat(a.points().correctness()).isEqualByComparingTo("40");
    assertThat(a.points().workEfficiency().limit().text()).isEqualTo("n*ceil(log2(n))");
    assertThat(a.points().bankConflicts().limit().at(1024)).isZero();
    assertThat(a.launch()).isNull();
    assertThat(Scoring.maxima(a).values().stream().reduce(BigDecimal.ZERO, BigDecimal::add)).isEqualByComparingTo("100");
  }

  @Test
  void sizesAreSortedAndBudgetsDefaulted() throws Exception {
    Assignment a = parse(GOOD);
    assertThat(a.sizes()).containsExactly(1, 33, 1024);
    assertThat(a.largestSize()).isEqualTo(1024);
    assertThat(a.budgets()).isEqualTo(Assignment.Budgets.DEFAULTS);
    assertThat(a.points().races()).isNull();
    assertThat(Scoring.testNames(a)).containsExactly("Compiles", "Correct at n = 1", "Correct at n = 33", "Correct at n = 1024");
  }

  @Test
  void aKernelEntryComesWithItsLaunchFormulas() throws Exception {
    Assignment a = parse(good("\"entry\": \"void scan(const float *in, float *out, int n)\",",
        "\"entry\": \"__global__ void scan(const float* in, float* out, int n);\", "
            + "\"launch\": {\"block\": \"min(n, 256)\", \"grid\": \"ceil(n / 256)\"},"));
    assertThat(a.entry().kernel()).isTrue();
    assertThat(a.entry().space()).isEqualTo(Space.GLOBAL);
    assertThat(a.entry().spelling()).isEqualTo("__global__ void scan(const float *, float *, int)");
    assertThat(a.launch().at(1000)).isEqualTo(new ScanRun.KernelLaunch(4, 256, 0));
    assertThat(a.launch().at(33)).isEqualTo(new ScanRun.KernelLaunch(1, 33, 0));
  }

  @Test
  void definesAcceptStringsNumbersAndNull() throws Exception {
    Assignment a = parse(good("\"arch\": \"hopper\",", "\"arch\": \"g80\", \"defines\": {\"SECTION\": 512, \"NAME\": \"x\", \"FLAG\": null},"));
    assertThat(a.defines()).containsEntry("SECTION", "512").containsEntry("NAME", "x").containsEntry("FLAG", null);
    assertThat(a.arch().name()).isEqualTo("g80");
  }

  static Stream<Arguments> badSpecs() {
    return Stream.of(
        Arguments.of("unknown top-level field", good("\"title\": \"Scan\",", "\"title\": \"Scan\", \"tilte\": 1,"),
            "spec.json:2:20: error: unknown field \"tilte\"; known fields: arch, budgets, defines, entry, file, launch, leaderboard, op, points, runs, scan, sizes, title, visibility"),
        Arguments.of("unknown nested field", good("{\"correctness\": 30}", "{\"correctness\": 30, \"race\": 5}"),
            "spec.json:7:33: error: unknown field \"race\" in \"points\" (did you mean \"races\"?); known fields there: bankConflicts, barriers, bounds, "
                + "correctness, initialisation, races, workEfficiency"),
        Arguments.of("missing field", good("\"scan\": \"inclusive\",", ""), "spec.json: error: missing field \"scan\""),
        Arguments.of("wrong type", good("[33, 1, 1024]", "\"all\""), "spec.json:6:12: error: \"sizes\" must be a list"),
        Arguments.of("fraction where a whole number goes", good("[33, 1, 1024]", "[33, 1.5]"),
            "spec.json:6:17: error: \"sizes[1]\" must be a whole number"),
        Arguments.of("malformed JSON", good("\"arch\": \"hopper\",", "\"arch\": \"hopper\""),
            "spec.json:6:3: error: malformed JSON: Unexpected character ('\"' (code 34)): was expecting comma to separate Object entries"),
        Arguments.of("duplicate field", good("\"scan\": \"inclusive\",", "\"scan\": \"inclusive\", \"scan\": \"exclusive\","),
            "spec.json:4:30: error: malformed JSON: Duplicate field 'scan'"),
        Arguments.of("empty file", "  \n", "spec.json: error: empty file; expected a JSON object with the assignment's fields"),
        Arguments.of("not an object", "[1, 2]", "spec.json:1:1: error: expected a JSON object with the assignment's fields"),
        Arguments.of("bad scan", good("\"inclusive\"", "\"prefix\""), "spec.json:4:3: error: \"scan\" must be \"inclusive\" or \"exclusive\", not \"prefix\""),
        Arguments.of("bad op", good("\"scan\": \"inclusive\",", "\"scan\": \"inclusive\", \"op\": \"average\","),
            "spec.json:4:24: error: \"op\" must be one of sum, max, min, prod, and, or, xor, not \"average\""),
        Arguments.of("bitwise op on floats", good("\"scan\": \"inclusive\",", "\"scan\": \"inclusive\", \"op\": \"xor\","),
            "spec.json:4:24: error: \"op\": xor is a bitwise operator, and the entry's elements are float"),
        Arguments.of("bad arch", good("\"hopper\"", "\"blackwell\""),
            "spec.json:5:3: error: \"arch\" must be one of " + String.join(", ", org.scansim.sim.arch.Architectures.presets()) + ", not \"blackwell\""),
        Arguments.of("bad sizes", good("[33, 1, 1024]", "[0, 33, 33]"),
            "spec.json:6:3: error: \"sizes\": 0 is not a size; each n must be 1 ≤ n ≤ 16777216\n"
                + "spec.json:6:3: error: \"sizes\": 33 is listed twice"),
        Arguments.of("entry of another shape", good("void scan(const float *in, float *out, int n)", "int scan(float *in)"),
            "spec.json:3:3: error: \"entry\": \"int scan(float *in)\" must have the form void NAME(const T *in, T *out, int n) "
                + "(a host entry) or __global__ void NAME(const T *in, T *out, int n) (a kernel entry)"),
        Arguments.of("entry that does not parse", good("int n)", "int n"),
            "spec.json:3:3: error: \"entry\": \"void scan(const float *in, float *out, int n\" is not a valid declaration: expected ')'"),
        Arguments.of("formula naming something else", good("{\"correctness\": 30}",
            "{\"correctness\": 30, \"workEfficiency\": {\"points\": 5, \"bound\": \"2*m\"}}"),
            "spec.json:7:65: error: \"points.workEfficiency.bound\": unknown name 'm' (formulas are in n)"),
        Arguments.of("bank conflicts without max", good("{\"correctness\": 30}",
            "{\"correctness\": 30, \"bankConflicts\": {\"points\": 5}}"),
            "spec.json: error: missing field \"points.bankConflicts.max\""),
        Arguments.of("negative points", good("{\"correctness\": 30}", "{\"correctness\": -30}"),
            "spec.json:7:14: error: \"points.correctness\" must not be negative"),
        Arguments.of("kernel entry without launch", good("\"void scan(", "\"__global__ void scan("),
            "spec.json: error: a kernel entry (__global__) needs \"launch\": {\"block\": ..., \"grid\": ...} (formulas in n)"),
        Arguments.of("launch giving a fraction", good("\"entry\": \"void scan(", "\"launch\": {\"block\": \"n / 2\", \"grid\": \"1\"}, \"entry\": \"__global__ void scan("),
            "spec.json:3:14: error: \"launch.block\" = n / 2 gives 0.5 at n = 1; it must be a whole number from 1 to 1024"),
        Arguments.of("launch beyond the architecture", good("\"entry\": \"void scan(", "\"launch\": {\"block\": \"2*n\", \"grid\": \"1\"}, \"entry\": \"__global__ void scan("),
            "spec.json:3:14: error: \"launch.block\" = 2*n gives 2048 at n = 1024; it must be a whole number from 1 to 1024"),
        Arguments.of("launch for a host entry", good("\"scan\": \"inclusive\",", "\"scan\": \"inclusive\", \"launch\": {\"block\": \"n\", \"grid\": \"1\"},"),
            "spec.json:4:24: error: \"launch\" is only for a kernel entry (__global__); a host entry launches its own kernels"),
        Arguments.of("impossible budget", good("\"points\"", "\"budgets\": {\"wallSeconds\": 0}, \"points\""),
            "spec.json:7:15: error: \"budgets.wallSeconds\" must be more than 0 and at most 3600"),
        Arguments.of("budget of the wrong type", good("\"points\"", "\"budgets\": {\"wallSeconds\": \"ten\"}, \"points\""),
            "spec.json:7:30: error: \"budgets.wallSeconds\" must be a number"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("badSpecs")
  void aBadSpecIsOneClearMessagePerProblem(String what, String json, String message) {
    assertThatThrownBy(() -> parse(json)).isInstanceOf(GradeException.class).hasMessage(message);
  }

  @Test
  void everyProblemIsSaidAtOnceInTheFilesOrderWithTheNearestKnownName() {
    String json = "{\n  \"title\": \"t\",\n  \"entry\": \"void scan(const float *in, float *out, int n)\",\n  \"scan\": \"inclusiv\",\n"
        + "  \"arch\": \"hoper\",\n  \"sizes\": [1, 0],\n  \"points\": {\"correctness\": 10, \"race\": 3},\n"
        + "  \"visibility\": {\"races\": \"hiden\"},\n  \"colour\": 1\n}\n";
    assertThatThrownBy(() -> parse(json)).isInstanceOf(GradeException.class).hasMessage(String.join("\n",
        "spec.json:4:3: error: \"scan\" must be \"inclusive\" or \"exclusive\", not \"inclusiv\" (did you mean \"inclusive\"?)",
        "spec.json:5:3: error: \"arch\" must be one of " + String.join(", ", org.scansim.sim.arch.Architectures.presets())
            + ", not \"hoper\" (did you mean \"hopper\"?)",
        "spec.json:6:3: error: \"sizes\": 0 is not a size; each n must be 1 ≤ n ≤ 16777216",
        "spec.json:7:33: error: unknown field \"race\" in \"points\" (did you mean \"races\"?); known fields there: bankConflicts, barriers,"
            + " bounds, correctness, initialisation, races, workEfficiency",
        "spec.json:8:3: error: \"visibility\": \"races\" must be one of " + String.join(", ", Assignment.VISIBILITIES)
            + " (Gradescope's visibilities), not \"hiden\" (did you mean \"hidden\"?)",
        "spec.json:9:3: error: unknown field \"colour\"; known fields: arch, budgets, defines, entry, file, launch, leaderboard, op,"
            + " points, runs, scan, sizes, title, visibility"));
  }

  @Test
  void anUnknownFieldWhoseValueIsAnObjectOrAListIsPlacedWhereItIs() {
    String json = good("{\"correctness\": 30}", "{\"correctness\": 30, \"race\": {\"points\": 3}}, \"colour\": [1, 2]");
    assertThatThrownBy(() -> parse(json)).isInstanceOf(GradeException.class).hasMessage(String.join("\n",
        "spec.json:7:33: error: unknown field \"race\" in \"points\" (did you mean \"races\"?); known fields there: bankConflicts, barriers,"
            + " bounds, correctness, initialisation, races, workEfficiency",
        "spec.json:7:57: error: unknown field \"colour\"; known fields: arch, budgets, defines, entry, file, launch, leaderboard, op,"
            + " points, runs, scan, sizes, title, visibility"));
  }

  @Test
  void anUnknownFieldIsSaidBesideAWrongTypeAfterIt() {
    // A value of the wrong type stops the reading there: the unknown fields of the objects read before it are said too.
    String json = good("\"points\"", "\"budgets\": {\"wallSecond\": 5}, \"launch\": {\"block\": 5}, \"points\"");
    assertThatThrownBy(() -> parse(json)).isInstanceOf(GradeException.class).hasMessage(String.join("\n",
        "spec.json:7:15: error: unknown field \"wallSecond\" in \"budgets\" (did you mean \"wallSeconds\"?); known fields there:"
            + " compileSeconds, deviceBytes, maxWarpInstructions, wallSeconds",
        "spec.json:7:53: error: \"launch.block\" must be a string"));
  }

  @Test
  void anUnknownFieldAfterAWrongTypeIsSaidToo() {
    // The wrong type stops Jackson's reading; a second, lenient reading finds the unknown fields after it.
    String json = good("\"points\"", "\"launch\": {\"block\": 5}, \"budgets\": {\"wallSecond\": 5}, \"colour\": 1, \"points\"");
    assertThatThrownBy(() -> parse(json)).isInstanceOf(GradeException.class).hasMessage(String.join("\n",
        "spec.json:7:23: error: \"launch.block\" must be a string", // at the value 5
        "spec.json:7:39: error: unknown field \"wallSecond\" in \"budgets\" (did you mean \"wallSeconds\"?); known fields there:"
            + " compileSeconds, deviceBytes, maxWarpInstructions, wallSeconds",
        "spec.json:7:57: error: unknown field \"colour\"; known fields: arch, budgets, defines, entry, file, launch, leaderboard, op,"
            + " points, runs, scan, sizes, title, visibility"));
  }

  @Test
  void aBlockThatFitsEverySizeIsAccepted() throws Exception {
    Assignment a = parse(good("\"entry\": \"void scan(", "\"launch\": {\"block\": \"n\", \"grid\": \"1\"}, \"entry\": \"__global__ void scan("));
    assertThat(a.launch().at(1024)).isEqualTo(new ScanRun.KernelLaunch(1, 1024, 0));
  }

  @Test
  void aMissingOrUnreadableFileIsAnError() throws Exception {
    Path missing = dir.resolve("nope.json");
    assertThatThrownBy(() -> AssignmentReader.read(missing)).hasMessage(missing + ": error: no such file");
    Path binary = dir.resolve("bin.json");
    Files.write(binary, new byte[] {(byte) 0xff, (byte) 0xfe, 0});
    assertThatThrownBy(() -> AssignmentReader.read(binary)).hasMessage(binary + ": error: not a UTF-8 text file");
    assertThatThrownBy(() -> AssignmentReader.read(dir)).hasMessage(dir + ": error: no such file");
  }

  @Test
  void correctnessPointsAreSplitExactly() {
    assertThat(Scoring.split(new BigDecimal("40"), 8)).containsOnly(new BigDecimal("5"));
    List<BigDecimal> thirds = Scoring.split(new BigDecimal("10"), 3);
    assertThat(thirds).containsExactly(new BigDecimal("3.34"), new BigDecimal("3.33"), new BigDecimal("3.33"));
    assertThat(thirds.stream().reduce(BigDecimal.ZERO, BigDecimal::add)).isEqualByComparingTo("10");
    assertThat(Scoring.split(new BigDecimal("0.005"), 2)).containsExactly(new BigDecimal("0.003"), new BigDecimal("0.002"));
  }

  /** Issue 43, item 4: formulas that give infinity or NaN, and deep ones, are spec errors with their place, never a student's zero. */
  @Test
  void limitsAndLaunchesThatAreNotFiniteAreSpecErrorsWithTheirPlace() {
    String work = good("\"points\": {\"correctness\": 30}", "\"points\": {\"correctness\": 30,\n  \"workEfficiency\": {\"points\": 5, \"bound\": \"n/0\"}}");
    assertThatThrownBy(() -> parse(work)).hasMessage("spec.json:8:35: error: \"points.workEfficiency.bound\" = n/0 gives inf at n = 1;"
        + " it must be a finite number, 0 or more, at every size");
    String conflicts = good("\"points\": {\"correctness\": 30}", "\"points\": {\"correctness\": 30, \"bankConflicts\": {\"points\": 5, \"max\": \"0/0\"}}");
    assertThatThrownBy(() -> parse(conflicts)).hasMessageContaining("\"points.bankConflicts.max\" = 0/0 gives nan at n = 1");
    String negative = good("\"points\": {\"correctness\": 30}", "\"points\": {\"correctness\": 30, \"bankConflicts\": {\"points\": 5, \"max\": \"log2(n) - 1\"}}");
    assertThatThrownBy(() -> parse(negative)).hasMessageContaining("gives -1 at n = 1");
    String launch = good("\"entry\": \"void scan(const float *in, float *out, int n)\",",
        "\"entry\": \"__global__ void scan(const float* in, float* out, int n);\", \"launch\": {\"block\": \"1/0\", \"grid\": \"1\"},");
    assertThatThrownBy(() -> parse(launch)).hasMessageContaining("\"launch.block\" = 1/0 gives inf at n = 1").hasMessageNotContaining("Exception");
    String deep = good("\"points\": {\"correctness\": 30}", "\"points\": {\"correctness\": 30, \"bankConflicts\": {\"points\": 5, \"max\": \""
        + "(".repeat(100_000) + "n" + ")".repeat(100_000) + "\"}}");
    assertThatThrownBy(() -> parse(deep)).hasMessageContaining("\"points.bankConflicts.max\": formula of 200001 characters; a formula has at most 256");
  }

  /** A nested field's place is the field's, not the first key of its name in the file. */
  @Test
  void aNestedFieldIsPlacedAtItself() {
    String spec = good("\"points\": {\"correctness\": 30}", "\"points\": {\"correctness\": 30,\n  \"bankConflicts\": {\"max\": \"0\", \"points\": -5}}");
    assertThatThrownBy(() -> parse(spec)).hasMessage("spec.json:8:33: error: \"points.bankConflicts.points\" must not be negative");
  }

  /** The longest formula nests as deep as its length allows, and reads the same way every time (no stack overflow to race). */
  @Test
  void theDeepestFormulaWithinTheLengthReads() throws Exception {
    int room = org.scansim.catalog.Formula.MAX_LENGTH - 2; // the "*0" after it
    String parens = "(".repeat((room - 1) / 2) + "n" + ")".repeat((room - 1) / 2);
    String powers = "1" + "^1".repeat((room - 1) / 2);
    String negations = "-".repeat(room - 1) + "n";
    for (String f : List.of(parens, powers, negations)) {
      Assignment a = parse(good("\"points\": {\"correctness\": 30}", "\"points\": {\"correctness\": 30, \"bankConflicts\": {\"points\": 5,"
          + " \"max\": \"" + f + "*0\"}}"));
      assertThat(a.points().bankConflicts().limit().at(1024)).isZero();
    }
  }

  /** Item 11: text fields take text only, and a title is one line of plain text (an escape would reach the terminal). */
  @Test
  void aTitleIsTextWithoutControlCharacters() {
    assertThatThrownBy(() -> parse(good("\"title\": \"Scan\"", "\"title\": 5"))).hasMessage("spec.json:2:12: error: \"title\" must be a string");
    assertThatThrownBy(() -> parse(good("\"arch\": \"hopper\"", "\"arch\": true"))).hasMessageContaining("\"arch\" must be a string");
    assertThatThrownBy(() -> parse(good("\"title\": \"Scan\"", "\"title\": \"\\u001b[2J\""))).hasMessage("spec.json:2:3: error: \"title\""
        + " holds a control character (an escape, a newline); a title is one line of plain text");
  }
}
