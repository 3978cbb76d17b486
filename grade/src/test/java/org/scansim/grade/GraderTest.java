package org.scansim.grade;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Grading the repository's example submissions, and submissions that try to break the grader. */
class GraderTest {
  @TempDir Path dir;

  private static Assignment example;
  private static final Map<String, Graded> GRADED = new LinkedHashMap<>();

  @BeforeAll
  static void gradeTheExamples() throws Exception {
    example = AssignmentReader.read(Examples.spec());
    Grader grader = new Grader(example);
    for (Batch.Submission s : Batch.plan(Examples.submissions()).submissions()) {
      GRADED.put(s.name(), grader.grade(s.file(), s.name()));
    }
  }

  private static GradescopeResults.Test test(Graded g, String name) {
    return g.results().tests().stream().filter(t -> t.name().equals(name)).findFirst().orElseThrow();
  }

  private static String spec(String budgets) {
    return """
        {"title": "t", "entry": "void scan(const float *in, float *out, int n)", "scan": "inclusive", "arch": "hopper",
         "sizes": [1, 32, 100], "budgets": %s,
         "points": {"correctness": 30, "races": 10, "barriers": 10, "bounds": 10}}
        """.formatted(budgets);
  }

  private Path write(String name, String text) throws IOException {
    Path p = dir.resolve(name);
    Files.writeString(p, text);
    return p;
  }

  private static final String KOGGE_STONE = Examples.KOGGE_STONE;

  @Test
  void theExampleSubmissionsScoreWhatTheyDeserve() {
    assertThat(GRADED.keySet()).containsExactly("brent_kung.cu", "hillis_steele.cu", "kogge_stone.cu", "racy_kogge_stone.cu",
        "syntax_error.cu", "wrong_signature.cu");
    Graded ks = GRADED.get("kogge_stone.cu");
    assertThat(ks.results().score()).isEqualByComparingTo("100");
    assertThat(ks.results().tests()).allMatch(GradescopeResults.Test::passed);

    Graded hs = GRADED.get("hillis_steele.cu");
    for (int n : List.of(1, 31, 32, 33, 100, 512)) {
      assertThat(test(hs, "Correct at n = " + n).passed()).as("n = %d", n).isTrue();
    }
    assertThat(test(hs, "Correct at n = 1000").passed()).isFalse();
    assertThat(test(hs, "Correct at n = 1000").output()).startsWith("wrong result: not the inclusive scan of the input");
    assertThat(test(hs, "In bounds").passed()).isFalse();
    assertThat(test(hs, "In bounds").output())
        .contains("hillis_steele.cu:21:13: out-of-bounds: write of shared temp[1024], outside the array's 1024 elements")
        .contains("   21 |             temp[pout * n + thid] = temp[pin * n + thid] + temp[pin * n + thid - offset];")
        .contains("      |             ^~~~")
        .contains("= at n = 1000, 1024");
    assertThat(test(hs, "Bank conflicts").output()).isEqualTo("Not awarded: the output at n = 1024, the largest size, is not correct, so its bank conflicts were not measured (see"
        + " Correct at n = 1024).\n");

    Graded bk = GRADED.get("brent_kung.cu");
    assertThat(test(bk, "Correct at n = 1024").passed()).isTrue();
    assertThat(test(bk, "Work efficiency").passed()).isFalse();
    assertThat(test(bk, "Work efficiency").output()).contains("  n = 1: work 2047 > 0  OVER THE BOUND");
    assertThat(test(bk, "Bank conflicts").passed()).isFalse();
    assertThat(test(bk, "Bank conflicts").output())
        .contains("brent_kung.cu:20:13: bank conflicts: ")
        .contains("   20 |             XY[index] += XY[index - stride];");

    Graded racy = GRADED.get("racy_kogge_stone.cu");
    assertThat(test(racy, "Correct at n = 32").passed()).isTrue();
    assertThat(test(racy, "Correct at n = 33").passed()).isFalse();
    assertThat(test(racy, "Correct at n = 33").output()).startsWith("wrong result: not the inclusive scan").contains("out[32] = ");
    assertThat(test(racy, "No races").passed()).isFalse();
    assertThat(test(racy, "No races").output()).startsWith("Not awarded: 2 problems found (race).\n")
        .contains("racy_kogge_stone.cu:12:13: race (read-after-write): ")
        .contains("racy_kogge_stone.cu:12:23: note: the other access\n   12 |             buf[t] += buf[t - stride];\n")
        .contains("      = at n = 33, 100, 512, 1000, 1024\n");
    // correct at 3 of 8 sizes: the quality tests give nothing, even where nothing was found
    // The first line says why, in one sentence; then what was found.
    assertThat(test(racy, "No barrier divergence").output()).isEqualTo("Not awarded: the output is correct at only 3 of the 8 sizes,"
        + " and this test counts only for a kernel that is correct at 4 of them or more.\nNo divergent barrier was found in the runs"
        + " at n = 1, 31, 32, 33, 100, 512, 1000, 1024.\n");
  }

