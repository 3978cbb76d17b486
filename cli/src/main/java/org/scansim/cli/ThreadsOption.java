package org.scansim.cli;

import java.io.PrintWriter;

/**
 * The {@code --threads} a command was given, as the simulator takes it: this machine's cores when
 * none was, at least one, and at most the cores. More threads than cores only slow a run down
 * (on a two-core machine, {@code ./scansim run} of Harris's scan at 2^22 took 1.3 to 1.6 s on 2
 * threads, 2.1 s on 8, 3.8 s on 64 and 18.9 s on 256, the JVM's start included) and never change
 * its report, so a larger request runs on the cores, with a note.
 */
final class ThreadsOption {
  private ThreadsOption() {}

  /** The threads to run on, or -1 after printing the error for a count below one. */
  static int resolve(Integer requested, PrintWriter err) {
    int cores = Runtime.getRuntime().availableProcessors();
    if (requested == null) {
      return cores;
    }
    if (requested < 1) {
      err.println("scansim: error: --threads must be at least 1, not " + requested);
      return -1;
    }
    if (requested > cores) {
      err.println("scansim: note: --threads " + requested + " is more than this machine's " + cores
          + " cores, which run it; the report is the same for any thread count");
      return cores;
    }
    return requested;
  }
}
