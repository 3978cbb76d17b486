package org.scansim.sim.sched;

import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
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
 * cores nobody spins. Wake-ups on that machine at times took 2 to 3 ms; so a launch does not
 * wait for a helper that comes after the blocks are all taken ({@link #share}), nor, at its end,
 * for one that never started ({@link #close}).
 */
final class Crew implements AutoCloseable {
  /** How long a waiting thread spins before it parks, when every member has a core of its own. */
  private static final long SPIN_NANOS = 2_000_000;
  /** How long a parked waiter sleeps before it looks again (a wake-up may come first). */
  private static final long PARK_NANOS = 200_000;

  private final Thread caller = Thread.currentThread();
  private final Thread[] helpers;
  private final Throwable[] failures;
  private final AtomicInteger finished = new AtomicInteger();
  private IntConsumer job;
  /**
   * The current job's generation (high 32 bits; it moves on each {@link #each} or {@link #share},
   * and once more at {@link #close}), whether the job is shut to late helpers ({@link #SHUT}), and
   * how many helpers have taken it (low bits). A helper takes a job by adding one while it is not
   * shut, so the caller knows, once it shuts the job, exactly whom to wait for.
   */
  private final AtomicLong state = new AtomicLong();
  private static final long SHUT = 1L << 31;
  private volatile boolean closed;
  /** Per helper: 0 until it starts, 1 once it has, 2 when the crew closed before it started (it never will), 3 once it has left. */
  private final java.util.concurrent.atomic.AtomicIntegerArray starts;
  /**
   * {@link #SPIN_NANOS}, or 0 when there are more members than cores: a spinning member would
   * then take a core from one still working (four threads on two cores ran 2.6 times slower).
   */
  private final long spinNanos;

  /** Starts {@code count} helper threads on {@code pool}; they are numbered 1..count (the caller is 0). */
  Crew(int count, Executor pool) {
    this(count, pool, count + 1 <= Runtime.getRuntime().availableProcessors() ? SPIN_NANOS : 0);
  }

  /** As {@link #Crew(int, Executor)}, spinning {@code spinNanos} before parking (tests take both ways). */
  Crew(int count, Executor pool, long spinNanos) {
    this.spinNanos = spinNanos;
    helpers = new Thread[count];
    starts = new java.util.concurrent.atomic.AtomicIntegerArray(count);
    failures = new Throwable[count + 1];
    for (int i = 0; i < count; i++) {
      int id = i + 1;
      pool.execute(() -> help(id));
    }
  }

  /**
   * Runs {@code work} for every member, {@code work.accept(0)} on the calling thread, and returns
   * when all have finished. A failure is rethrown after all have finished, the caller's first.
   * An interrupt of the calling thread does not cut the wait short (the helpers are still at
   * work); it is set again when this returns.
   */
  void each(IntConsumer work) {
    run(work, false);
  }

  /**
   * Runs {@code work} on the calling thread and on each helper that comes for it before the
   * caller's own share has returned, and returns when all of those have finished; a helper that
   * comes later skips it. For work the members take from a common pool (blocks handed out in
   * order): once the caller's share returns there is nothing left to take, and waiting for a
   * helper that a slow wake-up has kept away would only add that wake-up to the job. Failures as
   * in {@link #each}.
   */
  void share(IntConsumer work) {
    run(work, true);
  }

  private void run(IntConsumer work, boolean share) {
    finished.set(0);
    java.util.Arrays.fill(failures, null);
    job = work;
    publish(); // helpers read the job after seeing the new generation
    try {
      work.accept(0);
    } catch (RuntimeException | Error e) {
      failures[0] = e;
    }
    int count = share ? (int) (state.getAndUpdate(v -> v | SHUT) & (SHUT - 1)) : helpers.length;
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

  /** Starts the next generation, with no helper on it yet, and wakes the helpers. */
  private void publish() {
    state.set(((state.get() >>> 32) + 1) << 32);
    for (Thread t : helpers) {
      if (t != null) {
        LockSupport.unpark(t); // cheap when it is not parked; wakes it at once when it is
      }
    }
  }

  private void help(int id) {
    if (!starts.compareAndSet(id - 1, 0, 1)) {
      return; // the crew closed before this thread came: it has nothing to do
    }
    try {
      helpers[id - 1] = Thread.currentThread();
      long seen = 0;
      while (true) {
        long last = seen;
        // Closing ends the wait whatever generation the helper last saw: a helper that looked at
        // closed just before close() set it, and then took the closing generation as a job, would
        // otherwise wait here for one that never comes while close() waits for it to leave.
        await(() -> closed || state.get() >>> 32 != last);
        if (closed) {
          return;
        }
        long v = state.get();
        while ((v & SHUT) == 0 && !state.compareAndSet(v, v + 1)) {
          v = state.get();
        }
        seen = v >>> 32;
        if ((v & SHUT) != 0) {
          continue; // came after the caller had finished a shared job: nothing left to take
        }
        if (closed) {
          return; // what it took is the closing generation (closed is set before it), not a job
        }
        try {
          job.accept(id);
        } catch (RuntimeException | Error e) {
          failures[id] = e;
        }
        finished.incrementAndGet();
        LockSupport.unpark(caller);
      }
    } finally {
      starts.set(id - 1, 3); // left: what close() waits for
      LockSupport.unpark(caller);
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

  /**
   * Lets the helpers go back to the pool, and waits until those that have started have. One whose
   * pool thread has not started yet never will: a launch need not wait for a slow wake-up (on this
   * project's machine a launch of four blocks took 2 ms on two threads, against 0.14 ms on one,
   * waiting for a helper that came too late to take any of them).
   */
  @Override
  public void close() {
    closed = true;
    publish();
    boolean interrupted = false;
    for (int i = 0; i < helpers.length; i++) {
      if (starts.compareAndSet(i, 0, 2)) {
        continue; // not started yet (a pool thread that is slow to wake): it never will, no need to wait
      }
      // Spins first, as for a job, and is woken by the helper as it leaves: a wait parked on the
      // pool task's future would wait for the machine to wake it.
      int h = i;
      interrupted |= await(() -> starts.get(h) == 3);
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }
}
