package org.scansim.sim.sched;

import org.scansim.sim.engine.BlockExecutor;
import org.scansim.sim.engine.BlockReplay;
import org.scansim.sim.check.Checker;
import org.scansim.sim.engine.Code;
import org.scansim.sim.result.Fault;
import org.scansim.sim.memory.Footprints;
import org.scansim.sim.result.Kind;
import org.scansim.sim.event.ExecutionObserver;
import org.scansim.sim.engine.LaunchContext;
import org.scansim.sim.engine.Printf;
import java.util.List;

/**
 * Runs a launch of independent blocks (no atomics, fences or volatile global accesses) in chunks
 * on all host threads, with every result taken in block order, so reports do not depend on the
 * thread count.
 */
final class ChunkedBlocks {
  private ChunkedBlocks() {}

  /** The fewest blocks a chunk has (all of a smaller grid's). */
  private static final int CHUNK = 64;
  /** The most blocks a chunk has. */
  private static final int MAX_CHUNK = 1024;

  /**
   * Blocks per chunk of a grid of {@code total} blocks: enough for at most 16 chunks, from
   * {@link #CHUNK} to {@link #MAX_CHUNK}. It depends on the grid alone, so results do not depend
   * on how many threads run a chunk. Each chunk ends with every thread waiting for the last
   * block of it to finish, which a thread that the machine's other load delays makes longer.
   * With chunks of 64 blocks those waits cost Harris's scan on two threads about 5 % of its time;
   * with 16 chunks a launch its runs took 0.940 of the time at 2^22 (4,096 blocks a launch, chunks
   * of 256) and 0.960 at 2^24 (16,384 blocks, chunks of 1,024), medians of 16 and 12 alternating
   * rounds. A larger chunk holds more blocks' results (output, footprints, checker parts) until
   * it is merged, and checks more blocks against each other's global writes.
   */
  static int chunkSize(long total) {
    return (int) Math.min(MAX_CHUNK, Math.max(CHUNK, (total + 15) / 16));
  }

  /**
   * Runs the grid's blocks in block order, a chunk at a time on all threads. Each thread
   * keeps its own counters (sums and maxima, merged when the launch ends, so their totals do
   * not depend on which thread ran which block) and reuses one block's state for every block it
   * runs. Each block's printf output, warnings and fault are kept per block and taken in block
   * order. Within a chunk every block starts from the budget left before the chunk, on one
   * thread as on many; the first fault in block order is the one reported. The report is
   * byte-identical whatever the thread count. With checkers on, each thread's blocks keep their
   * findings and ⊕ nodes apart, and the launch's checker takes them in block order after each
   * chunk ({@link Checker#merge}), as if the blocks had run one at a time in index order.
   */
  static void run(LaunchContext lx, Code code, long localPerThread, int threads, Checker checker, LaunchProgress progress) {
    int[] g = lx.grid;
    long total = (long) g[0] * g[1] * g[2];
    // An observer without workers hears one block at a time, in block order, on this thread.
    ExecutionObserver firstWorker = lx.observer == null ? null : lx.observer.worker();
    int workers = lx.observer != null && firstWorker == null ? 1 : (int) Math.min(threads, Math.max(1, total));
    // Each worker holds one block's local arrays at a time: as many workers as a quarter of the
    // heap holds (a block of 1,024 threads with 256 KiB each holds 256 MiB; sixteen of them would
    // not fit a 4 GiB heap). Fewer workers change no report.
    long localPerBlock = localPerThread * lx.threadsPerBlock();
    if (localPerBlock > 0) {
      workers = (int) Math.max(1, Math.min(workers, Runtime.getRuntime().maxMemory() / 4 / localPerBlock));
    }
    BlockWorker[] ws = new BlockWorker[workers];
    for (int i = 0; i < workers; i++) {
      ws[i] = new BlockWorker(lx.forThread());
      if (firstWorker != null) {
        ws[i].part.observer = i == 0 ? firstWorker : lx.observer.worker();
      }
      if (workers > 1) {
        ws[i].part.footprints = new Footprints();
        if (checker != null) {
          ws[i].checker = checker.worker();
          ws[i].part.checker = ws[i].checker;
        }
      }
    }
    try (Crew crew = workers > 1 ? new Crew(workers - 1, POOL) : null) {
      int chunk = chunkSize(total);
      for (long first = 0; first < total; first += chunk) {
        runChunk(lx, code, crew == null ? null : checker, new Chunk(first, (int) Math.min(chunk, total - first), lx.budget,
            Math.max(0, Printf.LAUNCH_BYTES - lx.printf.length())), ws, crew);
        if (progress != null) {
          progress.blocksDone(Math.min(total, first + chunk));
        }
      }
    }
    for (BlockWorker w : ws) {
      if (w.replay != null) {
        w.replay.finish();
      }
      lx.mergeCounters(w.part);
    }
  }

