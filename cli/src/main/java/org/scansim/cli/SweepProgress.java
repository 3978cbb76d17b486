package org.scansim.cli;

import java.io.PrintWriter;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;
import org.scansim.sweep.Row;
import org.scansim.sweep.Sweep;

/**
 * A sweep's progress on standard error: on a terminal a progress bar of points with the time
 * left (progressbar's estimate); elsewhere (a log, a Slurm job's output) a plain line at most
 * every few seconds and at the end, with the points done and an estimate of the time left.
 */
final class SweepProgress implements Sweep.Listener, AutoCloseable {
  /** The least time between two plain lines. */
  static final long LINE_EVERY_MILLIS = 5_000;

  private final PrintWriter err;
  private final boolean terminal;
  private ProgressBar bar;
  private int total;
  private int skipped;
  private long started;
  private long lastLine;

  private final java.io.PrintStream barTo;

  SweepProgress(PrintWriter err, boolean terminal) {
    this(err, terminal, System.err);
  }

  /** Plain lines to {@code err}; on a terminal, the bar to {@code barTo} (standard error, or a test's stream). */
  SweepProgress(PrintWriter err, boolean terminal, java.io.PrintStream barTo) {
    this.err = err;
    this.terminal = terminal;
    this.barTo = barTo;
  }

  @Override
  public void start(int total, int skipped) {
    this.total = total;
    this.skipped = skipped;
    started = System.nanoTime();
    lastLine = started;
    if (terminal && total > skipped) {
      // Redrawn every 250 ms, not only when a point ends: the elapsed time ticks through a long point, and
      // progressbar's own skip-if-unchanged test races with a step made while it draws (it records the
      // later count as drawn), which could leave the bar a point behind until the next one ends.
      bar = new ProgressBarBuilder().setTaskName("sweep").setInitialMax(total).setUnit(" points", 1).setStyle(ProgressBarStyle.ASCII)
          .setUpdateIntervalMillis(250).continuousUpdate().setConsumer(new me.tongfei.progressbar.ConsoleProgressBarConsumer(barTo))
          .startsFrom(skipped, java.time.Duration.ZERO).clearDisplayOnFinish().build();
    } else if (!terminal) {
      err.println("scansim: sweep: " + total + (total == 1 ? " point" : " points") + (skipped > 0 ? ", " + skipped + " already done" : ""));
      err.flush();
    }
  }

  @Override
  public void point(Row row, int done) {
    if (bar != null) {
      bar.stepTo(done);
      return;
    }
    long now = System.nanoTime();
    if (!terminal && (now - lastLine >= LINE_EVERY_MILLIS * 1_000_000 || done == total)) {
      lastLine = now;
      double seconds = (now - started) / 1e9;
      int ran = done - skipped;
      String left = done == total || ran == 0 ? "" : ", about " + duration(seconds / ran * (total - done)) + " left";
      err.println("scansim: sweep: " + done + "/" + total + " points done in " + duration(seconds) + left);
      err.flush();
    }
  }

  @Override
  public void close() {
    if (bar != null) {
      bar.close();
      bar = null;
    }
  }

  static String duration(double seconds) {
    long s = Math.round(seconds);
    return s < 60 ? s + " s" : s < 3600 ? s / 60 + " min " + s % 60 + " s" : s / 3600 + " h " + s % 3600 / 60 + " min";
  }
}
