package org.scansim.hardware;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * NVIDIA's compiler, run on the kernel file the simulator reads: {@code nvcc -cubin
 * -arch=sm_XY -lineinfo -DNAME=VALUE ...}, for the card's compute capability, with the same
 * defines as the simulated run.
 */
final class Nvcc {
  private final Path nvcc;

  private Nvcc(Path nvcc) {
    this.nvcc = nvcc;
  }

  /** {@code explicit} when given, else {@code nvcc} on the PATH; one line when there is none. */
  static Nvcc find(Path explicit) throws GpuUnavailable {
    if (explicit != null) {
      if (!Files.isExecutable(explicit)) {
        throw new GpuUnavailable("no nvcc at " + explicit + " (--nvcc): not an executable file");
      }
      return new Nvcc(explicit);
    }
    String path = System.getenv("PATH");
    for (String dir : path == null ? new String[0] : path.split(java.io.File.pathSeparator)) {
      if (!dir.isEmpty()) {
        Path p = Path.of(dir, "nvcc");
        if (Files.isExecutable(p)) {
          return new Nvcc(p);
        }
      }
    }
    throw new GpuUnavailable("no nvcc on the PATH: install the CUDA toolkit, or give its path with --nvcc");
  }

  /** Compiles {@code file} to a cubin in {@code dir} for compute capability major.minor. */
  byte[] cubin(Path file, Map<String, String> defines, int major, int minor, Path dir)
      throws IOException, GpuUnavailable, org.scansim.sim.run.ScanRun.UsageException {
    Path out = dir.resolve("kernel.cubin");
    List<String> cmd = new ArrayList<>(List.of(nvcc.toString(), "-cubin", "-arch=sm_" + major + minor, "-lineinfo"));
    for (Map.Entry<String, String> d : defines.entrySet()) {
      cmd.add("-D" + d.getKey() + (d.getValue() == null ? "" : "=" + d.getValue()));
    }
    cmd.add("-o");
    cmd.add(out.toString());
    cmd.add(file.toString());
    Path logFile = dir.resolve("nvcc.log");
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(logFile.toFile()).start();
    try {
      if (!p.waitFor(10, TimeUnit.MINUTES)) {
        p.destroyForcibly();
        throw new GpuUnavailable("nvcc did not finish compiling " + file + " in ten minutes");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new GpuUnavailable("interrupted while nvcc compiled " + file);
    }
    if (p.exitValue() != 0) {
      // A file scansim accepts that nvcc refuses: the user's input, shown by its first error.
      String log = Files.readString(logFile, StandardCharsets.UTF_8);
      String first = log.lines().filter(l -> l.contains("error")).findFirst()
          .orElse(log.lines().filter(l -> !l.isBlank()).findFirst().orElse("exit code " + p.exitValue()));
      throw new org.scansim.sim.run.ScanRun.UsageException("nvcc could not compile " + file + ": " + first);
    }
    return Files.readAllBytes(out);
  }
}
