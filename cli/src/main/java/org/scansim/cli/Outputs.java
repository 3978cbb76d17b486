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
  /** A sweep file {@code --resume} continues: any regular file, whose rows the resume then checks. */
  static final Output RESUMED = org.scansim.sweep.SweepFiles.CONTINUED;

  /** Whether {@code p} may be written as {@code o}; false after printing the refusal. */
  static boolean mayWrite(Path p, Output o, PrintWriter err) {
    String no = OutputFiles.refusal(p, o);
    if (no != null) {
      err.println("scansim: error: " + no);
    }
    return no == null;
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
