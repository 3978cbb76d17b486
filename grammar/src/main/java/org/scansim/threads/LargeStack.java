package org.scansim.threads;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;

/**
 * Runs recursive passes (the front end's parse, type checker and lowering, and the host
 * interpreter of a run, which calls through the program's own recursion) on threads
 * with a {@value #STACK_MIB} MiB stack, so that legal but deeply nested code (long {@code else
 * if} chains, long prefix-operator runs) compiles whatever the caller's stack size; a stack
 * overflow beyond that is caught by the task. The threads are kept for reuse (and end after a
 * minute unused): starting and joining two new ones for each compile took about a seventh of the
 * samples in a profile of repeated compiles of Harris's file on this project's machine.
 */
public final class LargeStack {
  public static final int STACK_MIB = 256;

  private static final ExecutorService THREADS = Executors.newCachedThreadPool(r -> {
    Thread t = new Thread(null, r, "scansim-frontend", (long) STACK_MIB << 20);
    t.setDaemon(true);
    return t;
  });

  private LargeStack() {}

  /**
   * Runs {@code task} on a large-stack thread and waits for it, or on the caller's stack when no
   * thread can be had. An interrupt does not cut the wait short; it is set again when this
   * returns. {@code task} must catch what it throws.
   */
  public static void run(Runnable task) {
    Future<?> done = submit(task);
    if (done == null) {
      return;
    }
    boolean interrupted = false;
    while (true) {
      try {
        done.get();
        break;
      } catch (InterruptedException e) {
        interrupted = true;
      } catch (java.util.concurrent.ExecutionException e) {
        break; // the task catches what it throws; nothing else can fail there
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }

  /**
   * The same for a compile, which may be abandoned: an interrupt of the caller (a grading budget
   * that passed) interrupts the task, whose loops then stop ({@link
   * org.scansim.frontend.diag.Cancellation}), and ends the wait with a {@link
   * org.scansim.frontend.diag.Cancellation}; the caller stays interrupted.
   */
  public static void compile(Runnable task) {
    Future<?> done = submit(task);
    if (done == null) {
      return;
    }
    try {
      done.get();
    } catch (InterruptedException e) {
      done.cancel(true); // the compile's thread stops at its next step instead of running on unwatched
      Thread.currentThread().interrupt();
      throw org.scansim.frontend.diag.Cancellation.cancelled();
    } catch (java.util.concurrent.ExecutionException | java.util.concurrent.CancellationException e) {
      // the task catches what it throws; nothing else can fail there
    }
  }

  /** {@code task} on a large-stack thread, or run here on the caller's stack (null) when no thread can be had. */
  private static Future<?> submit(Runnable task) {
    try {
      return THREADS.submit(task);
    } catch (OutOfMemoryError | RejectedExecutionException | SecurityException e) {
      task.run();
      return null;
    }
  }
}