  @Test
  void aSubmissionThatDoesNotCompileGetsZeroAndItsDiagnostics() {
    Graded g = GRADED.get("syntax_error.cu");
    assertThat(g.results().score()).isEqualByComparingTo("0");
    assertThat(test(g, "Compiles").status()).isEqualTo("failed");
    assertThat(test(g, "Compiles").output()).isEqualTo("""
        Failed: syntax_error.cu does not compile.
        syntax_error.cu:9:26: error: expected ';' at end of declaration
            9 |     int tid = threadIdx.x
              |                          ^
        1 error generated.
        """);
    assertThat(test(g, "Correct at n = 1").output()).isEqualTo("not run: the submission does not compile (see Compiles)\n");
    assertThat(g.report()).contains("score:      0 / 100").contains("FAIL   0/5  Correct at n = 1024");
  }

  @Test
  void aDifferentSignatureIsExplainedAtItsDeclarationAndScoresZero() {
    Graded g = GRADED.get("wrong_signature.cu");
    assertThat(g.results().score()).isEqualByComparingTo("0");
    // A failed test starts with why it failed, not with "compiles".
    assertThat(test(g, "Compiles").output()).isEqualTo("""
        Failed: wrong_signature.cu does not define the entry the assignment asks for, void scan(const float *, float *, int) (the file itself compiles).
        wrong_signature.cu:18:6: error: 'scan' is void scan(float *, float *, unsigned int); the assignment asks for void scan(const float *, float *, int)
           18 | void scan(float *in, float *out, unsigned int n)
              |      ^~~~
        note: parameter 1 must be const float *, not float *; parameter 3 must be int, not unsigned int
        """);
    assertThat(test(g, "No races").output())
        .isEqualTo("not run: the submission does not define void scan(const float *, float *, int) (see Compiles)\n");
  }

  @Test
  void resultsAreGradescopeJsonWhoseScoreIsTheSumOfItsTests() throws Exception {
    ObjectMapper json = new ObjectMapper();
    for (Graded g : GRADED.values()) {
      JsonNode root = json.readTree(g.results().toJson());
      List<String> fields = new ArrayList<>();
      root.fieldNames().forEachRemaining(fields::add);
      assertThat(fields).containsExactly("score", "max_score", "output", "visibility", "stdout_visibility", "tests");
      assertThat(root.get("visibility").asText()).isEqualTo("visible");
      assertThat(root.get("output").asText()).startsWith(g.name() + ": ");
      BigDecimal sum = BigDecimal.ZERO;
      BigDecimal max = BigDecimal.ZERO;
      for (Iterator<JsonNode> it = root.get("tests").elements(); it.hasNext(); ) {
        JsonNode t = it.next();
        List<String> tf = new ArrayList<>();
        t.fieldNames().forEachRemaining(tf::add);
        assertThat(tf).containsExactly("name", "number", "score", "max_score", "status", "output", "visibility");
        assertThat(t.get("visibility").asText()).isEqualTo("visible");
        assertThat(t.get("status").asText()).isIn("passed", "failed");
        assertThat(t.get("score").decimalValue()).isBetween(BigDecimal.ZERO, t.get("max_score").decimalValue());
        assertThat(t.get("output").asText()).isNotEmpty();
        sum = sum.add(t.get("score").decimalValue());
        max = max.add(t.get("max_score").decimalValue());
      }
      assertThat(root.get("score").decimalValue()).isEqualByComparingTo(sum).isLessThanOrEqualTo(root.get("max_score").decimalValue());
      assertThat(root.get("max_score").decimalValue()).isEqualByComparingTo(max).isEqualByComparingTo("100");
      assertThat(root.get("tests").size()).isEqualTo(15);
    }
  }

