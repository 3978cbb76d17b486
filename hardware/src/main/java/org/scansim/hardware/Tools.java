package org.scansim.hardware;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The CUDA toolkit's programs (nvcc, Nsight Compute, compute-sanitizer) as child processes:
 * found on the PATH or at a path the user gave, run with their output in a file and a time
 * limit, and stopped with every process they started when the limit passes. {@link #run} and
 * {@link #deleteTree} are public for the cli's {@code bench --processes}, which runs scansim's own
 * launcher the same way.
 */
public final class Tools {
  private Tools() {}

  /** {@code explicit} when given (it must be an executable file), else {@code name} on the PATH. */
  static Optional<Path> find(String name, Path explicit) {
    if (explicit != null) {
      return Files.isExecutable(explicit) && !Files.isDirectory(explicit) ? Optional.of(explicit) : Optional.empty();
    }
    String path = System.getenv("PATH");
    for (String dir : path == null ? new String[0] : path.split(java.io.File.pathSeparator)) {
      if (!dir.isEmpty()) {
        Path p = Path.of(dir, name);
        if (Files.isExecutable(p) && !Files.isDirectory(p)) {
          return Optional.of(p);
        }
      }
    }
    return Optional.empty();
  }

  /** What a child process printed (standard output and error together) and how it ended. */
  public record Result(int exitCode, String output) {}

  /** Thrown when a child process ran past its time limit; it and its children were stopped. */
  public static final class TimedOut extends Exception {
    TimedOut(String message) {
      super(message);
    }
  }

  /** Runs {@code command} with its output in {@code log}; stops it and its descendants past {@code limit}. */
  public static Result run(List<String> command, Path log, Duration limit) throws IOException, TimedOut {
    Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile())
        .redirectInput(ProcessBuilder.Redirect.from(nullDevice())).start();
    try {
      if (!p.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS)) {
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();
        p.waitFor(10, TimeUnit.SECONDS);
        throw new TimedOut(command.get(0) + " did not finish in " + limit.toSeconds() + " s: stopped");
      }
    } catch (InterruptedException e) {
      p.descendants().forEach(ProcessHandle::destroyForcibly);
      p.destroyForcibly();
      Thread.currentThread().interrupt();
      throw new TimedOut("interrupted while " + command.get(0) + " ran: stopped");
    }
    // Decoded leniently: a tool's message in another encoding is still read.
    return new Result(p.exitValue(), new String(Files.readAllBytes(log), StandardCharsets.UTF_8));
  }

  /** A new temporary folder, or one line saying why there is none. */
  static Path tempDir(String prefix) throws ToolFailed {
    try {
      return Files.createTempDirectory(prefix);
    } catch (IOException e) {
      throw new ToolFailed("no temporary folder: " + e.getMessage());
    }
  }

  /** Removes a temporary folder and what is in it; one that cannot be removed is left behind. */
  public static void deleteTree(Path dir) {
    if (dir == null) {
      return;
    }
    try (var walk = Files.walk(dir)) {
      for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    } catch (IOException | java.io.UncheckedIOException ignored) {
      // a temporary folder left behind
    }
  }

  private static java.io.File nullDevice() {
    return new java.io.File(System.getProperty("os.name", "").startsWith("Windows") ? "NUL" : "/dev/null");
  }

  /** A tool's first line of {@code --version} output that names a version, or "unknown". */
  static String version(Path tool) {
    try {
      Path log = Files.createTempFile("scansim-version", ".log");
      try {
        Result r = run(List.of(tool.toString(), "--version"), log, Duration.ofSeconds(60));
        return r.output().lines().filter(l -> l.toLowerCase(java.util.Locale.ROOT).contains("version")
            || l.contains("release")).reduce((a, b) -> b).orElse("unknown").trim();
      } finally {
        Files.deleteIfExists(log);
      }
    } catch (IOException | TimedOut e) {
      return "unknown";
    }
  }
}
