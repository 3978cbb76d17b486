package org.scansim.sim.exec;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.function.IntConsumer;

/**
 * The threads that run one launch's chunks of blocks together with the launching thread. They
 * stay for the whole launch and wait for each chunk by spinning briefly, then parking: a chunk
 * handed to a parked thread starts late by however long the machine takes to wake it. On this
 * project's two-core virtual machine a pool task submitted for each chunk started 370 µs late on
 * average, and the launching thread then waited 160 µs more at the chunk's end (twelve runs of
 * Harris's scan at 2^22 on two threads, warm-up included), against chunks of about 3 ms.
 * Between chunks the launching thread does little (the chunk's budget, output and footprints),
 * so the helpers are usually still spinning when the next chunk comes. With more members than
 * cores nobody spins.
 */
final class Crew implements AutoCloseable {
  /** How long a waiting thread spins before it parks, when every member has a core of its own. */
  private static final long SPIN_NANOS = 2_000_000;
  /** How long a parked waiter sleeps before it looks again (a wake-up may come first). */
  private static final long PARK_NANOS = 200_000;

  private final Thread caller = Thread.currentThread();
  private final Thread[] helpers;
  private final Future<?>[] tasks;
  private final Throwable[] failures;
  private final AtomicInteger finished = new AtomicInteger();
  private volatile IntConsumer job;
  /** Moves on each {@link #each}, and once more at {@link #close}. */
  private volatile int generation;
  private volatile boolean closed;
  /**
   * {@link #SPIN_NANOS}, or 0 when there are more members than cores: a spinning member would
   * then take a core from one still working (four threads on two cores ran 2.6 times slower).
   */
  private final long spinNanos;

  /** Starts {@code count} helper threads on {@code pool}; they are numbered 1..count (the caller is 0). */
  Crew(int count, ExecutorService pool) {
    this(count, pool, count + 1 <= Runtime.getRuntime().availableProcessors() ? SPIN_NANOS : 0);
  }

  /** As {@link #Crew(int, ExecutorService)}, spinning {@code spinNanos} before parking (tests take both ways). */
  Crew(int count, ExecutorService pool, long spinNanos) {
    this.spinNanos = spinNanos;
    helpers = new Thread[count];
    failures = new Throwable[count + 1];
    tasks = new Future<?>[count];
    for (int i = 0; i < count; i++) {
      int id = i + 1;
      tasks[i] = pool.submit(() -> help(id));
    }
  }

  /**
   * Runs {@code work} for every member, {@code work.accept(0)} on the calling thread, and returns
   * when all have finished. A failure is rethrown after all have finished, the caller's first.
   * An interrupt of the calling thread does not cut the wait short (the helpers are still at
   * work); it is set again when this returns.
   */
  void each(IntConsumer work) {
    finished.set(0);
    java.util.Arrays.fill(failures, null);
    job = work;
    generation++; // publishes the job: helpers read it after seeing the new generation
    for (Thread t : helpers) {
      if (t != null) {
        LockSupport.unpark(t); // cheap when it is not parked; wakes it at once when it is
      }
    }
    try {
      work.accept(0);
    } catch (RuntimeException | Error e) {
      failures[0] = e;
    }
    int count = helpers.length;
    if (await(() -> finished.get() >= count)) {
      Thread.currentThread().interrupt(); // kept for the caller, once the helpers have finished
    }
    for (Throwable t : failures) { // only what each and help catch: unchecked
      if (t instanceof Error e) {
        throw e;
      } else if (t != null) {
        throw (RuntimeException) t;
      }
    }
  }

  private void help(int id) {
    helpers[id - 1] = Thread.currentThread();
    int seen = 0;
    while (true) {
      int last = seen;
      await(() -> generation != last);
      seen = generation;
      if (closed) {
        return;
      }
      try {
        job.accept(id);
      } catch (RuntimeException | Error e) {
        failures[id] = e;
      }
      if (finished.incrementAndGet() == helpers.length) {
        LockSupport.unpark(caller);
      }
    }
  }

  /**
   * Waits until {@code ready}: spinning for {@link #spinNanos}, then parking in naps a wake-up
   * may cut short. Returns whether the thread was interrupted meanwhile; the interrupt is cleared
   * (else each park would return at once and the wait would spin).
   */
  private boolean await(java.util.function.BooleanSupplier ready) {
    long start = System.nanoTime();
    boolean interrupted = false;
    while (!ready.getAsBoolean()) {
      if (System.nanoTime() - start < spinNanos) {
        Thread.onSpinWait();
      } else {
        LockSupport.parkNanos(this, PARK_NANOS);
        interrupted |= Thread.interrupted();
      }
    }
    return interrupted;
  }

  /** Lets the helpers go back to the pool, and waits until they have. */
  @Override
  public void close() {
    closed = true;
    generation++;
    for (Thread t : helpers) {
      if (t != null) {
        LockSupport.unpark(t);
      }
    }
    boolean interrupted = false;
    for (Future<?> f : tasks) {
      while (true) {
        try {
          f.get();
          break;
        } catch (InterruptedException e) {
          interrupted = true;
        } catch (java.util.concurrent.ExecutionException e) {
          break; // help() catches what a job throws; nothing else can fail there
        }
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }
}