  @Test
  void theSummaryHasOneRowPerSubmissionInFileNameOrder() {
    String csv = SummaryCsv.render(Scoring.testNames(example), new ArrayList<>(GRADED.values()));
    String[] rows = csv.split("\r\n", -1);
    assertThat(rows).hasSize(8); // header, six rows, and the empty string after the last CRLF
    assertThat(rows[0]).isEqualTo("submission,score,max_score,Compiles,Correct at n = 1,Correct at n = 31,Correct at n = 32,"
        + "Correct at n = 33,Correct at n = 100,Correct at n = 512,Correct at n = 1000,Correct at n = 1024,No races,"
        + "No barrier divergence,In bounds,Initialised reads,Work efficiency,Bank conflicts");
    assertThat(rows[3]).isEqualTo("kogge_stone.cu,100,100,passed,5,5,5,5,5,5,5,5,15,10,10,5,10,10");
    assertThat(rows[2]).isEqualTo("hillis_steele.cu,70,100,passed,5,5,5,5,5,5,0,0,15,10,0,5,10,0");
    assertThat(rows[5]).isEqualTo("syntax_error.cu,0,100,failed,0,0,0,0,0,0,0,0,0,0,0,0,0,0");
    assertThat(rows[7]).isEmpty();
  }

  @Test
  void csvFieldsAreQuotedAsRfc4180Says() {
    assertThat(SummaryCsv.field("plain.cu")).isEqualTo("plain.cu");
    assertThat(SummaryCsv.field("a,b.cu")).isEqualTo("\"a,b.cu\"");
    assertThat(SummaryCsv.field("say \"hi\".cu")).isEqualTo("\"say \"\"hi\"\".cu\"");
    assertThat(SummaryCsv.field("two\nlines.cu")).isEqualTo("\"two\nlines.cu\"");
  }

  @Test
  void aLoopThatNeverEndsIsStoppedByTheBudgetAndTheBatchGoesOn() throws Exception {
    Assignment a = AssignmentReader.parse(spec("{\"maxWarpInstructions\": 200000}"), "spec.json");
    Path loop = write("a_loop.cu", """
        __global__ void k(const float *x, float *y, int n) { float s = 0; while (s >= 0) { s += x[0]; } y[0] = s; }
        void scan(const float *in, float *out, int n) { k<<<1, 32>>>(in, out, n); }
        """);
    Path good = write("b_good.cu", KOGGE_STONE);
    Grader grader = new Grader(a);
    Graded l = grader.grade(loop, "a_loop.cu");
    Graded g = grader.grade(good, "b_good.cu");
    assertThat(l.results().score()).isEqualByComparingTo("0");
    assertThat(test(l, "Correct at n = 1").output())
        .startsWith("the run stopped at a fault:\na_loop.cu:1:74: fault (runaway): the launch ran past its instruction budget")
        .contains("note: a run may execute at most budgets.maxWarpInstructions = 200000 warp instructions");
    // One budget per submission: the first runaway ends its runs, the larger sizes say why.
    for (int n : List.of(32, 100)) {
      assertThat(test(l, "Correct at n = " + n).output()).as("n = %d", n).isEqualTo("not run: the run at n = 1 ran away (past"
          + " budgets.maxWarpInstructions = 200000), and one runaway ends a submission's runs: the larger sizes would run away too\n");
    }
    assertThat(test(l, "No races").output()).startsWith("Not awarded: the output is correct at only 0 of the 3 sizes");
    assertThat(g.results().score()).isEqualByComparingTo("60");
  }

