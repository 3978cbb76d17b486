package org.scansim.dist;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The release archive unpacked into a folder, and its commands run as a user without Maven
 * runs them: with a PATH that holds a shell, a few tools the launcher uses and Java, nothing else.
 */
final class Release {
  /** The archive {@code mvn package} made ({@code dist/target/scansim-VERSION.tar.gz}). */
  static Path archive() {
    String p = System.getProperty("scansim.release");
    if (p == null) {
      throw new IllegalStateException("the release's tests run from Maven (mvn verify), which names the archive");
    }
    return Paths.get(p);
  }

  /** The checkout's root (the tests run in dist/). */
  static Path checkout() {
    return Paths.get("").toAbsolutePath().getParent();
  }

  /** Unpacks the release into {@code dir}; its one folder, {@code scansim-VERSION}. */
  static Path unpack(Path dir) throws Exception {
    Result r = run(dir, Map.of(), List.of("tar", "xzf", archive().toString()));
    if (r.code() != 0) {
      throw new IllegalStateException("tar: " + r.err());
    }
    try (var s = Files.list(dir)) {
      return s.filter(p -> p.getFileName().toString().startsWith("scansim-")).findFirst().orElseThrow();
    }
  }

  /**
   * A folder of links to what a Java-only machine has: bash, the tools the scripts call, and
   * {@code java} when {@code withJava}; a PATH of it alone has no Maven.
   */
  static Path minimalPath(Path dir, boolean withJava, String... more) throws IOException {
    Path bin = Files.createDirectories(dir.resolve(withJava ? "path-java" : "path-nojava"));
    List<String> tools = new ArrayList<>(List.of("bash", "dirname", "sed", "head", "cut", "readlink", "mkdir", "chmod", "cp", "cat", "tr",
        "mktemp", "mv", "rm", "nproc"));
    tools.addAll(List.of(more));
    for (String tool : tools) {
      wrapper(bin.resolve(tool), which(tool));
    }
    if (withJava) {
      wrapper(bin.resolve("java"), Paths.get(ProcessHandle.current().info().command().orElseThrow()));
    }
    return bin;
  }

  /** A script that runs {@code real} (not a link: the folder is deleted after the test, links and all). */
  private static void wrapper(Path at, Path real) throws IOException {
    Files.writeString(at, "#!/bin/sh\nexec '" + real + "' \"$@\"\n");
    Files.setPosixFilePermissions(at, java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x"));
  }

  private static Path which(String tool) {
    for (String d : System.getenv("PATH").split(":")) {
      Path p = Paths.get(d, tool);
      if (Files.isExecutable(p)) {
        return p;
      }
    }
    throw new IllegalStateException("no " + tool + " on the PATH");
  }

  record Result(int code, String out, String err) {}

  /** The unpacked {@code release}'s {@code bin/scansim} with {@code args}, in {@code cwd}, with only {@code path} on the PATH. */
  static Result scansim(Path release, Path path, Path cwd, String... args) throws Exception {
    List<String> cmd = new ArrayList<>(List.of(release.resolve("bin/scansim").toString()));
    cmd.addAll(List.of(args));
    return run(cwd, Map.of("PATH", path.toString()), cmd);
  }

  /** {@code command} in {@code dir} with only the environment given (no JAVA_HOME, no inherited PATH). */
  static Result run(Path dir, Map<String, String> env, List<String> command) throws Exception {
    ProcessBuilder pb = new ProcessBuilder(new ArrayList<>(command)).directory(dir.toFile());
    pb.environment().clear();
    pb.environment().put("PATH", System.getenv("PATH"));
    pb.environment().put("HOME", dir.toString());
    pb.environment().putAll(env);
    Path out = Files.createTempFile(dir, "out", ".txt");
    Path err = Files.createTempFile(dir, "err", ".txt");
    pb.redirectOutput(out.toFile()).redirectError(err.toFile());
    Process p = pb.start();
    if (!p.waitFor(5, TimeUnit.MINUTES)) {
      p.destroyForcibly();
      throw new IllegalStateException(command + " did not end in 5 minutes");
    }
    Result r = new Result(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
    Files.delete(out);
    Files.delete(err);
    return r;
  }

  private Release() {}
}
