package org.scansim.kernels;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/** The catalog's {@code .cu} files and the {@code -D} variants they declare, for tests. */
final class KernelFiles {
  private static final String VARIANT_PREFIX = "// nvcc-variant:";

  private KernelFiles() {}

  /** One way to compile a kernel file: its path and the -D options of a variant (empty = default). */
  record Variant(Path file, String name, Map<String, String> defines) {}

  static Path repositoryRoot() {
    Path dir = Paths.get("").toAbsolutePath();
    for (Path p = dir; p != null; p = p.getParent()) {
      if (Files.isDirectory(p.resolve("kernels")) && Files.isDirectory(p.resolve("grammar")) && Files.exists(p.resolve("pom.xml"))) {
        return p;
      }
    }
    throw new IllegalStateException("repository root not found above " + dir);
  }

  /** Every {@code .cu} under {@code kernels/} outside build output, in a stable order. */
  static List<Path> catalog() {
    Path kernels = repositoryRoot().resolve("kernels");
    try (Stream<Path> files = Files.walk(kernels)) {
      return files
          .filter(p -> p.toString().endsWith(".cu"))
          .filter(p -> !kernels.relativize(p).toString().startsWith("target") && !kernels.relativize(p).toString().startsWith("src"))
          .sorted()
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The default compilation of every catalog file plus one per {@code // nvcc-variant:} line. */
  static List<Variant> variants() {
    Path root = repositoryRoot();
    List<Variant> out = new ArrayList<>();
    for (Path file : catalog()) {
      String rel = root.relativize(file).toString();
      out.add(new Variant(file, rel, Map.of()));
      try {
        for (String line : Files.readAllLines(file)) {
          String t = line.trim();
          if (t.startsWith(VARIANT_PREFIX)) {
            String opts = t.substring(VARIANT_PREFIX.length()).trim();
            out.add(new Variant(file, rel + " " + opts, defines(opts)));
          }
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return out;
  }

  private static Map<String, String> defines(String options) {
    Map<String, String> d = new LinkedHashMap<>();
    for (String opt : options.split("\\s+")) {
      if (!opt.startsWith("-D")) {
        continue;
      }
      String body = opt.substring(2);
      int eq = body.indexOf('=');
      d.put(eq < 0 ? body : body.substring(0, eq), eq < 0 ? null : body.substring(eq + 1));
    }
    return d;
  }
}
