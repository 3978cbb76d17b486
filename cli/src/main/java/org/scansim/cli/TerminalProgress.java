package org.scansim.cli;

import org.scansim.sim.sched.LaunchProgress;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * A progress bar per kernel launch on standard error, in blocks, while a long run goes on: only
 * when the command runs on a terminal ({@link #onTerminal}), never in a report or a pipe. A
 * checked run at 2^24 takes about 24 s, and printed nothing until it ended.
 */
final class TerminalProgress implements LaunchProgress {
  private ProgressBar bar;
  private final java.io.PrintStream to;

  /** Bars written to {@code to}: standard error, or a test's stream. */
  TerminalProgress(java.io.PrintStream to) {
    this.to = to;
  }

  /**
   * A progress bar when standard error is a terminal, else null: the report may go to a file
   * while the bar shows. On Linux, file descriptor 2 links to a terminal device; elsewhere Java's
   * console (standard input and output on a terminal) stands in.
   */
  static LaunchProgress onTerminal() {
    return standardErrorIsATerminal() ? new TerminalProgress(System.err) : null;
  }

  static boolean standardErrorIsATerminal() {
    try {
      String target = java.nio.file.Files.readSymbolicLink(java.nio.file.Path.of("/proc/self/fd/2")).toString();
      return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
    } catch (java.io.IOException | UnsupportedOperationException | SecurityException e) {
      return System.console() != null;
    }
  }

  @Override
  public void launch(int index, String kernel, long blocks) {
    launchEnded();
    bar = new ProgressBarBuilder()
        .setTaskName("launch " + index + " " + kernel)
        .setInitialMax(blocks)
        .setUnit(" blocks", 1)
        .setStyle(ProgressBarStyle.ASCII)
        .setUpdateIntervalMillis(250)
        .setConsumer(new ConsoleProgressBarConsumer(to))
        .clearDisplayOnFinish()
        .build();
  }

  @Override
  public void blocksDone(long done) {
    if (bar != null) {
      bar.stepTo(done);
    }
  }

  @Override
  public void launchEnded() {
    if (bar != null) {
      bar.close();
      bar = null;
    }
  }
}