  @Test
  void aConstructTheGraderDoesNotSimulateIsNamedAsTheGradersLimitNotTheStudentsError() throws Exception {
    Assignment a = AssignmentReader.parse(spec("{}"), "spec.json");
    Graded g = new Grader(a).grade(write("maps.cu", """
        #include <map>
        void scan(const float *in, float *out, int n) { std::map<int, int> m; }
        """), "maps.cu");
    assertThat(g.results().score()).isEqualByComparingTo("0");
    assertThat(test(g, "Compiles").output()).startsWith("Not graded: maps.cu uses a construct this grader does not simulate, at"
        + " maps.cu:2:49. This is a limit of the grader, not necessarily a mistake in your code (nvcc may accept it): write it"
        + " another way, or ask the course staff.\n").doesNotContain("does not compile");
    assertThat(test(g, "Correct at n = 1").output()).isEqualTo("not run: the submission uses a construct the grader does not simulate"
        + " (see Compiles)\n");
    // A plain mistake stays the student's.
    Graded typo = new Grader(a).grade(write("typo.cu", "void scan(const float *in, float *out, int n) { out[0] = in[0] }\n"), "typo.cu");
    assertThat(test(typo, "Compiles").output()).startsWith("Failed: typo.cu does not compile.\n");
  }

  @Test
  void aKernelPastTheWallClockIsStoppedByTheEngine() throws Exception {
    Assignment a = AssignmentReader.parse(spec("{\"maxWarpInstructions\": 5000000000, \"wallSeconds\": 0.05}"), "spec.json");
    Graded l = new Grader(a).grade(write("slow.cu", """
        __global__ void k(const float *x, float *y, int n) { int s = 0; while (s >= 0) { s = (s + 1) & 0xffff; } y[0] = s; }
        void scan(const float *in, float *out, int n) { k<<<1, 32>>>(in, out, n); }
        """), "slow.cu");
    assertThat(test(l, "Correct at n = 1").output()).containsPattern("slow.cu:1:\\d+: fault \\(runaway\\): the run passed its wall-clock budget");
    for (int n : List.of(32, 100)) {
      assertThat(test(l, "Correct at n = " + n).output()).as("n = %d", n).isEqualTo("not run: the run at n = 1 ran away (past"
          + " budgets.wallSeconds = 0.05 s), and one runaway ends a submission's runs: the larger sizes would run away too\n");
    }
  }

  /** A finding seen at several sizes is counted over all of them: here 32 threads of 64 write past a 32-element array, at each of 3 sizes. */
  @Test
  void aFindingAtSeveralSizesIsCountedOverAllOfThem() throws Exception {
    Assignment a = AssignmentReader.parse(spec("{}"), "spec.json");
    Graded g = new Grader(a).grade(write("past.cu", """
        __global__ void k(const float *in, float *out, int n) {
          __shared__ float s[32];
          s[threadIdx.x] = 1.0f;
          __syncthreads();
          if (threadIdx.x == 0) { float sum = 0; for (int i = 0; i < n; i++) { sum += in[i]; out[i] = sum; } }
        }
        void scan(const float *in, float *out, int n) { k<<<1, 64>>>(in, out, n); }
        """), "past.cu");
    assertThat(test(g, "In bounds").output()).contains("      = 96 times; first in threads 32 of block (0,0,0); array s, element 32\n"
        + "      = at n = 1, 32, 100\n");
  }

