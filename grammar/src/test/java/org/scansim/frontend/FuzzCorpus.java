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

/** The real kernels of the catalog, the seed texts of the mutation tests. */
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

  /** Every {@code kernels/**}{@code /*.cu} outside build output, in a stable order. */
  static List<Path> kernelFiles() {
    Path kernels = repositoryRoot().resolve("kernels");
    try (Stream<Path> files = Files.walk(kernels)) {
      return files
          .filter(p -> p.toString().endsWith(".cu"))
          .filter(p -> !kernels.relativize(p).startsWith("target") && !kernels.relativize(p).startsWith("src"))
          .sorted()
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static List<String> kernelTexts() {
    List<String> out = new ArrayList<>();
    for (Path p : kernelFiles()) {
      try {
        out.add(Files.readString(p, StandardCharsets.UTF_8));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return out;
  }
}
