package org.scansim.sim.engine;

import java.util.ArrayList;
import java.util.List;
import org.scansim.sim.memory.Footprints;

/**
 * Runs a worker's blocks of a launch by replaying a recorded block where it can (docs/engine.md,
 * "Block replay"). The first block of a range is run one instruction at a time under a {@link
 * BlockRecorder}; when its control flow and addresses do not depend on memory and move with the
 * block index by fixed steps, the blocks its {@link BlockTape} stands for are replayed instead of
 * run: their loads, stores and the instructions that compute on what was loaded, with the
 * recorded block's counts. A block the tape does not cover is recorded in turn (or run as usual,
 * once recording has stopped paying). Reports are the same as running every block: the engine's
 * differential fuzz compares the two.
 */
public final class BlockReplay {
  /**
   * Whether launches replay recorded blocks: the system property {@code scansim.replay} set to
   * {@code off} runs every block (a differential run compares the two), and set to {@code
   * always} replays the smallest grids too ({@link #minBlocks}); tests set the fields.
   */
  public static volatile boolean on = !"off".equals(System.getProperty("scansim.replay"));

  /** Tapes kept per worker (one per residue of the block index where global steps are not aligned). */
  private static final int MAX_TAPES = 64;
  /** Recordings refused or covering no other block after which the worker stops recording. */
  private static final int MAX_MISSES = 3;
  /** The fewest blocks a launch has for recording to pay (tests lower it, to replay small grids). */
  public static int minBlocks = "always".equals(System.getProperty("scansim.replay")) ? 2 : 16;
  /** The fewest blocks of the launch per residue of a tape's period for the tape to pay. */
  public static int blocksPerResidue = "always".equals(System.getProperty("scansim.replay")) ? 1 : 8;
  /** With {@link #counting}: blocks replayed, for tests that must reach the replay. */
  public static volatile boolean counting;
  public static final java.util.concurrent.atomic.AtomicLong REPLAYED = new java.util.concurrent.atomic.AtomicLong();

  private final LaunchContext part;
  private final List<BlockTape> tapes = new ArrayList<>();
  /** Counts of events unlike those before them ({@link #known}), at most {@link #MAX_HEARD}. */
  private final List<BlockTape.Counts> heard = new ArrayList<>();
  private static final int MAX_HEARD = 16;
  private BlockExecutor scratch;
  private int misses;
  /** The last tape used (most blocks in a row use the same one). */
  private BlockTape last;

  private BlockReplay(LaunchContext part) {
    this.part = part;
  }

  /** A replayer of {@code part}'s blocks, or null when its launch cannot be replayed. */
  public static BlockReplay of(LaunchContext part) {
    if (!on || part.checker != null || part.seed != 0 || part.grid[1] != 1 || part.grid[2] != 1
        || part.grid[0] < minBlocks || !replayable(part.code)) {
      return null;
    }
    return new BlockReplay(part);
  }

  /** Whether no instruction of the code is one a tape does not model. */
  public static boolean replayable(Code code) {
    for (CInsn in : code.insns) {
      if (in.vtable) {
        return false;
      }
      switch (in.op) {
        case ATOM, VOTE, ACTIVEMASK, CALL, LAUNCH, CUDA, PRINTF, ASSERT, FENCE, BAR_WARP -> {
          return false;
        }
        // other ops: modelled by the tape
        default -> { }
      }
    }
    return true;
  }

  /**
   * Runs block {@code idx} (the worker's context holding the budget it starts from) by replay,
   * or runs it counted for a tape or recorded; false when the caller is to run it as usual.
   */
  public boolean run(int[] idx) {
    long b = idx[0];
    BlockTape t = last != null && last.covers(b) ? last : find(b);
    if (t != null) {
      last = t;
      BlockTape.Counts c = t.counts[t.residue(b)];
      if (c == null) {
        BlockTape.Counts taken = runApart(idx, null);
        if (taken != null) {
          t.counts[t.residue(b)] = known(taken);
        }
        return true;
      }
      if (part.budget < c.used()) {
        return false; // the budget runs out inside it: run it, to report where
      }
      replay(t, c, b);
      return true;
    }
    if (misses >= MAX_MISSES || tapes.size() >= MAX_TAPES) {
      return false;
    }
    record(idx);
    return true;
  }

  private BlockTape find(long b) {
    for (BlockTape t : tapes) {
      if (t.covers(b)) {
        return t;
      }
    }
    return null;
  }