  /** A kernel loop that keeps applying the operator fills the scan proof's graph first: the note says that, not host code's budgets. */
  @Test
  void aKernelLoopThatFillsTheProofIsToldItsOwnBudget() throws Exception {
    Assignment a = AssignmentReader.parse(spec("{\"wallSeconds\": 60}"), "spec.json");
    Graded l = new Grader(a).grade(write("stuck.cu", """
        __global__ void k(const float *in, float *out, int n) {
          float s = 0; for (int i = 0; i < n; i += 0) s += in[i]; out[threadIdx.x] = s; }
        void scan(const float *in, float *out, int n) { k<<<1, 32>>>(in, out, n); }
        """), "stuck.cu");
    String first = test(l, "Correct at n = 1").output();
    assertThat(first).contains("fault (runaway): the scan proof needs more than");
    assertThat(first).contains("note: the scan proof follows each application of the operator in a graph of bounded size, which a"
        + " kernel loop that keeps applying it fills before any other budget ends; does every loop and recursion end?")
        .doesNotContain("host code may run");
  }

  @Test
  void hostCodePastTheWallClockIsStoppedAtItsLineAndTheBatchGoesOn() throws Exception {
    // About 4e8 host steps: seconds of interpretation, far past the budget. The engine stops host
    // code at the wall clock itself now (it used to run on until the watchdog gave up on it).
    Assignment a = AssignmentReader.parse(spec("{\"wallSeconds\": 0.05}"), "spec.json");
    Graded l = new Grader(a).grade(write("slow.cu", """
        void scan(const float *in, float *out, int n) { int x = 0; for (int i = 0; i < 200000000; i++) { x += i; } }
        """), "slow.cu");
    assertThat(test(l, "Correct at n = 1").output()).startsWith("the run stopped at a fault:\nslow.cu:1:")
        .contains("fault (runaway): the run passed its wall-clock budget in host code at slow.cu:1:");
    assertThat(test(l, "Correct at n = 100").output()).startsWith("not run: the run at n = 1 ran away (past budgets.wallSeconds = 0.05 s)");
    // The note names the budget that stopped it, not the instruction budget too.
    assertThat(test(l, "Correct at n = 1").output()).contains("note: a run may take at most budgets.wallSeconds = 0.05 s, kernels"
        + " and host code together; does every loop and recursion end?").doesNotContain("maxWarpInstructions");
    assertThat(test(l, "No races").output()).startsWith("Not awarded: the output is correct at only 0 of the 3 sizes");
  }

  @Test
  void aCompilationPastItsBudgetIsReported() throws Exception {
    Assignment a = AssignmentReader.parse(spec("{\"compileSeconds\": 0.001}"), "spec.json");
    StringBuilder big = new StringBuilder(KOGGE_STONE);
    for (int i = 0; i < 4000; i++) {
      big.append("__device__ float f").append(i).append("(float x) { return x * ").append(i).append(".0f + 1.0f; }\n");
    }
    Graded g = new Grader(a).grade(write("big.cu", big.toString()), "big.cu");
    assertThat(test(g, "Compiles").output()).isEqualTo("Failed: big.cu does not compile.\nbig.cu: the compilation did not finish within"
        + " budgets.compileSeconds = 0.001 s\n");
    assertThat(g.results().score()).isEqualByComparingTo("0");
  }

