package org.scansim.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import org.scansim.files.OutputFiles;
import org.scansim.files.OutputFiles.Output;

/**
 * The files the commands write, each told from a user's file by its mark ({@link OutputFiles}:
 * a new file or one scansim wrote; never a folder, a link, a pipe, a device or the user's file).
 */
final class Outputs {
  private Outputs() {}

  /** The mark every scansim page carries in its head. */
  static final String MARK = "<meta name=\"generator\" content=\"scansim\">";

  /** {@code run --json}, {@code crosscheck --json}: a report with its schema version first. */
  static final Output REPORT = Output.marked("a JSON report", "\"schemaVersion\"");
  /** {@code --html} of run, sweep and merge. */
  static final Output PAGE = Output.marked("a page", MARK);
  /** {@code circuit --svg}. */
  static final Output SVG = Output.marked("an SVG picture", "<svg");
  /** A sweep's CSV or JSON lines, and merge's OUT. */
  static final Output SWEEP = new Output("a sweep file", org.scansim.sweep.SweepFiles::written);
  /**
   * A sweep file {@code --resume} continues: any regular file, whose rows the resume then checks.
   * A method, not a field: a field would initialise {@code SweepFiles}, and with it Jackson's CSV
   * mappers, in every command that names an output (a {@code check} spent a tenth of a second there).
   */
  static Output resumed() {
    return org.scansim.sweep.SweepFiles.CONTINUED;
  }

  /** Whether {@code p} may be written as {@code o}; false after printing the refusal. */
  static boolean mayWrite(Path p, Output o, PrintWriter err) {
    String no = OutputFiles.refusal(p, o);
    if (no != null) {
      err.println("scansim: error: " + no);
    }
    return no == null;
  }

  /** The text of an output, made as it is written (serialising may fail like writing). */
  interface Text {
    String get() throws java.io.IOException;
  }

  /**
   * Writes {@code text} to {@code p} as {@code o}; false after saying it could not ("scansim:
   * error: cannot write P: why"), the command then exits with invalid input.
   */
  static boolean write(Path p, Output o, PrintWriter err, Text text) {
    return writeBytes(p, o, err, () -> text.get().getBytes(java.nio.charset.StandardCharsets.UTF_8));
  }

  /** The bytes of an output (an archive), made as it is written. */
  interface Bytes {
    byte[] get() throws java.io.IOException;
  }

  /** As {@link #write}, for bytes. */
  static boolean writeBytes(Path p, Output o, PrintWriter err, Bytes bytes) {
    try {
      OutputFiles.write(p, bytes.get(), o);
      return true;
    } catch (java.io.IOException e) {
      err.println("scansim: error: cannot write " + p + ": " + e.getMessage());
      return false;
    }
  }

  /**
   * After a run a budget stopped: the flag that raises that budget, with its value now ({@code
   * what}: "kernel" or "program"; {@code eachSize}: the budgets of each of several sizes).
   */
  static void budgetNote(org.scansim.sim.result.Fault.Budget budget, long maxInstructions, long wallSeconds, String what, boolean eachSize,
      PrintWriter err) {
    String of = eachSize ? " of each size" : "";
    if (budget == org.scansim.sim.result.Fault.Budget.INSTRUCTIONS) {
      err.println("scansim: note: --max-instructions N raises the instruction budget" + of + " (now " + maxInstructions
          + " warp instructions) if the " + what + " is meant to run this long");
    } else if (budget == org.scansim.sim.result.Fault.Budget.HOST_STEPS) {
      long steps = org.scansim.sim.host.HostInterpreter.stepLimitFor(maxInstructions);
      err.println("scansim: note: --max-instructions N over 2000000000 raises the host code's step budget too, to 2N (now " + steps
          + " host instructions) if the " + what + " is meant to run this long");
    } else if (budget == org.scansim.sim.result.Fault.Budget.WALL_CLOCK) {
      err.println("scansim: note: --wall-seconds S raises the wall-clock budget" + of + " (now " + wallSeconds
          + " s) if the program is meant to run this long");
    }
  }

  /** Whether the files a command is given are all different (null: not given); false after saying which two are one. */
  static boolean distinct(PrintWriter err, Path... files) {
    java.util.Map<Path, Path> seen = new java.util.HashMap<>();
    for (Path f : files) {
      if (f == null) {
        continue;
      }
      Path earlier = seen.put(f.toAbsolutePath().normalize(), f);
      if (earlier != null) {
        err.println("scansim: error: " + earlier + " is named twice (as an input or output); name each file once");
        return false;
      }
    }
    return true;
  }
}
