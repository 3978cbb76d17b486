package org.scansim.frontend;

import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.LongFunction;

/**
 * Runs a batch of seeded inputs through {@link FuzzCheck} on a few threads. Input {@code i} is
 * {@code input.apply(firstSeed + i)}, so every failure is reproducible from its seed; a failing
 * input is also written in full under {@code target/fuzz-failures/}. The whole batch runs under
 * a generous timeout whose message names the seeds still in flight: the hang guard.
 */
final class FuzzBatch {
  /** The batch's hang guard: minutes, far above the seconds a batch takes. */
  static final Duration TIMEOUT = Duration.ofMinutes(5);
  private static final int THREADS = Math.max(2, Math.min(4, Runtime.getRuntime().availableProcessors()));
  private static final int MAX_REPORTED = 5;

  private FuzzBatch() {}

  record Failure(long seed, String problem, String input) {}

  record Result(String name, int count, int ok, List<Failure> failures, long millis) {
    double okFraction() {
      return count == 0 ? 0 : (double) ok / count;
    }

    String summary() {
      return String.format(
          "%s: %d inputs, %d ok (%.1f%%), %d failure(s), %d ms on %d threads", name, count, ok, 100.0 * okFraction(),
          failures.size(), millis, THREADS);
    }

    /** The failures, each with its seed and its input (long inputs cut; the files have them whole). */
    String report() {
      StringBuilder s = new StringBuilder(summary());
      for (Failure f : failures.subList(0, Math.min(MAX_REPORTED, failures.size()))) {
        String text = f.input().length() > 4000 ? f.input().substring(0, 4000) + "\n... (" + f.input().length() + " chars)" : f.input();
        s.append("\n\n=== ").append(name).append(" seed ").append(f.seed()).append(": ").append(f.problem())
            .append("\n--- input ---\n").append(text);
      }
      if (failures.size() > MAX_REPORTED) {
        s.append("\n\n... and ").append(failures.size() - MAX_REPORTED).append(" more failure(s)");
      }
      return s.toString();
    }
  }

  private record Item(long seed, boolean ok, String problem, String input) {}

  static Result run(String name, long firstSeed, int count, LongFunction<String> input) {
    Set<Long> inFlight = ConcurrentHashMap.newKeySet();
    ExecutorService pool =
        Executors.newFixedThreadPool(
            THREADS,
            task -> {
              Thread t = new Thread(task, "fuzz-" + name);
              t.setDaemon(true); // a hung input must not keep the JVM alive
              return t;
            });
    try {
      return assertTimeoutPreemptively(
          TIMEOUT,
          () -> {
            long start = System.nanoTime();
            List<Future<Item>> futures = new ArrayList<>();
            for (int i = 0; i < count; i++) {
              long seed = firstSeed + i;
              futures.add(pool.submit(() -> one(seed, input, inFlight)));
            }
            int ok = 0;
            List<Failure> failures = new ArrayList<>();
            for (Future<Item> f : futures) {
              Item item;
              try {
                item = f.get();
              } catch (ExecutionException e) {
                throw new AssertionError(name + ": the harness itself failed", e.getCause());
              }
              if (item.ok()) {
                ok++;
              }
              if (item.problem() != null) {
                failures.add(new Failure(item.seed(), item.problem(), item.input()));
                save(name, item.seed(), item.input());
              }
            }
            return new Result(name, count, ok, failures, (System.nanoTime() - start) / 1_000_000);
          },
          () -> name + ": no result after " + TIMEOUT.toMinutes() + " minutes; seeds in flight (hanging?): " + new TreeSet<>(inFlight));
    } finally {
      pool.shutdownNow();
    }
  }

  private static Item one(long seed, LongFunction<String> input, Set<Long> inFlight) {
    inFlight.add(seed);
    try {
      String text;
      try {
        text = input.apply(seed);
      } catch (RuntimeException | StackOverflowError e) {
        return new Item(seed, false, "the input generator threw " + FuzzCheck.stackSummary(e), "");
      }
      FuzzCheck.Outcome o = FuzzCheck.run(text);
      return new Item(seed, o.ok(), o.problem(), o.problem() == null ? null : text);
    } finally {
      inFlight.remove(seed);
    }
  }

  private static void save(String name, long seed, String input) {
    try {
      Path dir = Path.of("target", "fuzz-failures");
      Files.createDirectories(dir);
      Files.writeString(dir.resolve(name + "-" + seed + ".cu"), input, StandardCharsets.UTF_8);
    } catch (IOException | RuntimeException e) {
      // Best effort: the report carries the input too.
    }
  }
}