  @Test
  void filesProcessesAndTheGradersFilesAreOutOfReach() throws Exception {
    Assignment a = AssignmentReader.parse(spec("{}"), "spec.json");
    Grader grader = new Grader(a);
    write("secret.h", "#error the grader's secret xyzzy-plugh\n");
    // A submission's C library reaches no file of the grader's and starts no command: fopen reads
    // nothing in a grading run (it returns NULL), what it writes stays in memory, system runs nothing.
    Graded calls = grader.grade(write("calls.cu", """
        #include <cstdio>
        #include <cstdlib>
        void scan(const float *in, float *out, int n) {
          FILE *s = fopen("secret.h", "r");
          char line[64] = "";
          if (s) { fgets(line, sizeof line, s); printf("%s", line); }
          FILE *o = fopen("out.txt", "w");
          if (o) { fprintf(o, "x"); fclose(o); }
          printf("system: %d\\n", system("touch pwned"));
        }
        """), "calls.cu");
    assertThat(test(calls, "Compiles").passed()).isTrue();
    assertThat(calls.results().tests()).allSatisfy(t -> assertThat(t.output()).doesNotContain("xyzzy-plugh"));
    assertThat(calls.report()).doesNotContain("xyzzy-plugh");
    String printed = String.join("\n", calls.results().tests().stream().map(t -> t.output()).toList()) + calls.report();
    assertThat(printed).contains("system: -1"); // it ran, and fopen gave it nothing to print
    assertThat(dir.resolve("pwned")).doesNotExist();
    Graded include = grader.grade(write("include.cu", "#include \"secret.h\"\n" + KOGGE_STONE), "include.cu");
    // Submissions that share a folder do not read each other's files: quoted includes are refused, saying why.
    assertThat(test(include, "Compiles").output()).startsWith("Failed: include.cu does not compile.\ninclude.cu:1:10: error: secret.h:"
        + " quoted includes are read from a student's own folder only (--gradescope); a file graded alone or in a folder of files"
        + " may sit beside other students' files: put the kernel in one file")
        .doesNotContain("xyzzy-plugh");
    Path abs = dir.resolve("secret.h").toAbsolutePath();
    Graded absolute = grader.grade(write("absolute.cu", "#include \"" + abs + "\"\n" + KOGGE_STONE), "absolute.cu");
    assertThat(test(absolute, "Compiles").output()).contains("quoted includes are read from a student's own folder only").doesNotContain("xyzzy-plugh");
    assertThat(dir.resolve("out.txt")).doesNotExist();
  }

  @Test
  void hostRecursionAndHugeAllocationsEndAsFaultsNotCrashes() throws Exception {
    Assignment a = AssignmentReader.parse(spec("{}"), "spec.json");
    Grader grader = new Grader(a);
    Graded rec = grader.grade(write("rec.cu", """
        int f(int x) { return f(x + 1) + 1; }
        void scan(const float *in, float *out, int n) { f(0); }
        """), "rec.cu");
    assertThat(test(rec, "Correct at n = 1").output()).contains("fault (runaway): host recursion deeper than");
    Graded alloc = grader.grade(write("alloc.cu", """
        __global__ void k(const float *x, float *y, int n) { y[threadIdx.x] = x[threadIdx.x]; }
        void scan(const float *in, float *out, int n) {
            float *p = 0;
            if (cudaMalloc(&p, (size_t)1 << 40) != cudaSuccess) { printf("no memory for me\\n"); }
            k<<<1, n>>>(in, out, n);
        }
        """), "alloc.cu");
    assertThat(test(alloc, "Correct at n = 1").passed()).isTrue();
    assertThat(test(alloc, "Correct at n = 1").output()).contains("program output:\n  | no memory for me\n");
  }

