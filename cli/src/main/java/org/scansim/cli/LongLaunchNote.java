package org.scansim.cli;

import java.io.PrintWriter;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.scansim.sim.sched.LaunchProgress;

/**
 * Where no progress bar shows (standard error is not a terminal), one line on standard error when
 * a launch is still running after {@link #AFTER_SECONDS} s, saying what ends a kernel that never
 * does and how to end it sooner: a spin-wait that nothing releases runs to the instruction budget,
 * which takes minutes, and printed nothing until then. Never in a report: the report is the same
 * however long the run took.
 */
final class LongLaunchNote implements LaunchProgress {
  static final long AFTER_SECONDS = 30;

  /** One daemon thread for every note of the JVM (a bench or a test runs many commands in one). */
  private static ScheduledExecutorService timer;

  private final PrintWriter to;
  private final long afterMillis;
  private final long maxInstructions;
  private final long wallSeconds;
  private ScheduledFuture<?> pending;

  LongLaunchNote(PrintWriter to, long afterMillis, long maxInstructions, long wallSeconds) {
    this.to = to;
    this.afterMillis = afterMillis;
    this.maxInstructions = maxInstructions;
    this.wallSeconds = wallSeconds;
  }

  /** The bar on a terminal, else this note on the command's standard error {@code err}. */
  static LaunchProgress forRun(PrintWriter err, long maxInstructions, long wallSeconds) {
    LaunchProgress bar = TerminalProgress.onTerminal();
    return bar != null ? bar : new LongLaunchNote(err, AFTER_SECONDS * 1000, maxInstructions, wallSeconds);
  }

  private static synchronized ScheduledExecutorService timer() {
    if (timer == null) {
      timer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "scansim-long-launch-note");
        t.setDaemon(true);
        return t;
      });
    }
    return timer;
  }

  /** What the note says about launch {@code index} of {@code kernel}. */
  String text(int index, String kernel) {
    return "scansim: note: launch " + index + " (" + kernel + ") is still running after " + afterMillis / 1000 + " s; a kernel that"
        + " never ends stops at the instruction budget (" + String.format(java.util.Locale.ROOT, "%,d", maxInstructions)
        + " warp instructions, --max-instructions N)" + (wallSeconds > 0 ? " or after --wall-seconds " + wallSeconds
        + ", whichever comes first" : "");
  }

  @Override
  public synchronized void launch(int index, String kernel, long blocks) {
    launchEnded();
    String line = text(index, kernel);
    pending = timer().schedule(() -> {
      to.println(line);
      to.flush();
    }, afterMillis, TimeUnit.MILLISECONDS);
  }

  @Override
  public void blocksDone(long done) {}

  @Override
  public synchronized void launchEnded() {
    if (pending != null) {
      pending.cancel(false);
      pending = null;
    }
  }
}
