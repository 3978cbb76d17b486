package org.scansim.cli;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/** The scansim command in a JVM of its own, as a user runs it: its own heap, working folder and exit code. */
final class ScansimProcess {
  private ScansimProcess() {}

  /** Runs {@code scansim ARGS} in {@code workingDir} (null: this JVM's) with the given JVM options. */
  static CliRun run(Path workingDir, List<String> jvmOptions, List<String> args) throws Exception {
    return start(List.of(), workingDir, jvmOptions, args);
  }

  /** A process's run with what {@code /usr/bin/time -v} measured of it: its peak resident memory and its wall time. */
  record Measured(CliRun run, long maxRssKb, double seconds) {}

  /** Whether {@code /usr/bin/time} (GNU time, which measures a process's peak memory) is here. */
  static boolean canMeasure() {
    return Files.isExecutable(Path.of("/usr/bin/time"));
  }

  /**
   * Runs {@code scansim ARGS} as {@link #run} does, under {@code /usr/bin/time -v}: the whole
   * process as a user runs it, its memory as the operating system counts it (the JVM's heap,
   * metaspace, threads and all).
   */
  static Measured measured(Path workingDir, List<String> jvmOptions, List<String> args) throws Exception {
    Path report = Files.createTempFile("scansim-time", ".txt");
    try {
      CliRun r = start(List.of("/usr/bin/time", "-v", "-o", report.toString()), workingDir, jvmOptions, args);
      String time = Files.readString(report);
      java.util.regex.Matcher rss = java.util.regex.Pattern.compile("Maximum resident set size \\(kbytes\\): (\\d+)").matcher(time);
      java.util.regex.Matcher wall = java.util.regex.Pattern.compile("Elapsed \\(wall clock\\) time \\(h:mm:ss or m:ss\\): (?:(\\d+):)?(\\d+):([\\d.]+)")
          .matcher(time);
      if (!rss.find() || !wall.find()) {
        throw new AssertionError("/usr/bin/time -v said nothing of memory and time: " + time);
      }
      double seconds = (wall.group(1) == null ? 0 : Integer.parseInt(wall.group(1)) * 3600) + Integer.parseInt(wall.group(2)) * 60
          + Double.parseDouble(wall.group(3));
      return new Measured(r, Long.parseLong(rss.group(1)), seconds); // time's exit status is the command's
    } finally {
      Files.deleteIfExists(report);
    }
  }

  /** The java command of {@code scansim ARGS} after {@code prefix} (a measuring tool), run to its end within 300 s. */
  private static CliRun start(List<String> prefix, Path workingDir, List<String> jvmOptions, List<String> args) throws Exception {
    List<String> cmd = new ArrayList<>(prefix);
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.add("-XX:+UseParallelGC");
    cmd.addAll(jvmOptions);
    cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName()));
    cmd.addAll(args);
    ProcessBuilder pb = new ProcessBuilder(cmd);
    if (workingDir != null) {
      pb.directory(workingDir.toFile());
    }
    Process p = pb.start();
    p.getOutputStream().close();
    // Both pipes are read at once, so that neither fills up.
    CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> read(p.getErrorStream()));
    String out = read(p.getInputStream());
    if (!p.waitFor(300, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new AssertionError("scansim " + String.join(" ", args) + " did not end within 300 s");
    }
    return new CliRun(p.exitValue(), out, err.get());
  }

  private static String read(java.io.InputStream in) {
    try (in) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