  @Test
  void aKernelEntryIsLaunchedByTheHarness() throws Exception {
    Assignment a = AssignmentReader.parse("""
        {"title": "kernel only", "entry": "__global__ void scan(const float *in, float *out, int n)",
         "launch": {"block": "1024", "grid": "1", "sharedBytes": "4 * 1024"},
         "scan": "inclusive", "arch": "hopper", "sizes": [1, 100, 1024],
         "points": {"correctness": 30, "workEfficiency": {"points": 10, "bound": "n*log2(n) + 1024*10"}}}
        """, "kernel.json");
    Graded good = new Grader(a).grade(write("kernel.cu", """
        __global__ void scan(const float *in, float *out, int n) {
            extern __shared__ float xy[];
            unsigned int t = threadIdx.x;
            xy[t] = t < n ? in[t] : 0.0f;
            for (unsigned int stride = 1; stride < blockDim.x; stride *= 2) {
                __syncthreads();
                float v = 0.0f;
                if (t >= stride) v = xy[t] + xy[t - stride];
                __syncthreads();
                if (t >= stride) xy[t] = v;
            }
            if (t < n) out[t] = xy[t];
        }
        """), "kernel.cu");
    assertThat(good.results().score()).isEqualByComparingTo("40");
    Graded host = new Grader(a).grade(write("host.cu", KOGGE_STONE), "host.cu");
    assertThat(test(host, "Compiles").output()).endsWith("""
        host.cu:13:6: error: 'scan' is void scan(const float *, float *, int); the assignment asks for __global__ void scan(const float *, float *, int)
           13 | void scan(const float *in, float *out, int n) { k<<<1, n>>>(in, out, n); }
              |      ^~~~
        note: it must be a __global__ kernel
        """);
    Graded none = new Grader(a).grade(write("none.cu", KOGGE_STONE.replace("void scan(", "void my_scan(")), "none.cu");
    assertThat(test(none, "Compiles").output()).endsWith("""
        none.cu does not define 'scan'; the assignment asks for __global__ void scan(const float *, float *, int)
        the functions it defines: __global__ void k(const float *, float *, int); void my_scan(const float *, float *, int)
        """);
  }

  @Test
  void aMaxScanAssignmentChecksTheMaximumAndItsIdentity() throws Exception {
    Assignment a = AssignmentReader.parse("""
        {"title": "running maximum", "entry": "__global__ void scan(const int *in, int *out, int n)",
         "launch": {"block": "256", "grid": "1", "sharedBytes": "4 * 256"},
         "scan": "exclusive", "op": "max", "arch": "hopper", "sizes": [1, 100, 256],
         "points": {"correctness": 30}}
        """, "max.json");
    String kernel = """
        #include <climits>
        __global__ void scan(const int *in, int *out, int n) {
            extern __shared__ int s[];
            int t = threadIdx.x;
            s[t] = t > 0 && t <= n ? in[t - 1] : IDENTITY;
            for (int d = 1; d < blockDim.x; d *= 2) {
                __syncthreads();
                int v = t >= d ? max(s[t - d], s[t]) : s[t];
                __syncthreads();
                s[t] = v;
            }
            if (t < n) out[t] = s[t];
        }
        """;
    Graded right = new Grader(a).grade(write("right.cu", kernel.replace("IDENTITY", "INT_MIN")), "right.cu");
    assertThat(right.results().score()).isEqualByComparingTo("30");
    // 0 is no identity of max over ints: out[0] must be INT_MIN.
    Graded zero = new Grader(a).grade(write("zero.cu", kernel.replace("IDENTITY", "0")), "zero.cu");
    assertThat(zero.results().score()).isEqualByComparingTo("0");
    assertThat(test(zero, "Correct at n = 100").output()).contains("not the exclusive max scan of the input (values 0..7)").contains("out[0] = 0, expected -2147483648");
    // A sum scan is not a max scan.
    Graded sum = new Grader(a).grade(write("sum.cu", kernel.replace("IDENTITY", "INT_MIN").replace("max(s[t - d], s[t])", "s[t - d] + s[t]")),
        "sum.cu");
    // At n = 1 its one output is the identity, INT_MIN, which the declared max makes right; at
    // 100 the proof sees the outputs combine with +.
    assertThat(test(sum, "Correct at n = 1").passed()).isTrue();
    assertThat(test(sum, "Correct at n = 100").output()).contains("the outputs combine the input with sum, not the declared max");
    assertThat(test(sum, "Correct at n = 100").passed()).isFalse();
  }