  private void replay(BlockTape t, BlockTape.Counts c, long b) {
    if (scratch == null) {
      // Its interpreter runs the tape's arithmetic, which an observer does not hear (the tape's events are told instead).
      var o = part.observer;
      part.observer = null;
      scratch = new BlockExecutor(part, new int[] {(int) b, 0, 0});
      part.observer = o;
    }
    t.replay(b, scratch); // the scratch executor's context is the worker's
    if (counting) {
      REPLAYED.incrementAndGet();
    }
    c.replays++;
    part.budget -= c.used();
    part.progress += c.counts().progress;
    var o = part.observer;
    if (o != null) {
      // Every block replayed from these counts is heard the same but for its global addresses: the
      // observer may take it as the last such block without its events (ExecutionObserver#blockAgain).
      if (c.addresses == null) {
        c.addresses = new EventTape.Addresses(c.events, t.steps);
      }
      long[] addresses = c.addresses.at(b - c.block());
      if (!o.blockAgain((int) b, c.key, addresses)) {
        o.blockBegin((int) b);
        if (o.listening()) {
          EventTape.replay(c.events, o, (int) b, addresses);
          o.blockEnd((int) b, c.key);
        } else {
          o.blockEnd((int) b);
        }
      }
    }
    if (part.footprints != null) {
      t.footprintsOf(c, b, part.footprints);
    }
  }

  /** Adds the replayed blocks' counts to the worker's: once each launch, when its blocks have all run. */
  public void finish() {
    for (BlockTape t : tapes) {
      for (BlockTape.Counts c : t.counts) {
        if (c != null && c.replays > 0) {
          part.mergeCounters(c.counts(), c.replays);
          c.replays = 0;
        }
      }
    }
  }

  /**
   * {@code c}, its events and key those of counts made before whose events are the same but for
   * global addresses (the residues of a tape whose blocks read one word each, as a uniform add
   * reads its block's sum): the observer then knows their blocks for the same ({@link
   * org.scansim.sim.event.ExecutionObserver#blockAgain}).
   */
  private BlockTape.Counts known(BlockTape.Counts c) {
    if (c.events == null) {
      return c;
    }
    for (int i = heard.size() - 1; i >= 0; i--) {
      BlockTape.Counts k = heard.get(i);
      if (EventTape.sameButAddresses(c.events, k.events)) {
        c.events = EventTape.withRunsOf(c.events, k.events);
        c.key = k.key;
        return c;
      }
    }
    if (heard.size() < MAX_HEARD) {
      heard.add(c);
    }
    return c;
  }

  /** Records block idx into a tape (kept when it stands for other blocks too). */
  private void record(int[] idx) {
    BlockRecorder[] r = new BlockRecorder[1];
    BlockTape.Counts c = runApart(idx, r);
    BlockTape t = c == null ? null : r[0].tape();
    if (t == null || t.lo == t.hi || (long) t.period * blocksPerResidue > part.grid[0]) {
      misses++;
      return;
    }
    t.counts[t.residue(idx[0])] = known(c);
    tapes.add(t);
    last = t;
  }

  /**
   * Runs block idx in a context of its own, merged into the worker's as it ends (a fault too),
   * and returns its counts without its work; null when it printed or warned. With {@code
   * recorder} it runs one instruction at a time under a new {@link BlockRecorder}, set in recorder[0].
   */
  private BlockTape.Counts runApart(int[] idx, BlockRecorder[] recorder) {
    LaunchContext rec = part.forThread();
    long before = part.budget;
    rec.budget = before;
    rec.footprints = part.footprints != null ? new Footprints() : null;
    EventTape heard = part.observer != null ? new EventTape(part.observer) : null;
    rec.observer = heard; // before the executor: its interpreter takes the context's observer
    BlockExecutor ex;
    if (recorder != null) {
      rec.traces = false;
      ex = new BlockExecutor(rec, idx);
      recorder[0] = new BlockRecorder(idx[0], part.grid[0], ex, ex.warps().length);
      ex.record(recorder[0]);
    } else {
      ex = new BlockExecutor(rec, idx);
    }
    long[] footprints = null;
    try {
      if (heard != null) {
        heard.blockBegin(idx[0]);
      }
      ex.run();
      if (heard != null) {
        heard.blockEnd(idx[0]);
      }
    } finally {
      part.mergeCounters(rec);
      part.budget = rec.budget;
      part.progress += rec.progress;
      part.warnings.addAll(rec.warnings);
      part.printf.append(rec.printf);
      if (rec.footprints != null) {
        footprints = rec.footprints.take();
        part.footprints.replace(footprints);
      }
    }
    if (!rec.warnings.isEmpty() || rec.printf.length() > 0) {
      return null;
    }
    return new BlockTape.Counts(withoutWork(rec), before - rec.budget, footprints, idx[0], heard == null ? null : heard.events());
  }

  /** The recorded block's counts with its work taken out: a replay counts work as it runs (taint may differ). */
  private static LaunchContext withoutWork(LaunchContext rec) {
    rec.counters.work = 0;
    rec.counters.maxThreadWork = 0;
    for (var s : rec.sites) {
      if (s != null) {
        s.work = 0;
      }
    }
    for (var p : rec.phases) {
      p.work = 0;
    }
    return rec;
  }
}
