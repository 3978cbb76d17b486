package org.scansim.sweep;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;

/**
 * Runs a plan's points (or one shard of them) on several host threads and writes each point's row
 * to the outputs in the sweep's order as soon as every earlier point's is written: the files are
 * the same whatever the thread count and however long each point took. With {@code resume}, the
 * rows already in the outputs (of this sweep: the same fingerprint, and the first points of this
 * shard in order) are kept and their points skipped; an output holding fewer rows than another
 * (added since, or cut earlier) gets the other's.
 */
public final class Sweep {
  private Sweep() {}

  /** Hears the sweep's progress, on the thread that writes the rows. */
  public interface Listener {
    /** {@code total} points in this shard, of which {@code skipped} were already done. */
    default void start(int total, int skipped) {}

    /** A point's row was written; {@code done} of the shard's points now are. */
    default void point(Row row, int done) {}

    default void end() {}
  }

  /** What a sweep wrote: every row of the shard, the kept ones first, in the sweep's order. */
  public record Result(List<Row> rows, int ran, int kept) {}

  /**
   * Runs the points of shard {@code shard} of {@code shards} on {@code threads} host threads and
   * writes each to every output. Throws when an output cannot be resumed or written.
   */
  public static Result run(Plan plan, List<Path> outputs, boolean resume, int shard, int shards, int threads, Listener listener)
      throws SweepFiles.SweepFileException, IOException {
    List<Point> mine = plan.shard(shard, shards);
    // Each output's rows must be this sweep's first points of the shard, in order; the longest
    // holds them all, and an output with fewer (added since, or cut earlier) is filled from it.
    List<List<SweepFiles.Line>> existing = new ArrayList<>();
    List<SweepFiles.Line> longest = List.of();
    for (Path out : outputs) {
      List<SweepFiles.Line> rows = resume && java.nio.file.Files.exists(out) ? kept(out, plan, mine, shard, shards) : List.of();
      existing.add(rows);
      longest = rows.size() > longest.size() ? rows : longest;
    }
    int keep = longest.size();
    List<Row> all = new ArrayList<>();
    for (SweepFiles.Line l : longest) {
      all.add(l.row());
    }
    List<Point> todo = mine.subList(keep, mine.size());
    List<SweepFiles.Appender> appenders = new ArrayList<>();
    ExecutorService pool = null;
    try {
      for (int i = 0; i < outputs.size(); i++) {
        appenders.add(new SweepFiles.Appender(outputs.get(i), existing.get(i), all.subList(existing.get(i).size(), keep)));
      }
      listener.start(mine.size(), keep);
      int workers = Math.max(1, Math.min(threads, todo.size()));
      PointRunner runner = new PointRunner(plan, Math.max(1, threads / workers));
      pool = Executors.newFixedThreadPool(workers, daemon());
      List<Future<Row>> futures = new ArrayList<>();
      for (Point p : todo) {
        futures.add(pool.submit(() -> runner.run(p)));
      }
      for (Future<Row> f : futures) {
        Row r = get(f);
        for (SweepFiles.Appender a : appenders) {
          a.append(r);
        }
        all.add(r);
        listener.point(r, all.size());
      }
      listener.end();
      return new Result(List.copyOf(all), todo.size(), keep);
    } finally {
      if (pool != null) {
        pool.shutdownNow();
      }
      for (SweepFiles.Appender a : appenders) {
        a.close();
      }
    }
  }

  /**
   * The rows {@code out} holds, checked to be this sweep's first points of the shard in order,
   * with at most the start of the next one after them; throws saying what else it holds.
   */
  private static List<SweepFiles.Line> kept(Path out, Plan plan, List<Point> mine, int shard, int shards)
      throws SweepFiles.SweepFileException {
    SweepFiles.Contents c = SweepFiles.contents(out);
    List<SweepFiles.Line> rows = c.rows();
    for (int i = 0; i < rows.size(); i++) {
      Row r = rows.get(i).row();
      if (!r.sweep().equals(plan.fingerprint())) {
        throw new SweepFiles.SweepFileException(out + ": rows of another sweep (fingerprint " + r.sweep() + ", this spec's "
            + plan.fingerprint() + ": the spec, a kernel file or an architecture file changed): run without --resume to start again");
      }
      if (i >= mine.size() || r.point() != mine.get(i).index()) {
        throw new SweepFiles.SweepFileException(out + ": its rows are not the first points of " + (shards == 1 ? "the sweep"
            : "shard " + shard + "/" + shards) + " in order: its row " + (i + 1) + " should be point "
            + (i < mine.size() ? mine.get(i).index() : "(none: the shard has " + mine.size() + ")") + " but is point " + r.point()
            + " (rows missing, or written with another --shard)");
      }
    }
    if (!c.tail().isEmpty() && (rows.size() >= mine.size() || !SweepFiles.startsRow(c.tail(), mine.get(rows.size()).index(),
        SweepFiles.Format.of(out)))) {
      throw new SweepFiles.SweepFileException(out + ": its last line is not the start of this sweep's next row (point "
          + (rows.size() < mine.size() ? mine.get(rows.size()).index() : "none") + "): not a file this sweep was writing");
    }
    return rows;
  }

  /** Every row of a sweep for one output: to standard output when the sweep writes no file. */
  public static void print(Result r, SweepFiles.Format f, Consumer<String> out) {
    out.accept(SweepFiles.text(r.rows().stream().map(x -> new SweepFiles.Line(SweepFiles.line(x, f), x)).toList(), f));
  }

  private static Row get(Future<Row> f) {
    try {
      return f.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("the sweep was interrupted", e);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof RuntimeException re) {
        throw re;
      }
      if (e.getCause() instanceof Error err) {
        throw err;
      }
      throw new UncheckedIOException(new IOException(e.getCause()));
    }
  }

  private static java.util.concurrent.ThreadFactory daemon() {
    int[] n = {0};
    return r -> {
      Thread t = new Thread(r, "sweep-" + n[0]++);
      t.setDaemon(true);
      return t;
    };
  }
}
