package org.scansim.hardware;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

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
    return new Nvcc(Tools.find("nvcc", explicit).orElseThrow(() -> new GpuUnavailable(explicit != null
        ? "no nvcc at " + explicit + " (--nvcc): not an executable file"
        : "no nvcc on the PATH: install the CUDA toolkit, or give its path with --nvcc")));
  }

  /** nvcc's version line ("Cuda compilation tools, release 13.0, V13.0.88"). */
  String version() {
    return Tools.version(nvcc);
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
    Tools.Result r;
    try {
      r = Tools.run(cmd, logFile, java.time.Duration.ofMinutes(10));
    } catch (Tools.TimedOut e) {
      throw new GpuUnavailable("nvcc did not finish compiling " + file + " in ten minutes");
    }
    if (r.exitCode() != 0) {
      // A file scansim accepts that nvcc refuses: the user's input, shown by its first error.
      String log = r.output();
      String first = log.lines().filter(l -> l.contains("error")).findFirst()
          .orElse(log.lines().filter(l -> !l.isBlank()).findFirst().orElse("exit code " + r.exitCode()));
      throw new org.scansim.sim.run.ScanRun.UsageException("nvcc could not compile " + file + ": " + first);
    }
    return Files.readAllBytes(out);
  }
}
