package org.scansim.threads;

import java.util.stream.IntStream;

/**
 * Host-side loops over large arrays (filling a buffer, copying the input in and the output out,
 * checking the result) split into ranges and run on the common fork-join pool when a run may use
 * more than one thread; on one thread they run in order on the caller. Each range writes only its
 * own elements, so the result is the same either way.
 */
public final class Parallel {
  private Parallel() {}

  /** Below this many elements a loop runs on the caller: splitting would cost more than it saves. */
  private static final int MIN_SPLIT = 1 << 16;

  /** A body over the elements {@code from..to-1}. */
  @FunctionalInterface
  public interface Range {
    void run(int from, int to);
  }

  /** A body over part {@code part} of a split: the elements {@code from..to-1}. */
  @FunctionalInterface
  public interface Part {
    void run(int part, int from, int to);
  }

  /** How many parts {@link #forParts} splits n elements into for {@code threads} threads. */
  public static int parts(int n, int threads) {
    return threads <= 1 || n < MIN_SPLIT ? 1 : threads * 4;
  }

  /** Runs {@code body} over 0..n-1, in ranges on up to {@code threads} threads. */
  public static void forRanges(int n, int threads, Range body) {
    forParts(n, threads, (part, from, to) -> body.run(from, to));
  }

  /**
   * Runs {@code body} over the {@link #parts} consecutive parts of 0..n-1 (part p before part
   * p + 1 in the array; in any order in time), on up to {@code threads} threads.
   */
  public static void forParts(int n, int threads, Part body) {
    int parts = parts(n, threads);
    if (parts == 1) {
      body.run(0, 0, n);
      return;
    }
    long step = ((long) n + parts - 1) / parts;
    IntStream.range(0, parts).parallel().forEach(p -> {
      int from = (int) Math.min(n, p * step);
      int to = (int) Math.min(n, (p + 1) * step);
      body.run(p, from, to);
    });
  }
}
