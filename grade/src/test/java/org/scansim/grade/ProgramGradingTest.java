package org.scansim.grade;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Whole-program assignments ({@code "entry": "main"}): each run gives main its arguments and
 * standard input and compares what it printed and its exit status with the spec's; the checker
 * tests look at every launch of every run.
 */
class ProgramGradingTest {
  @TempDir Path dir;

  private static Assignment example() throws GradeException {
    return AssignmentReader.read(Examples.grading().resolve("whole_program.json"));
  }

  private static GradescopeResults.Test test(Graded g, String name) {
    return g.results().tests().stream().filter(t -> t.name().equals(name)).findFirst().orElseThrow();
  }

  @Test
  void theExampleProgramsScoreWhatTheyDeserve() throws Exception {
    Grader grader = new Grader(example());
    Path programs = Examples.grading().resolve("programs");
    Graded good = grader.grade(programs.resolve("kogge_stone_program.cu"), "kogge_stone_program.cu");
    assertThat(good.results().score()).isEqualByComparingTo(BigDecimal.valueOf(100));
    assertThat(test(good, "Correct output, run 4 (no arguments)").output()).contains("exited with status 1 (no arguments)");
    Graded racy = grader.grade(programs.resolve("racy_program.cu"), "racy_program.cu");
    // Right at n = 8 (one warp) and for the usage line; wrong at 33 and 1000, where the race crosses warps.
    assertThat(racy.results().score()).isEqualByComparingTo(BigDecimal.valueOf(55));
    assertThat(test(racy, "Correct output, run 2 (33)").output())
        .contains("line 2: printed \"last = 180\", expected \"last = 127\"", "line 3: printed \"FAILED\", expected \"PASSED\"");
    assertThat(test(racy, "No races").output()).contains("racy_program.cu:22:5: race (read-after-write)", "= in runs 2, 3");
    assertThat(racy.report()).contains("runs:       4 runs of the program on hopper");
  }

  private Path write(String name, String text) throws IOException {
    Path p = dir.resolve(name);
    Files.writeString(p, text);
    return p;
  }

  @Test
  void aLaunchTheRuntimeRefusesIsNamedBesideTheOutputItSpoilt() throws Exception {
    Assignment a = AssignmentReader.parse("""
        {"title": "t", "entry": "main", "arch": "hopper", "runs": [{"output": "1\\n"}], "points": {"correctness": 10}}
        """, "spec.json");
    Path p = write("big.cu", """
        #include <cstdio>
        __global__ void k(int *d) { d[threadIdx.x] = 1; }
        int main() {
          int *d, h = 0;
          cudaMalloc(&d, 4096);
          cudaMemset(d, 0, 4096);
          k<<<1, 2048>>>(d);
          cudaMemcpy(&h, d, sizeof(int), cudaMemcpyDeviceToHost);
          printf("%d\\n", h);
          return 0;
        }
        """);
    Graded g = new Grader(a).grade(p, "big.cu");
    assertThat(g.results().score()).as(g.report()).isEqualByComparingTo(BigDecimal.ZERO);
    // The program did not check the launch: on the card it prints 0 too; the report says why.
    assertThat(test(g, "Correct output, run 1 (no arguments)").output()).contains("line 1: printed \"0\", expected \"1\"")
        .contains("refused launch: big.cu:7:3: launch of k with blocks of 2048x1x1 threads: blockDim.x may be at most 1024 on hopper"
            + " (cudaErrorInvalidConfiguration): not run; cudaGetLastError() returns that error");
  }

  @Test
  void standardInputArgumentsAndTheExitStatusAreTheRunsAndTrailingBlanksDoNotCount() throws Exception {
    Assignment a = AssignmentReader.parse("""
        {"title": "echo", "entry": "main", "arch": "hopper",
         "runs": [{"args": ["a b", "c"], "stdin": "5 7\\n", "output": "3 12 a b\\n\\n"},
                  {"stdin": "1 1", "output": "1 2\\n", "exitStatus": 3}],
         "points": {"correctness": 10}}
        """, "spec.json");
    Path p = write("echo.cu", """
        #include <cstdio>
        int main(int argc, char **argv) {
          int x, y;
          if (scanf("%d %d", &x, &y) != 2) return 9;
          if (argc > 1) printf("%d %d %s   \\n", argc, x + y, argv[1]);
          else printf("%d %d\\n", argc, x + y);
          return argc > 1 ? 0 : 3;
        }
        """);
    Graded g = new Grader(a).grade(p, "echo.cu");
    assertThat(g.results().tests()).extracting(GradescopeResults.Test::name)
        .containsExactly("Compiles", "Correct output, run 1 ('a b' c)", "Correct output, run 2 (no arguments)");
    assertThat(g.results().score()).as(g.report()).isEqualByComparingTo(BigDecimal.TEN);
    Path wrong = write("wrong.cu", "#include <cstdio>\nint main() { printf(\"1 2\\n\"); return 0; }\n");
    Graded w = new Grader(a).grade(wrong, "wrong.cu");
    assertThat(test(w, "Correct output, run 2 (no arguments)").output()).contains("exit status 0, expected 3");
    assertThat(test(w, "Correct output, run 1 ('a b' c)").output()).contains("line 1: printed \"1 2\", expected \"3 12 a b\"");
  }

