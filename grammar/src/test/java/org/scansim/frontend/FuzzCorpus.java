package org.scansim.frontend;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The seed texts of the mutation tests: the catalog's kernels, and the kernels written the way
 * people write them ({@code examples/real-world/}: aliases, default arguments, launches spaced as
 * Visual Studio writes them, ...), so that every construct of the subset is mutated.
 */
final class FuzzCorpus {
  private FuzzCorpus() {}

  static Path repositoryRoot() {
    for (Path p = Paths.get("").toAbsolutePath(); p != null; p = p.getParent()) {
      if (Files.isDirectory(p.resolve("kernels")) && Files.isDirectory(p.resolve("grammar"))) {
        return p;
      }
    }
    throw new IllegalStateException("repository root (with kernels/ and grammar/) not found above " + Paths.get("").toAbsolutePath());
  }

  /** Every {@code kernels/**}{@code /*.cu} outside build output, then {@code examples/real-world/*.cu}, in a stable order. */
  static List<Path> kernelFiles() {
    List<Path> out = new ArrayList<>(cuFiles(repositoryRoot().resolve("kernels")));
    out.addAll(realWorldFiles());
    return out;
  }

  /**
   * {@code examples/real-world/*.cu}, the constructs of real-world CUDA the subset accepts, then
   * {@code examples/programs/*.cu}, whole programs (goto, iostream, the C library, main's arguments).
   */
  static List<Path> realWorldFiles() {
    List<Path> out = new ArrayList<>(cuFiles(repositoryRoot().resolve("examples/real-world")));
    out.addAll(cuFiles(repositoryRoot().resolve("examples/programs")));
    return out;
  }

  private static List<Path> cuFiles(Path dir) {
    try (Stream<Path> files = Files.walk(dir)) {
      return files
          .filter(p -> p.toString().endsWith(".cu"))
          .filter(p -> !dir.relativize(p).startsWith("target") && !dir.relativize(p).startsWith("src"))
          .sorted()
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static List<String> kernelTexts() {
    return texts(kernelFiles());
  }

  static List<String> texts(List<Path> files) {
    List<String> out = new ArrayList<>();
    for (Path p : files) {
      try {
        out.add(Files.readString(p, StandardCharsets.UTF_8));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return out;
  }
}
