package org.scansim.frontend.pp;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.scansim.frontend.diag.DiagnosticPrinter;
import org.scansim.frontend.diag.Diagnostics;
import org.scansim.frontend.diag.SourceFile;

/**
 * Differential test: each program of {@code src/test/resources/pp/*.c} must give the same token
 * sequence (white space ignored) as gcc's preprocessor in C++17 mode, which is how nvcc
 * preprocesses CUDA ({@code -undef}: no system-specific macros; the corpus uses no predefined
 * macro). Skipped only where gcc is not installed.
 */
class GccDifferentialTest {

  private static final List<String> GCC =
      List.of("gcc", "-E", "-P", "-undef", "-x", "c++", "-std=gnu++17", "-w");

  @TestFactory
  Stream<DynamicTest> corpusMatchesGcc() throws IOException, URISyntaxException {
    Assumptions.assumeTrue(gccAvailable(), "gcc is not installed");
    URL dir = GccDifferentialTest.class.getResource("/pp");
    assertThat(dir).as("test resources pp/").isNotNull();
    List<Path> programs;
    try (Stream<Path> files = Files.list(Path.of(dir.toURI()))) {
      programs = files.filter(p -> p.toString().endsWith(".c")).sorted().toList();
    }
    assertThat(programs).hasSizeGreaterThanOrEqualTo(40);
    return programs.stream()
        .map(p -> DynamicTest.dynamicTest(p.getFileName().toString(), () -> compare(p)));
  }

  private static void compare(Path program) throws Exception {
    String gccOut = runGcc(program);
    String source = Files.readString(program, StandardCharsets.UTF_8);
    Diagnostics diags = new Diagnostics();
    PreprocessedSource ours =
        new Preprocessor(diags, new LinkedHashMap<>(), IncludeLoader.NONE)
            .run(new SourceFile(program.getFileName().toString(), source));
    assertThat(diags.hasErrors())
        .as(() -> DiagnosticPrinter.render(diags.all(), diags.dropped()))
        .isFalse();
    assertThat(tokens(ours.text())).as(program.getFileName().toString()).isEqualTo(tokens(gccOut));
  }

  /** Token texts; CUDA's {@code <<<} / {@code >>>} are split as C lexes them, as gcc does. */
  private static List<String> tokens(String text) {
    List<String> out = new ArrayList<>();
    for (String t : Pp.tokensOf(text)) {
      if (t.equals("<<<") || t.equals(">>>")) {
        out.add(t.substring(0, 2));
        out.add(t.substring(2));
      } else {
        out.add(t);
      }
    }
    return out;
  }

  private static String runGcc(Path program) throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>(GCC);
    cmd.add(program.toString());
    Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.PIPE).start();
    byte[] out = p.getInputStream().readAllBytes();
    String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).as("gcc failed on the corpus program itself:\n" + err).isZero();
    return new String(out, StandardCharsets.UTF_8);
  }

  private static boolean gccAvailable() {
    try {
      Process p = new ProcessBuilder("gcc", "--version").redirectErrorStream(true).start();
      p.getInputStream().readAllBytes();
      return p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0;
    } catch (IOException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }
}
