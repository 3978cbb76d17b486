package org.scansim.grade;

import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Runs one step of grading (a compilation, a run) on its own daemon thread with a large stack,
 * and waits for it at most a wall-clock budget. Java cannot stop a thread that does not cooperate:
 * a step past its budget is abandoned (interrupted, and left to end at its instruction or step
 * budget), and the grader does not start more work for that submission.
 */
final class Watchdog {
  /** Stack of a grading thread: deep recursion in a submission's host code or parse tree fits. */
  static final long STACK_BYTES = 256L << 20;

  private Watchdog() {}

  /** What a step ended with: its value, or the failure it threw, or a timeout. */
  record Ended<T>(T value, Throwable failure, boolean timedOut) {}

  static <T> Ended<T> run(String name, double seconds, Callable<T> step) {
    FutureTask<T> task = new FutureTask<>(step);
    Thread worker = new Thread(null, task, name, STACK_BYTES);
    worker.setDaemon(true);
    try {
      worker.start();
    } catch (OutOfMemoryError e) {
      return new Ended<>(null, e, false);
    }
    try {
      return new Ended<>(task.get((long) Math.ceil(seconds * 1000), TimeUnit.MILLISECONDS), null, false);
    } catch (TimeoutException e) {
      task.cancel(true);
      return new Ended<>(null, null, true);
    } catch (ExecutionException e) {
      return new Ended<>(null, e.getCause(), false);
    } catch (InterruptedException e) {
      task.cancel(true);
      Thread.currentThread().interrupt();
      return new Ended<>(null, e, false);
    }
  }
}
