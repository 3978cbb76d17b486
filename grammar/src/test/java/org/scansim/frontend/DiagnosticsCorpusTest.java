package org.scansim.frontend;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.scansim.frontend.diag.DiagnosticPrinter;
import org.scansim.frontend.diag.Diagnostics;
import org.scansim.frontend.diag.SourceFile;
import org.scansim.frontend.pp.IncludeLoader;

/**
 * The error-case corpus: every {@code NAME.cu} of {@code src/test/resources/diagnostics/} is an
 * invalid (or valid but unsupported) CUDA file, and {@code NAME.expected} beside it is exactly what
 * {@code scansim check NAME.cu} prints on stderr: the rendered diagnostics followed by the summary
 * line {@code N error(s) generated.}, as {@code CheckCommand} writes them.
 *
 * <p>The expectations were written by hand from what each rule should report, not copied from the
 * program's output. After a reviewed change of wording or positions the existing ones can be
 * rewritten from the output with {@code -Dgolden.update=true}; a missing one is never created.
 *
 * <p>Quoted includes resolve inside the corpus folder, and an included file is named by its path
 * relative to that folder, as the file name of a case is. Files under {@code diagnostics-pending/}
 * (suspected front-end bugs with the output they should give) are not run.
 */
class DiagnosticsCorpusTest {

  private static final String FOLDER = "diagnostics";
  private static final boolean UPDATE = Boolean.getBoolean("golden.update");

  @TestFactory
  Stream<DynamicTest> everyErrorCaseGivesItsExpectedDiagnostics() throws IOException {
    Path corpus = corpusFolder();
    List<String> cases = new ArrayList<>();
    Set<String> expectations = new TreeSet<>();
    try (Stream<Path> files = Files.list(corpus)) {
      for (Path p : files.sorted().toList()) {
        String name = p.getFileName().toString();
        if (name.endsWith(".cu")) {
          cases.add(name);
        } else if (name.endsWith(".expected")) {
          expectations.add(name);
        }
      }
    }
    assertThat(cases).as("error cases (*.cu) in " + corpus).isNotEmpty();

    List<DynamicTest> tests = new ArrayList<>();
    tests.add(DynamicTest.dynamicTest("every case has an .expected and every .expected a case", () -> {
      List<String> problems = new ArrayList<>();
      for (String c : cases) {
        if (!expectations.contains(expectedName(c))) {
          problems.add(c + " has no " + expectedName(c));
        }
      }
      for (String e : expectations) {
        String c = e.substring(0, e.length() - ".expected".length()) + ".cu";
        if (!cases.contains(c)) {
          problems.add(e + " has no " + c);
        }
      }
      assertThat(problems).as("unpaired corpus files in " + corpus).isEmpty();
    }));
    for (String c : cases) {
      tests.add(DynamicTest.dynamicTest(c, corpus.resolve(c).toUri(), () -> check(corpus, c)));
    }
    return tests.stream();
  }

  private static void check(Path corpus, String name) throws IOException {
    String text = Files.readString(corpus.resolve(name), StandardCharsets.UTF_8);
    Frontend.Result result = Frontend.compile(new SourceFile(name, text), Map.of(), includesIn(corpus));
    String actual = render(result);
    Path expectedFile = corpus.resolve(expectedName(name));
    if (UPDATE && Files.exists(expectedFile)
        && !Files.readString(expectedFile, StandardCharsets.UTF_8).equals(actual)) {
      // Rewrites a reviewed expectation; a missing one is never created from the output.
      Files.writeString(expectedFile, actual, StandardCharsets.UTF_8);
    }
    assertThat(result.ok()).as(() -> name + " compiled without errors:\n" + actual).isFalse();
    if (!Files.exists(expectedFile)) {
      fail(name + " has no " + expectedFile.getFileName() + "; the front end printed:\n" + actual);
    }
    String expected = Files.readString(expectedFile, StandardCharsets.UTF_8);
    if (!expected.equals(actual)) {
      fail(name + ": the diagnostics differ from " + expectedFile.getFileName() + "\n"
          + CorpusDiff.describe(expected, actual));
    }
  }

  /** What {@code scansim check} writes on stderr for a failed check (see CheckCommand). */
  static String render(Frontend.Result result) {
    Diagnostics d = result.diagnostics();
    StringBuilder out = new StringBuilder(DiagnosticPrinter.render(d.sorted(), d.dropped()));
    if (!result.ok()) {
      int n = d.errorCount();
      out.append(n).append(n == 1 ? " error" : " errors").append(" generated.\n");
    }
    return out.toString();
  }

  /**
   * Resolves {@code #include "name"} inside the corpus folder (relative to the including file) and
   * names the loaded file by its path relative to the folder, as the cases themselves are named.
   */
  static IncludeLoader includesIn(Path corpus) {
    Path root = corpus.toAbsolutePath().normalize();
    return (includer, name) -> {
      try {
        Path parent = Path.of(includer.name()).getParent();
        Path target = root.resolve(parent == null ? Path.of(name) : parent.resolve(name)).normalize();
        if (!target.startsWith(root) || !Files.isRegularFile(target)) {
          return Optional.empty();
        }
        String relative = root.relativize(target).toString().replace('\\', '/');
        return Optional.of(new SourceFile(relative, Files.readString(target, StandardCharsets.UTF_8)));
      } catch (IOException | InvalidPathException e) {
        return Optional.empty();
      }
    };
  }

  private static String expectedName(String caseName) {
    return caseName.substring(0, caseName.length() - ".cu".length()) + ".expected";
  }

  /**
   * The corpus in the source tree (so that {@code -Dgolden.update=true} rewrites the files under
   * version control), or else the copy on the test class path.
   */
  private static Path corpusFolder() {
    for (Path module : List.of(Path.of(System.getProperty("basedir", ".")), Path.of("grammar"))) {
      Path source = module.resolve(Path.of("src", "test", "resources", FOLDER));
      if (Files.isDirectory(source)) {
        return source;
      }
    }
    URL url = DiagnosticsCorpusTest.class.getResource("/" + FOLDER);
    assertThat(url).as("test resources " + FOLDER + "/").isNotNull();
    try {
      return Path.of(url.toURI());
    } catch (URISyntaxException e) {
      throw new UncheckedIOException(new IOException(e));
    }
  }
}
