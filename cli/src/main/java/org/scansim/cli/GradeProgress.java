package org.scansim.cli;

import java.io.PrintStream;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * {@code grade}'s progress on a terminal: a bar on standard error over every submission's sizes,
 * naming the submission and the size being run, cleared before each line the command prints (a
 * submission's score as it finishes). Off a terminal it draws nothing: the lines are the
 * progress.
 */
final class GradeProgress implements AutoCloseable {
  private final ProgressBar bar;
  private final PrintStream to;
  private final int sizes;
  private int submissions;
  private int runs;
  private String name = "";

  /** A bar for {@code total} submissions of {@code sizes} runs each, drawn to {@code to} when {@code terminal}. */
  GradeProgress(int total, int sizes, boolean terminal, PrintStream to) {
    this.to = to;
    this.sizes = Math.max(1, sizes);
    bar = !terminal ? null : new ProgressBarBuilder().setTaskName("grading").setInitialMax((long) total * this.sizes)
        .setUnit(" runs", 1).setStyle(ProgressBarStyle.ASCII).setUpdateIntervalMillis(250)
        .setConsumer(new ConsoleProgressBarConsumer(to)).clearDisplayOnFinish().build();
  }

  /** A submission starts. */
  void submission(String name) {
    this.name = name;
    runs = 0;
    if (bar != null) {
      bar.setExtraMessage(name);
    }
  }

  /** One of its sizes (or a program's runs) starts. */
  void size(int n) {
    if (bar != null) {
      bar.setExtraMessage(name + " at " + n);
      bar.stepTo((long) submissions * sizes + Math.min(runs++, sizes - 1));
    }
  }

  /** The submission is graded (its later sizes may not have run: a runaway ends them). */
  void submissionDone() {
    submissions++;
    if (bar != null) {
      bar.stepTo((long) submissions * sizes);
    }
  }

  /** Before a line on standard output: the bar's line is cleared, to be drawn again below it. */
  void beforeLine() {
    if (bar != null) {
      to.print("\r\033[2K");
      to.flush();
    }
  }

  @Override
  public void close() {
    if (bar != null) {
      bar.close();
    }
  }
}