  /** Runs one chunk of blocks on every worker, then takes its blocks' budget, output, warnings and first fault in block order. */
  private static void runChunk(LaunchContext lx, Code code, Checker checker, Chunk chunk, BlockWorker[] ws, Crew crew) {
    int[] g = lx.grid;
    int count = chunk.count;
    if (crew == null) {
      ws[0].run(chunk, g);
    } else {
      if (checker != null) {
        for (BlockWorker w : ws) {
          w.checker.beginChunk();
        }
      }
      crew.share(i -> ws[i].run(chunk, g)); // a helper that comes after the caller has run out of blocks skips the chunk
      if (Thread.currentThread().isInterrupted()) {
        throw new Fault(Kind.INTERRUPTED, null, "interrupted");
      }
      // With the race checker, a read moves a word's history too: blocks may share no word at all.
      if (Footprints.conflict(chunk.footprints, checker != null && checker.readOrder)) {
        throw new OrderDependence("blocks " + chunk.first + ".." + (chunk.first + count - 1) + " of " + code.function.name()
            + " accessed global memory another block of them " + (checker != null && checker.readOrder ? "accessed" : "wrote"));
      }
    }
    for (int k = 0; k < count; k++) {
      lx.budget -= chunk.used[k];
      lx.printfDropped += chunk.printfDropped[k];
      if (chunk.output[k] != null) {
        // Whole blocks' output while the launch's first MiB is not full (each block kept at most what was left of it when the chunk began).
        if (lx.printf.length() < Printf.LAUNCH_BYTES) {
          lx.printf.append(chunk.output[k]);
          lx.printfKept += chunk.printfKept[k];
        } else {
          lx.printfDropped += chunk.printfKept[k];
        }
      }
      if (chunk.warnings[k] != null) {
        for (String w : chunk.warnings[k]) {
          if (!lx.warnings.contains(w)) {
            lx.warnings.add(w);
          }
        }
      }
      // A block stopped before it started (the wall clock) has no findings to merge.
      if (checker != null && chunk.checks[k] != null && !checker.merge(chunk.checks[k], chunk.footprints[k], lx.global)) {
        throw new OrderDependence("block " + (chunk.first + k) + " of " + code.function.name()
            + " made more findings or ⊕ nodes than can be merged exactly");
      }
      if (chunk.faults[k] != null) {
        throw chunk.faults[k];
      }
    }
  }

  /** One chunk of a launch's blocks: handed out in index order, with each block's results kept apart. */
  private static final class Chunk {
    final long first;
    final int count;
    final long budget;
    final java.util.concurrent.atomic.AtomicInteger next = new java.util.concurrent.atomic.AtomicInteger();
    /** No block after the first one that faulted needs to run. */
    volatile int stopAfter;
    final long[] used;
    final String[] output;
    /** Each block's printf calls kept in its output and dropped past {@link #printfRoom}. */
    final long[] printfKept;
    final long[] printfDropped;
    /** The printf output each block may keep: what was left of the launch's when the chunk began. */
    final long printfRoom;
    final List<String>[] warnings;
    final Fault[] faults;
    /** Each block's global-memory ranges when the chunk runs on several threads ({@link Footprints}). */
    final long[][] footprints;
    /** Each block's findings and ⊕ nodes when checked blocks run on several threads. */
    final Checker.BlockPart[] checks;

