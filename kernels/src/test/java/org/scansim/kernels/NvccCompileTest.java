package org.scansim.kernels;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Every {@code .cu} file of the repository must compile with the real CUDA compiler:
 * {@code nvcc -arch=sm_90 -c FILE -o TEMP.o}, one dynamic test per file (and per variant).
 *
 * <p>Conventions read from the file itself:
 *
 * <ul>
 *   <li>{@code // nvcc-flags: -DA=1 -DB} on the first line: options added to every compilation of
 *       the file ({@code -D}, {@code -U} and {@code -I} options only, and {@code --extended-lambda}
 *       for a file with {@code __device__} lambdas in host code).
 *   <li>{@code // nvcc-variant: -DZERO_BANK_CONFLICTS} on any line: one more compilation with these
 *       options added (same option rules), so that every {@code #ifdef} branch is compiled.
 *   <li>{@code // expect-nvcc: error} on any line: the file is meant to be invalid CUDA (the front
 *       end's diagnostics corpus), and the test asserts that nvcc rejects it.
 * </ul>
 *
 * <p>Files under {@code target/} and hidden directories are not collected. When {@code nvcc} is not
 * on the {@code PATH} every test is skipped through {@link Assumptions}, never passed. The
 * compilations run on a small fixed pool, started when the factory runs; each dynamic test waits
 * for its own result.
 */
class NvccCompileTest {

  private static final String ARCH = "-arch=sm_90";
  private static final long TIMEOUT_SECONDS = 120;
  private static final int THREADS = 2;
  private static final String FLAGS_PREFIX = "// nvcc-flags:";
  private static final String VARIANT_PREFIX = "// nvcc-variant:";
  private static final String EXPECT_ERROR = "// expect-nvcc: error";

  @TestFactory
  Stream<DynamicTest> everyCudaFileCompilesWithNvcc() throws IOException {
    Path root = repositoryRoot();
    List<Case> cases = new ArrayList<>();
    for (Path file : cudaFiles(root)) {
      cases.addAll(casesOf(root, file));
    }
    assertFalse(cases.isEmpty(), "no .cu file found under " + root);

    Optional<Path> nvcc = findNvcc();
    if (nvcc.isEmpty()) {
      return cases.stream()
          .map(c -> DynamicTest.dynamicTest(c.name(), () ->
              Assumptions.assumeTrue(false, "nvcc is not on the PATH: " + c.name() + " not compiled")));
    }

    ExecutorService pool = Executors.newFixedThreadPool(THREADS, runnable -> {
      Thread t = new Thread(runnable, "nvcc-compile");
      t.setDaemon(true);
      return t;
    });
    // The costliest compilations first (a library's headers take nvcc 5 to 15 s, a plain kernel about
    // one), so that none of them is left running alone on the pool at the end.
    List<Future<Result>> results = new ArrayList<>(java.util.Collections.nCopies(cases.size(), null));
    List<Integer> order = new ArrayList<>();
    for (int k = 0; k < cases.size(); k++) {
      order.add(k);
    }
    List<Integer> weights = cases.stream().map(NvccCompileTest::weight).toList();
    order.sort(Comparator.comparing((Integer k) -> -weights.get(k)));
    for (int k : order) {
      Case c = cases.get(k);
      results.set(k, pool.submit(() -> compile(nvcc.get(), c)));
    }
    pool.shutdown(); // the submitted compilations still run

    List<DynamicTest> tests = new ArrayList<>();
    for (int k = 0; k < cases.size(); k++) {
      Case c = cases.get(k);
      Future<Result> future = results.get(k);
      tests.add(DynamicTest.dynamicTest(c.name(), c.file().toUri(), () -> check(c, await(future))));
    }
    return tests.stream();
  }

  private static void check(Case c, Result r) {
    String report = String.join(" ", r.command()) + "\n" + r.output();
    assertFalse(r.timedOut(), () -> "nvcc ran past " + TIMEOUT_SECONDS + " s:\n" + report);
    if (c.expectError()) {
      assertNotEquals(0, r.exitCode(),
          () -> c.name() + " is marked '" + EXPECT_ERROR + "' but nvcc accepted it:\n" + report);
    } else {
      assertEquals(0, r.exitCode(), () -> "nvcc rejected " + c.name() + ":\n" + report);
    }
  }

  /** How long nvcc takes on the file, roughly: the headers of CUDA's libraries and of C++'s streams dominate. */
  private static int weight(Case c) {
    String text;
    try {
      text = Files.readString(c.file(), StandardCharsets.ISO_8859_1);
    } catch (IOException e) {
      return 0;
    }
    int w = 0;
    for (String heavy : List.of("<cub/", "<thrust/", "cooperative_groups", "<random>", "<iostream>", "<sstream>", "<fstream>")) {
      if (text.contains(heavy)) {
        w += heavy.startsWith("<cub") || heavy.startsWith("<thrust") ? 4 : 1;
      }
    }
    return w;
  }

  private static Result await(Future<Result> future) throws InterruptedException {
    try {
      return future.get();
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof Error error) {
        throw error;
      }
      throw new AssertionError("could not run nvcc", cause);
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Running nvcc

  private record Case(Path file, String name, List<String> options, boolean expectError) {}

  private record Result(List<String> command, int exitCode, boolean timedOut, String output) {}

  private static Result compile(Path nvcc, Case c) throws IOException, InterruptedException {
    Path dir = Files.createTempDirectory("nvcc-test-");
    try {
      Path object = dir.resolve("out.o");
      Path log = dir.resolve("nvcc.log");
      List<String> command = new ArrayList<>();
      command.add(nvcc.toString());
      command.add(ARCH);
      command.addAll(c.options());
      command.add("-c");
      command.add(c.file().toString());
      command.add("-o");
      command.add(object.toString());
      ProcessBuilder pb = new ProcessBuilder(command)
          .directory(c.file().getParent().toFile())
          .redirectErrorStream(true)
          .redirectOutput(log.toFile());
      // nvcc's own temporaries go to the test's directory too.
      pb.environment().put("TMPDIR", dir.toString());
      Process process = pb.start();
      boolean finished = process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS);
      if (!finished) {
        process.destroyForcibly();
        process.waitFor(10, TimeUnit.SECONDS);
      }
      String output = Files.exists(log) ? Files.readString(log, StandardCharsets.UTF_8) : "";
      return new Result(command, finished ? process.exitValue() : -1, !finished, output);
    } finally {
      deleteRecursively(dir);
    }
  }

  private static Optional<Path> findNvcc() {
    String path = System.getenv("PATH");
    if (path == null) {
      return Optional.empty();
    }
    for (String entry : path.split(File.pathSeparator)) {
      if (entry.isEmpty()) {
        continue;
      }
      Path candidate = Paths.get(entry, "nvcc");
      if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
        return Optional.of(candidate);
      }
    }
    return Optional.empty();
  }

  // ---------------------------------------------------------------------------------------------
  // Finding the files and reading their conventions

  /** Walks up from the working directory to the directory holding pom.xml, kernels/ and grammar/. */
  static Path repositoryRoot() {
    Path dir = Paths.get("").toAbsolutePath();
    for (Path d = dir; d != null; d = d.getParent()) {
      if (Files.isRegularFile(d.resolve("pom.xml"))
          && Files.isDirectory(d.resolve("kernels"))
          && Files.isDirectory(d.resolve("grammar"))) {
        return d;
      }
    }
    throw new IllegalStateException("no repository root (pom.xml + kernels/ + grammar/) above " + dir);
  }

  /** Every *.cu under root, outside target/ and hidden directories, in a stable order. */
  static List<Path> cudaFiles(Path root) throws IOException {
    List<Path> files = new ArrayList<>();
    Files.walkFileTree(root, new SimpleFileVisitor<>() {
      @Override
      public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
        if (!dir.equals(root)) {
          String name = dir.getFileName().toString();
          if (name.equals("target") || name.startsWith(".")) {
            return FileVisitResult.SKIP_SUBTREE;
          }
        }
        return FileVisitResult.CONTINUE;
      }

      @Override
      public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
        if (attrs.isRegularFile() && file.getFileName().toString().endsWith(".cu")) {
          files.add(file);
        }
        return FileVisitResult.CONTINUE;
      }
    });
    files.sort(Comparator.comparing(p -> root.relativize(p).toString().replace(File.separatorChar, '/')));
    return files;
  }

  private static List<Case> casesOf(Path root, Path file) {
    List<String> lines;
    try {
      lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file, e);
    }
    String rel = root.relativize(file).toString().replace(File.separatorChar, '/');
    List<String> base = new ArrayList<>();
    if (!lines.isEmpty() && lines.get(0).trim().startsWith(FLAGS_PREFIX)) {
      base.addAll(options(rel, lines.get(0).trim().substring(FLAGS_PREFIX.length())));
    }
    boolean expectError = lines.stream().anyMatch(l -> l.trim().equals(EXPECT_ERROR));

    List<Case> cases = new ArrayList<>();
    cases.add(new Case(file, rel + suffix(base), base, expectError));
    for (String line : lines) {
      String t = line.trim();
      if (t.startsWith(VARIANT_PREFIX)) {
        List<String> all = new ArrayList<>(base);
        all.addAll(options(rel, t.substring(VARIANT_PREFIX.length())));
        cases.add(new Case(file, rel + suffix(all), all, expectError));
      }
    }
    return cases;
  }

  private static List<String> options(String file, String text) {
    List<String> options = new ArrayList<>();
    for (String token : text.trim().split("\\s+")) {
      if (token.isEmpty()) {
        continue;
      }
      assertTrue(token.startsWith("-D") || token.startsWith("-U") || token.startsWith("-I") || token.equals("--extended-lambda"),
          () -> file + ": only -D, -U, -I and --extended-lambda options are allowed in nvcc-flags/nvcc-variant, not " + token);
      options.add(token);
    }
    return options;
  }

  private static String suffix(List<String> options) {
    return options.isEmpty() ? "" : " " + String.join(" ", options);
  }

  private static void deleteRecursively(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> walk = Files.walk(dir)) {
      for (Path p : walk.sorted(Comparator.reverseOrder()).toArray(Path[]::new)) {
        Files.deleteIfExists(p);
      }
    }
  }
}
