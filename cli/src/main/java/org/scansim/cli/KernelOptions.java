package org.scansim.cli;

import java.io.PrintWriter;
import org.scansim.sim.run.ScanRun;
import picocli.CommandLine.Option;

/**
 * {@code run}'s options for launching a {@code __global__} function directly, without a host
 * entry: {@code --kernel NAME --grid G --block B [--shared S]}. The harness passes its input and
 * output buffers and n, found by parameter type and name ({@link org.scansim.sim.run.KernelBinding}).
 */
final class KernelOptions {
  @Option(names = "--kernel", paramLabel = "NAME",
      description = "launch the __global__ function NAME directly with the input and output buffers and n (by parameter type and "
          + "name; one buffer: in place), as --grid, --block and --shared say, instead of calling a host entry")
  String kernel;

  @Option(names = "--grid", paramLabel = "G", description = "with --kernel: the number of blocks")
  Integer grid;

  @Option(names = "--block", paramLabel = "B", description = "with --kernel: threads per block")
  Integer block;

  @Option(names = "--shared", paramLabel = "BYTES", description = "with --kernel: dynamic shared memory per block, in bytes (default 0)")
  Long shared;

  /** The launch asked for, or null without {@code --kernel}. */
  ScanRun.KernelLaunch launch() {
    return kernel == null ? null : new ScanRun.KernelLaunch(grid, block, shared == null ? 0 : shared);
  }

  /** Whether these options make sense with the rest of the command line; false after saying why. */
  boolean valid(String entry, String device, int sizes, PrintWriter err) {
    if (kernel == null) {
      if (grid != null || block != null || shared != null) {
        err.println("scansim: error: --grid, --block and --shared shape a --kernel launch: name the kernel with --kernel NAME");
        return false;
      }
      return true;
    }
    String problem = entry != null ? "--kernel launches a kernel instead of calling the host entry: give --kernel or --entry, not both"
        : grid == null || block == null ? "--kernel NAME needs --grid G and --block B (and --shared BYTES for dynamic shared memory)"
        : grid < 1 || block < 1 ? "--grid and --block must be at least 1"
        : shared != null && (shared < 0 || shared > Integer.MAX_VALUE) ? "--shared must be between 0 and " + Integer.MAX_VALUE + " bytes"
        : !device.equals("sim") ? "--kernel runs on the simulated device (a --device gpu run calls a host entry)"
        : sizes > 1 ? "--kernel takes one size: its --grid and --block are fixed"
        : null;
    if (problem != null) {
      err.println("scansim: error: " + problem);
      return false;
    }
    return true;
  }
}
