package org.scansim.cli;

import java.nio.charset.StandardCharsets;
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
    List<String> cmd = new ArrayList<>();
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
