package org.scansim.frontend;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.scansim.frontend.diag.Cancellation;
import org.scansim.frontend.diag.SourceFile;
import org.scansim.frontend.parse.DepthLimitedParser;
import org.scansim.frontend.pp.IncludeLoader;

/**
 * The front end's limits are counted, not taken from the Java stack, and its time is linear in
 * the input (issue 43, items 5 and 6): one input gives one answer on every run, whatever the JIT
 * has compiled; comments and invalid bytes cost a pass, not a pass each; an abandoned compile
 * stops.
 */
class FrontEndLimitsTest {
  /** Eight times, as the campaign ran it: 88,000 '!' answered 0 0 0 2 0 2 0 0. */
  @Test
  void deepPrefixOperatorsGiveOneAnswerOnEveryRun() {
    String text = "int f(int x) { return " + "!".repeat(88_000) + "x; }\n";
    List<List<String>> answers = new ArrayList<>();
    for (int run = 0; run < 8; run++) {
      answers.add(Compile.diagnostics(text));
    }
    assertThat(answers).allMatch(a -> a.equals(answers.get(0)));
    assertThat(answers.get(0)).hasSize(1);
    assertThat(answers.get(0).get(0)).startsWith("1:").endsWith(": error: expression or statement nesting too deep (more than "
        + DepthLimitedParser.MAX_DEPTH + " levels of the grammar)").doesNotStartWith("1:1:");
  }

  @Test
  void longChainsOfOperatorsAreCountedToo() {
    String chain = "int f(int x) { return " + "x+".repeat(250_000) + "x; }\n";
    List<String> d = Compile.diagnostics(chain);
    assertThat(d).containsExactly("1:23: error: expression nested too deep: more than 50000 operators in a chain (or in chains inside one"
        + " another)");
    assertThat(Compile.diagnostics(chain)).isEqualTo(d);
  }

  /** The chains are counted along a path, not over the file: many short comma lists compile (their count had leaked). */
  @Test
  void manySeparateChainsCompile() {
    String text = "void f(int a, int b, int c) {\n" + "  a = 1, b = 2, c = 3;\n".repeat(30_000) + "}\n";
    assertThat(Compile.source(text).diagnostics().hasErrors()).isFalse();
  }

  /** What real code nests stays well inside the limits, and the deepest tree they allow compiles (a stack overflow was met near 4 times as deep). */
  @Test
  void theDeepestLegalNestingCompiles() {
    StringBuilder elseIf = new StringBuilder("int f(int x) { if (x == 0) return 0;\n");
    for (int i = 1; i <= 5000; i++) {
      elseIf.append(" else if (x == ").append(i).append(") return ").append(i).append(";\n");
    }
    elseIf.append(" return -1; }\n");
    assertThat(Compile.source(elseIf.toString()).ok()).isTrue();
    assertThat(Compile.source("int f(int x) { return " + "x+".repeat(49_000) + "x; }\n").ok()).isTrue();
    assertThat(Compile.source("int f(int x) { return " + "!".repeat(19_900) + "(" + "x+".repeat(49_990) + "x); }\n").ok()).isTrue();
  }

  /** 8 MiB of one-line comments took 428 s (a search for the next newline ran to the end of the file at every comment). */
  @Test
  void oneLineOfCommentsIsReadInOnePass() {
    String comments = "/**/".repeat((8 << 20) / 4 - 64) + "\nint x;\n";
    Frontend.Result r = assertTimeoutPreemptively(Duration.ofSeconds(30), () -> Compile.source(comments));
    assertThat(r.ok()).isTrue();
  }

  /** A run of invalid characters is one error; past 100 runs the rest is not read (8 MiB of NUL cost 2.58 GB). */
  @Test
  void invalidBytesAreOneErrorARun() {
    assertThat(Compile.diagnostics("\0".repeat(1 << 20) + "int x;\n"))
        .containsExactly("1:1: error: invalid character U+0000 (and 1048575 more invalid characters after it)");
    assertThat(Compile.diagnostics("int @ x;")).containsExactly("1:5: error: invalid character '@'");
    for (String unit : List.of("\0 ", "\0x", "'\n", "\"\n")) {
      List<String> many = Compile.diagnostics(unit.repeat(200_000) + "int x;\n");
      assertThat(many.size()).as(unit).isLessThanOrEqualTo(101);
      if (!unit.contains("\n")) { // one line: the errors are the runs, and the last says the rest was not read
        assertThat(many).as(unit).last().asString().endsWith(": error: 100 lexical errors (runs of invalid characters, unterminated"
            + " literals): the rest of the file is not read (is it a text file?)");
      }
    }
  }

  /**
   * An interrupted compile (a grading budget passed) ends at its next step instead of running on:
   * on the caller's thread (the preprocessor) and on the large-stack thread the parse runs on.
   */
  @Test
  void anInterruptedCompileStops() {
    String text = "void f(float *a) {\n" + "  a[0] = a[1] + a[2];\n".repeat(10_000) + "}\n";
    try {
      Thread.currentThread().interrupt();
      assertThatThrownBy(() -> Frontend.compile(new SourceFile("t.cu", text), Map.of(), IncludeLoader.NONE))
          .isInstanceOf(Cancellation.class);
      Thread.currentThread().interrupt();
      assertThatThrownBy(() -> org.scansim.frontend.parse.SyntaxParser.parse(new SourceFile("t.cu", text), text,
          org.scansim.frontend.diag.SpanMapper.identity(new SourceFile("t.cu", text)), new org.scansim.frontend.diag.Diagnostics(), Frontend.KNOWN_NAMES))
          .isInstanceOf(Cancellation.class);
    } finally {
      Thread.interrupted();
    }
    assertThat(Compile.source(text).ok()).as("an uninterrupted compile of the same text").isTrue();
  }
}