    @SuppressWarnings("unchecked")
    Chunk(long first, int count, long budget, long printfRoom) {
      this.first = first;
      this.printfRoom = printfRoom;
      this.count = count;
      this.budget = budget;
      this.stopAfter = count;
      this.used = new long[count];
      this.output = new String[count];
      this.printfKept = new long[count];
      this.printfDropped = new long[count];
      this.warnings = new List[count];
      this.faults = new Fault[count];
      this.footprints = new long[count][];
      this.checks = new Checker.BlockPart[count];
    }
  }

  /** A thread's share of a launch: its counters, its checker worker, and the block state it reuses. */
  private static final class BlockWorker {
    final LaunchContext part;
    /** This thread's checker worker when checked blocks run on several threads, else null. */
    Checker checker;
    BlockExecutor executor;
    /** Replays recorded blocks where the launch allows it ({@link BlockReplay#of}, decided at the first block), else null. */
    BlockReplay replay;
    boolean replayDecided;

    BlockWorker(LaunchContext part) {
      this.part = part;
    }

    void run(Chunk c, int[] g) {
      // A checker of its own only when blocks run on several threads (the launch's when on one).
      Checker checks = checker;
      for (int k = c.next.getAndIncrement(); k < c.count && k <= c.stopAfter; k = c.next.getAndIncrement()) {
        if (System.nanoTime() > part.deadline) {
          // Checked where each block starts too: a grid of two billion one-instruction blocks
          // never reaches the interpreter's check at each 65,536 instructions of one block.
          c.faults[k] = Grids.blockPastWallClock(part.code, Grids.blockIndex(c.first + k, g), Grids.blocksOf(g));
          synchronized (c) {
            c.stopAfter = Math.min(c.stopAfter, k);
          }
          break;
        }
        part.budget = c.budget;
        part.printfRoom = c.printfRoom;
        if (part.footprints != null) {
          part.footprints.clear();
        }
        if (checks != null) {
          checks.beginBlock();
        }
        try {
          int[] idx = Grids.blockIndex(c.first + k, g);
          if (!replayDecided) {
            replay = BlockReplay.of(part);
            replayDecided = true;
          }
          if (replay == null || !replay.run(idx)) {
            if (executor == null) {
              executor = new BlockExecutor(part, idx, true);
            } else {
              executor.reset(idx);
            }
            if (part.observer != null) {
              part.observer.blockBegin((int) (c.first + k));
            }
            executor.run();
            if (part.observer != null) {
              part.observer.blockEnd((int) (c.first + k));
            }
          }
        } catch (Fault f) {
          c.faults[k] = f;
          synchronized (c) {
            c.stopAfter = Math.min(c.stopAfter, k);
          }
        }
        c.used[k] = c.budget - part.budget;
        if (checks != null) {
          c.checks[k] = checks.endBlock();
        }
        if (part.footprints != null) {
          c.footprints[k] = part.footprints.take();
        }
        if (part.printf.length() > 0) {
          c.output[k] = part.printf.toString();
          part.printf.setLength(0);
        }
        c.printfKept[k] = part.printfKept;
        c.printfDropped[k] = part.printfDropped;
        part.printfKept = 0;
        part.printfDropped = 0;
        if (!part.warnings.isEmpty()) {
          c.warnings[k] = List.copyOf(part.warnings);
          part.warnings.clear();
        }
      }
    }
  }

  /**
   * The threads that run blocks besides the launching one, shared by every simulation of the
   * process: threads are made as launches need them and end after a minute unused, so a process
   * that runs many simulations (a benchmark, a grading batch) does not keep a pool for each.
   */
  private static final java.util.concurrent.ExecutorService POOL = java.util.concurrent.Executors.newCachedThreadPool(r -> {
    Thread t = new Thread(r, "scansim-block");
    t.setDaemon(true);
    return t;
  });
}
