package org.scansim.sim.sched;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The threads that run a launch's chunks with the launching thread ({@link Crew}). */
class CrewTest {
  private static final ExecutorService POOL = Executors.newCachedThreadPool(r -> {
    Thread t = new Thread(r, "crew-test");
    t.setDaemon(true);
    return t;
  });

  @AfterAll
  static void stop() throws InterruptedException {
    POOL.shutdown();
    assertThat(POOL.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
  }

  /** Waiting by spinning first (a member per core) and by parking at once (more members than cores). */
  @ParameterizedTest(name = "spin {0} ns")
  @ValueSource(longs = {2_000_000, 0})
  void everyMemberRunsEveryJobAndEachReturnsOnlyWhenAllHaveFinished(long spin) {
    AtomicIntegerArray runs = new AtomicIntegerArray(4);
    try (Crew crew = new Crew(3, POOL, spin)) {
      for (int job = 1; job <= 200; job++) {
        int expected = job - 1;
        crew.each(id -> {
          assertThat(runs.get(id)).isEqualTo(expected); // no member starts a job before all finished the last
          if (id == 2) {
            Thread.onSpinWait();
          }
          runs.incrementAndGet(id);
        });
        for (int id = 0; id < 4; id++) {
          assertThat(runs.get(id)).isEqualTo(job);
        }
      }
    }
  }

  @Test
  void theCallersOwnShareRunsOnTheCallingThread() {
    Thread[] ran = new Thread[2];
    try (Crew crew = new Crew(1, POOL)) {
      crew.each(id -> ran[id] = Thread.currentThread());
    }
    assertThat(ran[0]).isSameAs(Thread.currentThread());
    assertThat(ran[1]).isNotNull().isNotSameAs(Thread.currentThread());
  }

  @ParameterizedTest(name = "spin {0} ns")
  @ValueSource(longs = {2_000_000, 0})
  void aFailureIsRethrownAfterAllHaveFinishedTheCallersFirst(long spin) {
    AtomicIntegerArray done = new AtomicIntegerArray(3);
    try (Crew crew = new Crew(2, POOL, spin)) {
      assertThatThrownBy(() -> crew.each(id -> {
        if (id == 1) {
          throw new IllegalStateException("helper");
        }
        if (id == 2) {
          try {
            Thread.sleep(50);
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
          done.set(2, 1);
        }
      })).isInstanceOf(IllegalStateException.class).hasMessage("helper");
      assertThat(done.get(2)).isEqualTo(1); // the slow helper finished before the failure came back

      assertThatThrownBy(() -> crew.each(id -> {
        throw new IllegalArgumentException(id == 0 ? "caller" : "helper " + id);
      })).hasMessage("caller");

      // The crew still works after failures.
      crew.each(id -> done.set(id, 7));
      assertThat(done.get(0) + done.get(1) + done.get(2)).isEqualTo(21);
    }
  }

  @Test
  void anInterruptedCallerStillWaitsForTheHelpersAndKeepsItsInterrupt() {
    AtomicIntegerArray done = new AtomicIntegerArray(2);
    try (Crew crew = new Crew(1, POOL, 0)) {
      Thread.currentThread().interrupt();
      crew.each(id -> {
        if (id == 1) {
          long until = System.nanoTime() + 50_000_000L;
          while (System.nanoTime() < until) {
            Thread.onSpinWait();
          }
        }
        done.set(id, 1);
      });
      assertThat(done.get(1)).isEqualTo(1);
      assertThat(Thread.interrupted()).isTrue(); // set again, and cleared here for the next test
    }
  }

  @Test
  void closeWaitsForTheHelpersEvenWhenNoJobRan() {
    Crew crew = new Crew(2, POOL);
    crew.close();
    // A second crew gets threads again: the first one's went back to the pool.
    AtomicIntegerArray runs = new AtomicIntegerArray(3);
    try (Crew again = new Crew(2, POOL)) {
      again.each(id -> runs.incrementAndGet(id));
    }
    assertThat(runs.get(0) + runs.get(1) + runs.get(2)).isEqualTo(3);
  }

  @ParameterizedTest(name = "spin {0} ns")
  @ValueSource(longs = {2_000_000, 0})
  void aSharedJobSkipsAHelperThatComesAfterTheCallerHasFinished(long spin) {
    // The helper's thread cannot start before the latch opens: the shared job must return
    // without it (the old wait for every member would never return), and it must not run later.
    java.util.concurrent.CountDownLatch open = new java.util.concurrent.CountDownLatch(1);
    ExecutorService late = heldBack(open);
    try {
      org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(java.time.Duration.ofSeconds(20), () -> {
        AtomicIntegerArray shared = new AtomicIntegerArray(2);
        AtomicIntegerArray every = new AtomicIntegerArray(2);
        try (Crew crew = new Crew(1, late, spin)) {
          crew.share(id -> shared.incrementAndGet(id));
          assertThat(shared.get(0)).isEqualTo(1);
          open.countDown();
          crew.each(id -> every.incrementAndGet(id)); // waits for the helper, now started
        }
        assertThat(every.get(1)).isEqualTo(1);
        assertThat(shared.get(1)).isZero(); // it came after the shared job had ended: skipped
      });
    } finally {
      open.countDown();
      late.shutdownNow();
    }
  }

  @ParameterizedTest(name = "spin {0} ns")
  @ValueSource(longs = {2_000_000, 0})
  void aSharedJobWaitsForEveryHelperThatTookIt(long spin) {
    AtomicIntegerArray started = new AtomicIntegerArray(3);
    AtomicIntegerArray done = new AtomicIntegerArray(3);
    try (Crew crew = new Crew(2, POOL, spin)) {
      for (int job = 0; job < 20; job++) {
        for (int id = 0; id < 3; id++) {
          started.set(id, 0);
          done.set(id, 0);
        }
        crew.share(id -> {
          started.set(id, 1);
          if (id == 0) {
            while (started.get(1) == 0) { // the caller finishes only once helper 1 has taken the job
              Thread.onSpinWait();
            }
          } else {
            long until = System.nanoTime() + 2_000_000L;
            while (System.nanoTime() < until) {
              Thread.onSpinWait();
            }
          }
          done.set(id, 1);
        });
        assertThat(done.get(1)).isEqualTo(1); // taken before the caller finished: waited for
        assertThat(done.get(2)).isEqualTo(started.get(2)); // helper 2 either finished or never started
      }
    }
  }

  @Test
  void closeDoesNotWaitForAHelperThatHasNotStarted() throws Exception {
    java.util.concurrent.CountDownLatch open = new java.util.concurrent.CountDownLatch(1);
    ExecutorService late = heldBack(open);
    AtomicIntegerArray shared = new AtomicIntegerArray(2);
    try {
      org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(java.time.Duration.ofSeconds(20), () -> {
        try (Crew crew = new Crew(1, late, 0)) {
          crew.share(id -> shared.incrementAndGet(id));
        } // returns although the helper's thread is still held back
      });
      open.countDown();
      late.shutdown();
      assertThat(late.awaitTermination(20, TimeUnit.SECONDS)).isTrue(); // the helper's task ran, and returned
      assertThat(shared.get(0)).isEqualTo(1);
      assertThat(shared.get(1)).isZero();
    } finally {
      open.countDown();
      late.shutdownNow();
    }
  }

  /**
   * A helper that wakes for a job and then finds the crew closed must leave, not take the closing
   * as a job and wait for another that never comes (a differential run hung so: the launching
   * thread in close, its helper waiting for the next job). The window is between the helper's look
   * at {@code closed} and its taking the job: crews closed at once after one job, many times over.
   */
  @ParameterizedTest(name = "spin {0} ns")
  @ValueSource(longs = {2_000_000, 0})
  void aCrewClosedAsItsHelperWakesStillCloses(long spin) {
    org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(java.time.Duration.ofSeconds(120), () -> {
      for (int i = 0; i < 20_000; i++) {
        AtomicIntegerArray runs = new AtomicIntegerArray(2);
        try (Crew crew = new Crew(1, POOL, spin)) {
          if (i % 2 == 0) {
            crew.share(runs::incrementAndGet);
          } else {
            crew.each(runs::incrementAndGet);
          }
        }
        // The job ran once on the caller, and on the helper once (each) or at most once (share): never again after it.
        assertThat(runs.get(0)).isEqualTo(1);
        if (i % 2 == 0) {
          assertThat(runs.get(1)).isLessThanOrEqualTo(1);
        } else {
          assertThat(runs.get(1)).isEqualTo(1);
        }
      }
    });
  }

  /** An executor of one thread that starts its first task only once {@code open} opens: a helper kept away. */
  private static ExecutorService heldBack(java.util.concurrent.CountDownLatch open) {
    return Executors.newSingleThreadExecutor(r -> new Thread(() -> {
      try {
        open.await();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      r.run();
    }, "crew-test-late"));
  }
}