  @Test
  void aProgramThatLaunchesNothingEarnsNoCheckerPointsAndArgvZeroIsTheSameForEveryone() throws Exception {
    Path p = write("cpu_only.cu", """
        #include <cstdio>
        #include <cstdlib>
        int main(int argc, char **argv) {
          int n = argc > 1 ? atoi(argv[1]) : 0;
          if (n < 1 || n > 1024) { printf("usage: scan N (1 <= N <= 1024)\\n"); return 1; }
          int run = 0;
          for (int i = 0; i < n; i++) run += i % 7 + 1;
          printf("n = %d\\nlast = %d\\nPASSED\\n", n, run);
          return 0;
        }
        """);
    Graded g = new Grader(example()).grade(p, "cpu_only.cu");
    assertThat(g.results().score()).as(g.report()).isEqualByComparingTo(BigDecimal.valueOf(60)); // the outputs, no checker points
    assertThat(test(g, "No races").output()).contains("no run of the program launched a kernel");
    Assignment named = AssignmentReader.parse("""
        {"title": "n", "entry": "main", "arch": "hopper", "runs": [{"output": "./a.out\\n"}], "points": {"correctness": 1}}
        """, "spec.json");
    Path echo = write("alice.cu", "#include <cstdio>\nint main(int argc, char **argv) { printf(\"%s\\n\", argv[0]); return 0; }\n");
    assertThat(new Grader(named).grade(echo, "alice.cu").results().score()).isEqualByComparingTo(BigDecimal.ONE);
  }

  @Test
  void aProgramReadsNoFileOfTheMachine() throws Exception {
    Files.writeString(dir.resolve("secret.txt"), "42\n");
    Assignment a = AssignmentReader.parse("""
        {"title": "files", "entry": "int main()", "arch": "hopper", "runs": [{"output": "none\\n"}], "points": {"correctness": 1}}
        """, "spec.json");
    Path p = write("peek.cu", """
        #include <cstdio>
        int main() {
          FILE *f = fopen("secret.txt", "r");
          printf(f ? "read\\n" : "none\\n");
          return 0;
        }
        """);
    assertThat(new Grader(a).grade(p, "peek.cu").results().score()).isEqualByComparingTo(BigDecimal.ONE);
    // perror says what `scansim run` says of a name that leads outside the folder; of another name, that there is none.
    Assignment words = AssignmentReader.parse("""
        {"title": "files", "entry": "int main()", "arch": "hopper",
         "runs": [{"output": "/etc/passwd: Permission denied\\n../secret.txt: Permission denied\\nsecret.txt: No such file or directory\\n"}],
         "points": {"correctness": 1}}
        """, "spec.json");
    Path perror = write("perror.cu", """
        #include <cstdio>
        int main() {
          const char *names[] = {"/etc/passwd", "../secret.txt", "secret.txt"};
          for (int i = 0; i < 3; i++) {
            if (!fopen(names[i], "r")) perror(names[i]);
          }
          return 0;
        }
        """);
    Graded g = new Grader(words).grade(perror, "perror.cu");
    assertThat(g.results().score()).isEqualByComparingTo(BigDecimal.ONE);
  }

  @Test
  void aSpecMixingAProgramWithAScanEntrysFieldsNamesEach() {
    assertThatThrownBy(() -> AssignmentReader.parse("""
        {"title": "x", "entry": "main", "arch": "hopper", "scan": "inclusive", "sizes": [1],
         "runs": [{"args": ["1"], "output": "a"}, {"args": ["x"]}, {"output": "", "exitStatus": 300}],
         "points": {"correctness": 10, "bankConflicts": {"points": 1, "max": "0"}}}
        """, "spec.json"))
        .isInstanceOf(GradeException.class)
        .hasMessageContaining("\"scan\" is for a scan entry")
        .hasMessageContaining("\"sizes\" is for a scan entry")
        .hasMessageContaining("\"points.bankConflicts\" is for a scan entry")
        .hasMessageContaining("\"runs[1].output\" is missing")
        .hasMessageContaining("\"runs[2].exitStatus\" must be from 0 to 255");
    assertThatThrownBy(() -> AssignmentReader.parse("""
        {"title": "x", "entry": "main", "arch": "hopper", "points": {"correctness": 10}}
        """, "spec.json")).hasMessageContaining("missing field \"runs\"");
    assertThatThrownBy(() -> AssignmentReader.parse("""
        {"title": "x", "entry": "void scan(const float *in, float *out, int n)", "scan": "inclusive", "arch": "hopper",
         "sizes": [1], "runs": [{"output": ""}], "points": {"correctness": 10}}
        """, "spec.json")).hasMessageContaining("\"runs\" is for a whole-program assignment");
  }

  @Test
  void theOutputComparisonIgnoresOnlyTrailingBlanksAndFinalEmptyLines() {
    Assignment.ProgramCase c = new Assignment.ProgramCase(List.of(), "", "a\nb\n", 0);
    assertThat(ProgramCheck.differences(c, "a  \nb\n\n\n", 0)).isEmpty();
    assertThat(ProgramCheck.differences(c, " a\nb\n", 0)).containsExactly("line 1: printed \" a\", expected \"a\"");
    assertThat(ProgramCheck.differences(c, "a\n", 0)).containsExactly("line 2: missing, expected \"b\"");
    assertThat(ProgramCheck.differences(c, "a\nb\nc\n", 2))
        .containsExactly("line 3: printed \"c\", past the expected output's end", "exit status 2, expected 0");
  }
}
