package org.scansim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Guards against the kinds of drift the docs once had: citations of documents a user does not
 * have, "not yet" for what has been built, guides the README does not list.
 */
class DocsDriftTest {
  /** Phrases that were true once and are stale now, with what replaced them. */
  private static final List<Pattern> STALE = List.of(
      Pattern.compile("DESIGN(\\.md)?\\s*(§|:)"), // the design notes are not in the repository: cite docs/
      Pattern.compile("DESIGN\\.md"),
      Pattern.compile("[Nn]ot (here )?yet \\(issue \\d+\\)"), // issues end; say what the code does
      Pattern.compile("until there is a timing model"),
      Pattern.compile("not modelled yet"),
      Pattern.compile("seeds/"), // the project's copies of the papers are not a user's: cite the work, its authors and title
      Pattern.compile("seed documents?"));

  @Test
  void noSourceCommentOrGuideCitesWhatAUserDoesNotHave() throws IOException {
    Path root = ReadmeExamplesTest.root();
    List<String> hits = new ArrayList<>();
    List<Path> files = new ArrayList<>();
    try (Stream<Path> s = Files.walk(root)) {
      s.filter(Files::isRegularFile)
          .filter(p -> {
            String rel = root.relativize(p).toString().replace('\\', '/');
            return rel.matches("[a-z]+/src/main/.*\\.java") || rel.matches("docs/[^/]+\\.md") || rel.equals("README.md")
                || rel.matches("kernels/[a-z]+/[^/]+\\.(cu|json)") || rel.equals("kernels/README.md");
          })
          .forEach(files::add);
    }
    assertTrue(files.size() > 300, "the walk found the sources: " + files.size());
    for (Path p : files) {
      String text = Files.readString(p, StandardCharsets.UTF_8);
      for (Pattern stale : STALE) {
        Matcher m = stale.matcher(text);
        if (m.find()) {
          hits.add(root.relativize(p) + ": " + m.group());
        }
      }
    }
    assertEquals(List.of(), hits);
  }

  /** A package's doc links its own classes ({@code {@link ...}}), so that a rename breaks the build's javadoc, not the reader. */
  @Test
  void packageDocsLinkTheirClasses() throws IOException {
    Path root = ReadmeExamplesTest.root();
    List<String> named = new ArrayList<>();
    List<Path> docs;
    try (Stream<Path> s = Files.walk(root)) {
      docs = s.filter(p -> p.getFileName().toString().equals("package-info.java"))
          .filter(p -> root.relativize(p).toString().replace('\\', '/').matches("[a-z]+/src/main/.*")).sorted().toList();
    }
    assertTrue(docs.size() >= 30, "package docs found: " + docs.size());
    Pattern code = Pattern.compile("\\{@code ([A-Z][A-Za-z0-9]*)\\}");
    for (Path doc : docs) {
      Matcher m = code.matcher(Files.readString(doc, StandardCharsets.UTF_8));
      while (m.find()) {
        if (Files.exists(doc.resolveSibling(m.group(1) + ".java"))) {
          named.add(root.relativize(doc) + ": " + m.group());
        }
      }
    }
    assertEquals(List.of(), named);
  }

  @Test
  void theReadmeListsEveryGuide() throws IOException {
    Path root = ReadmeExamplesTest.root();
    String readme = Files.readString(root.resolve("README.md"), StandardCharsets.UTF_8);
    List<String> missing = new ArrayList<>();
    try (Stream<Path> s = Files.list(root.resolve("docs"))) {
      s.map(p -> "docs/" + p.getFileName()).filter(n -> n.endsWith(".md")).sorted().forEach(n -> {
        if (!readme.contains(n)) {
          missing.add(n);
        }
      });
    }
    assertEquals(List.of(), missing);
  }
}
