package org.scansim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Every command the READMEs show with its output is run, as a user would run it, and must print
 * what the README shows, so that the manual cannot drift from the tool (the deadlock example
 * had: it showed positions the tool no longer printed).
 *
 * <p>An example is a line {@code $ ./scansim ARGS} (or {@code $ cat FILE}) in a code block, and
 * the lines after it up to the next {@code $} line or the end of the block are its output:
 * standard output, then standard error. A line that is exactly {@code ...} stands for any number
 * of lines. Trailing spaces are ignored. The commands of one README run in order in one folder of
 * their own, holding a copy of the catalog and of every file or folder the commands name, so a
 * command that writes (a report, an SVG, grading results) writes there, and a later {@code cat}
 * reads it.
 */
class ReadmeExamplesTest {
  /** The READMEs whose examples are checked. */
  static final List<String> READMES = List.of("README.md", "examples/grading/README.md");

  record Example(String readme, int line, String command, List<String> expected) {}

  static Path root() {
    for (Path p = Paths.get("").toAbsolutePath(); p != null; p = p.getParent()) {
      if (Files.isRegularFile(p.resolve("README.md")) && Files.isDirectory(p.resolve("kernels"))) {
        return p;
      }
    }
    throw new IllegalStateException("the repository's root was not found");
  }

  /** The examples of a README, in order. */
  static List<Example> examples(String readme, List<String> lines) {
    List<Example> out = new ArrayList<>();
    boolean inBlock = false;
    Example current = null;
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      if (line.startsWith("```")) {
        inBlock = !inBlock;
        current = null;
        continue;
      }
      if (!inBlock) {
        continue;
      }
      if (line.startsWith("$ ")) {
        current = new Example(readme, i + 1, line.substring(2).trim(), new ArrayList<>());
        out.add(current);
      } else if (current != null) {
        current.expected().add(line);
      }
    }
    for (Example e : out) {
      while (!e.expected().isEmpty() && e.expected().get(e.expected().size() - 1).isBlank()) {
        e.expected().remove(e.expected().size() - 1);
      }
    }
    return out;
  }

  /** Whether {@code actual} is {@code expected}, where a line {@code ...} in expected stands for any number of lines. */
  static boolean matches(List<String> expected, List<String> actual) {
    return matches(expected, 0, actual, 0);
  }

  private static boolean matches(List<String> e, int i, List<String> a, int j) {
    if (i == e.size()) {
      return j == a.size();
    }
    if (e.get(i).strip().equals("...")) {
      for (int k = j; k <= a.size(); k++) {
        if (matches(e, i + 1, a, k)) {
          return true;
        }
      }
      return false;
    }
    return j < a.size() && e.get(i).stripTrailing().equals(a.get(j).stripTrailing()) && matches(e, i + 1, a, j + 1);
  }

  /** The examples' working folders, removed when the class's tests are done (they were left in the temporary folder). */
  private static final List<Path> WORK = new ArrayList<>();

  @org.junit.jupiter.api.AfterAll
  static void removeWorkFolders() throws IOException {
    for (Path w : WORK) {
      try (Stream<Path> walk = Files.walk(w)) {
        for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
          Files.deleteIfExists(p);
        }
      }
    }
    WORK.clear();
  }

  @TestFactory
  Stream<DynamicNode> everyExampleInTheReadmesPrintsWhatItShows() throws IOException {
    Path root = root();
    List<DynamicNode> readmes = new ArrayList<>();
    for (String readme : READMES) {
      List<Example> examples = examples(readme, Files.readAllLines(root.resolve(readme)));
      Path work = Files.createTempDirectory("scansim-readme-");
      WORK.add(work);
      copy(root.resolve("kernels"), work.resolve("kernels"));
      List<DynamicTest> tests = new ArrayList<>();
      for (Example e : examples) {
        tests.add(DynamicTest.dynamicTest(readme + ":" + e.line() + ": $ " + e.command(), () -> check(root, work, e)));
      }
      readmes.add(DynamicContainer.dynamicContainer(readme, tests));
    }
    return readmes.stream();
  }

  private static void check(Path root, Path work, Example e) throws Exception {
    List<String> words = List.of(e.command().split("\\s+"));
    assertThat(e.command()).as("a README example is a plain command line, without quotes, pipes or redirections")
        .doesNotContain("|").doesNotContain(">").doesNotContain("\"").doesNotContain("'");
    for (String w : words.subList(1, words.size())) {
      Path p = root.resolve(w).normalize();
      if (!w.startsWith("-") && p.startsWith(root) && Files.exists(p) && !Files.exists(work.resolve(w))) {
        copy(p, work.resolve(w));
      }
    }
    String actual;
    switch (words.get(0)) {
      case "./scansim" -> {
        CliRun r = ScansimProcess.run(work, List.of("-Dscansim.home=" + work), words.subList(1, words.size()));
        actual = r.out() + r.err();
      }
      case "cat" -> actual = Files.readString(work.resolve(words.get(1)));
      default -> throw new AssertionError(e.readme() + ":" + e.line() + ": the README shows a command this test cannot run: "
          + e.command());
    }
    List<String> lines = actual.lines().toList();
    assertThat(matches(e.expected(), lines))
        .as("%s:%d: $ %s%n--- the README shows:%n%s%n--- the tool printed:%n%s", e.readme(), e.line(), e.command(),
            String.join("\n", e.expected()), actual)
        .isTrue();
  }

  private static void copy(Path from, Path to) throws IOException {
    try (Stream<Path> s = Files.walk(from)) {
      for (Path p : s.toList()) {
        Path t = to.resolve(from.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(t);
        } else {
          Files.createDirectories(t.getParent());
          try {
            Files.copy(p, t);
          } catch (IOException x) {
            throw new UncheckedIOException(x);
          }
        }
      }
    }
  }

  @Test
  void theReadmesHaveExamplesAndTheMatcherHonoursEllipses() throws IOException {
    Path root = root();
    assertThat(examples("README.md", Files.readAllLines(root.resolve("README.md")))).hasSizeGreaterThanOrEqualTo(8)
        .extracting(Example::command).contains("./scansim check kernels/harris/blelloch.cu");
    assertThat(matches(List.of("a", "...", "d"), List.of("a", "b", "c", "d"))).isTrue();
    assertThat(matches(List.of("a", "...", "d"), List.of("a", "d"))).isTrue();
    assertThat(matches(List.of("a", "...", "d"), List.of("a", "b"))).isFalse();
    assertThat(matches(List.of("a", "b"), List.of("a", "b", "c"))).isFalse();
    assertThat(matches(List.of("a  "), List.of("a"))).isTrue();
  }
}
