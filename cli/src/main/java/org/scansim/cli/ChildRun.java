package org.scansim.cli;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.scansim.sim.run.ScanRun;

/**
 * The command line of {@code scansim run FILE --device gpu} in a new JVM like this one (same
 * Java, same options, same class path), for a profiler or sanitizer to wrap: Nsight Compute and
 * compute-sanitizer attach to a process they start. A user can run the same line by hand.
 */
final class ChildRun {
  private ChildRun() {}

  static List<String> command(Path file, List<String> defines, int n, String entry, ScanRun.Expect expect, Path nvcc) {
    return command(file, defines, n, entry, expect, nvcc, 1);
  }

  /** As above, the host entry run {@code runs} times ({@code --repeat}). */
  static List<String> command(Path file, List<String> defines, int n, String entry, ScanRun.Expect expect, Path nvcc, int runs) {
    List<String> cmd = new ArrayList<>();
    cmd.add(ProcessHandle.current().info().command().orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
    for (String option : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
      if (!option.startsWith("-agentlib") && !option.startsWith("-javaagent")) {
        cmd.add(option);
      }
    }
    List<String> classPath = new ArrayList<>();
    for (String p : System.getProperty("java.class.path").split(java.io.File.pathSeparator)) {
      classPath.add(Path.of(p).toAbsolutePath().toString());
    }
    cmd.addAll(List.of("-cp", String.join(java.io.File.pathSeparator, classPath), Main.class.getName(), "run", file.toString(),
        "--n", String.valueOf(n), "--device", "gpu"));
    for (String d : defines) {
      cmd.addAll(List.of("-D", d));
    }
    if (entry != null) {
      cmd.addAll(List.of("--entry", entry));
    }
    if (expect != null) {
      cmd.addAll(List.of("--expect", expect.name().toLowerCase(Locale.ROOT)));
    }
    if (nvcc != null) {
      cmd.addAll(List.of("--nvcc", nvcc.toAbsolutePath().toString()));
    }
    if (runs != 1) {
      cmd.addAll(List.of("--repeat", String.valueOf(runs)));
    }
    return cmd;
  }
}