  @Test
  void anOverloadedEntryIsGradedAsTheOverloadTheSpecAsksFor() throws Exception {
    Assignment a = AssignmentReader.parse(spec("{}"), "spec.json");
    String overloads = KOGGE_STONE + "void scan(const int *in, int *out, int n) { }\n";
    Graded g = new Grader(a).grade(write("overloads.cu", overloads), "overloads.cu");
    assertThat(g.results().score()).isEqualByComparingTo("60");
  }

  @Test
  void nothingInTheSubmissionStopsGrading() throws Exception {
    Assignment a = AssignmentReader.parse(spec("{}"), "spec.json");
    Graded folder = new Grader(a).grade(dir, "dir.cu");
    assertThat(test(folder, "Compiles").output()).isEqualTo("Failed: dir.cu cannot be read as a kernel file, so it was not graded.\ndir.cu: error: is a folder, not a file\n");
    Path binary = dir.resolve("bin.cu");
    Files.write(binary, new byte[] {(byte) 0xc3, (byte) 0x28, 0});
    assertThat(test(new Grader(a).grade(binary, "bin.cu"), "Compiles").output()).isEqualTo("Failed: bin.cu cannot be read as a kernel file, so it was not graded.\nbin.cu:1:1: error: invalid UTF-8: byte 0xc3"
        + " cannot start or continue a character here; a kernel file must be UTF-8 text\n    1 | \ufffd(?\n      | ^\n"); // the NUL made visible
    Graded deep = new Grader(a).grade(write("deep.cu",
        "void scan(const float *in, float *out, int n) { int x = " + "(".repeat(30000) + "1" + ")".repeat(30000) + "; }\n"), "deep.cu");
    // The excerpt of the 60,000-character line is cut around the column, by the diagnostic itself.
    assertThat(test(deep, "Compiles").output()).contains("error: nesting too deep").contains("    1 | ...((((");
    assertThat(test(deep, "Compiles").output().lines()).allMatch(line -> line.length() < Scoring.MAX_LINE + 64);
  }

  @Test
  void printfOutputIsCapturedBoundedAndMadePlain() throws Exception {
    Assignment a = AssignmentReader.parse(spec("{}"), "spec.json");
    Graded g = new Grader(a).grade(write("chatty.cu", KOGGE_STONE.replace("y[t] = s[t];",
        "y[t] = s[t]; printf(\"\\033[31mthread %d\\n\", t);")), "chatty.cu");
    String out = test(g, "Correct at n = 100").output();
    assertThat(out).startsWith("correct inclusive scan of n = 100 elements\n")
        .contains("program output:\n  | ?[31mthread 0\n")
        .contains("  ... 80 more lines (");
    assertThat(out.lines().filter(l -> l.startsWith("  | "))).hasSize(Scoring.OUTPUT_LINES);
    assertThat(test(g, "Correct at n = 100").passed()).isTrue();
  }

  @Test
  void resultFoldersAreSafeNames() {
    Set<String> used = new java.util.HashSet<>();
    assertThat(Batch.folderName("kogge_stone.cu", used)).isEqualTo("kogge_stone");
    assertThat(Batch.folderName("...cu", used)).isEqualTo("_..");
    assertThat(Batch.folderName(".cu", used)).isEqualTo("_");
    assertThat(Batch.folderName("a b/c.cu", used)).isEqualTo("a_b_c");
    assertThat(Batch.folderName("a_b_c.cu", used)).isEqualTo("a_b_c-2");
    assertThat(Batch.folderName("summary.csv.cu", used)).isEqualTo("_summary.csv");
  }

  @Test
  void cleaningCutsLongLinesAndControlCharacters() {
    assertThat(Scoring.clean("a\u0007b\tc\n")).isEqualTo("a?b\tc\n");
    String cut = Scoring.clean("x".repeat(1000) + "\nshort\n");
    assertThat(cut).isEqualTo("x".repeat(Scoring.MAX_LINE) + " [... 600 more characters]\nshort\n");
    assertThat(Scoring.clean(cut)).isEqualTo(cut);
  }
}
