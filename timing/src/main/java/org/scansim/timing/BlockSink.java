package org.scansim.timing;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.scansim.frontend.ir.Insn;
import org.scansim.sim.event.ExecutionObserver;

/**
 * One thread's blocks: each block's traces from its begin to its end, then its time. Blocks that
 * take turns on one thread (communicating ones) each keep their own traces until they end.
 */
final class BlockSink implements ExecutionObserver {
  /** One block's traces while it runs. */
  static final class Builder {
    WarpTrace[] warps = new WarpTrace[0];
    int registers;
    final BlockCaches caches = new BlockCaches();
    /** Its reads of what other blocks wrote ({@link BlockSync#read}). */
    final List<int[]> acquires = new ArrayList<>();
    /** Its events while {@link #logging}: its traces are built from them only when they differ from the last block's. */
    BlockLog log = new BlockLog();
    boolean logging;
    /** Taken as the last block ({@link #blockAgain}): its events, not logged, are the last block's. */
    boolean again;
  }

  private final TimingObserver owner;

  BlockSink(TimingObserver owner) {
    this.owner = owner;
    this.pieces = new RunPieces(owner::decoded);
  }

  private final Map<Integer, Builder> open = new HashMap<>();
  private final java.util.ArrayDeque<Builder> free = new java.util.ArrayDeque<>();
  private int lastBlock = -1;
  private Builder last;
  /** The traces and time of the last block this thread timed (a new launch forgets them: {@link TimingObserver#launch}). */
  SmModel.BlockTime lastTime;
  private int[][] lastOps = new int[0][];
  private int[] lastLengths = new int[0];
  private int lastRegisters = -1;
  /**
   * The events of the last block this thread timed, when {@link #lastLogged} (it was logged:
   * {@link BlockLog}); a block logged with the same events has the same traces.
   */
  private BlockLog lastLog = new BlockLog();
  boolean lastLogged;
  /** The key the last block ended with ({@link #blockEnd(int, Object)}) when its events are those of {@link #lastLog}, else null. */
  private Object lastKey;
  /**
   * Whether the block opened now comes with a key ({@link #blockAgain}): logged, though most blocks
   * before it differed, as its key says the next such block will not.
   */
  private boolean keyed;
  /**
   * Logged blocks replayed, and those found the same as the last one: when most are replayed, as
   * in a launch whose blocks all differ, the later blocks build their traces at once.
   */
  int replays;
  int reuses;
  /** The builders this thread has made (they are kept, each with its traces' arrays, for its later blocks). */
  private int builders;

  /** Whether {@code warps} are the last block's traces, instruction for instruction (an intrinsic comparison, cheaper than a hash). */
  boolean sameAsLast(WarpTrace[] warps, int registers) {
    if (registers != lastRegisters || warps.length != lastLengths.length) {
      return false;
    }
    for (int i = 0; i < warps.length; i++) {
      int n = warps[i] == null ? -1 : warps[i].length;
      if (n != lastLengths[i] || n > 0
          && !java.util.Arrays.equals(warps[i].ops, 0, n * WarpTrace.WIDTH, lastOps[i], 0, n * WarpTrace.WIDTH)) {
        return false;
      }
    }
    return true;
  }

  void keepAsLast(WarpTrace[] warps, int registers) {
    if (lastOps.length != warps.length) {
      lastOps = new int[warps.length][];
      lastLengths = new int[warps.length];
    }
    for (int i = 0; i < warps.length; i++) {
      int n = warps[i] == null ? -1 : warps[i].length;
      lastLengths[i] = n;
      if (n > 0) {
        if (lastOps[i] == null || lastOps[i].length < n * WarpTrace.WIDTH) {
          lastOps[i] = new int[Math.max(n * WarpTrace.WIDTH, 64)];
        }
        System.arraycopy(warps[i].ops, 0, lastOps[i], 0, n * WarpTrace.WIDTH);
      }
    }
    lastRegisters = registers;
  }
  /**
   * Whether the run can no longer be timed: its traces passed their budget (a runaway), and it
   * has no cycles, so the events record nothing more of it.
   */
  private boolean stopped() {
    return owner.budget.exhausted() != null;
  }

  @Override
  public boolean listening() {
    return !stopped();
  }

  /** The launch's communication between blocks, as this thread hears it (only blocks that run on one thread communicate). */
  final BlockSync sync = new BlockSync();

  private Builder builder(int block) {
    if (block == lastBlock) {
      return last;
    }
    return opened(block);
  }

  /**
   * Block {@code block}'s builder, found among those open or opened now, as the last one heard:
   * apart from {@link #builder}, the lookup every event makes (in Java's compilation log of a 2^24
   * program, C2 spent 0.25 s on {@code builder} with this inside, compiled three times, and 0.14 s
   * on this method alone, compiled twice; C2 still inlines it into some callers).
   */
  private Builder opened(int block) {
    Builder b = open.get(block);
    if (b == null) {
      if (free.isEmpty()) {
        b = new Builder();
        builders++;
      } else {
        b = free.pop();
      }
      int count = (owner.threadsPerBlock + 31) / 32;
      if (b.warps.length != count) {
        b.warps = new WarpTrace[count];
      }
      for (int i = 0; i < count; i++) {
        if (b.warps[i] == null) {
          b.warps[i] = new WarpTrace(owner.table, owner.budget);
        }
        b.warps[i].reset();
      }
      b.registers = 1;
      b.again = false;
      b.caches.clear();
      b.acquires.clear();
      b.log.clear();
      b.log.maxHeld = owner.budget.limit() / WarpTrace.WIDTH / 2; // each block: a log changes hands with the sink's last one
      // Logged: not in a launch with spin-waits (BlockSync follows them as they happen), nor once
      // most of this launch's blocks on this thread were replayed (unless the engine vouches for
      // this one: keyed), nor by a thread that ever had two blocks open at once. The traces'
      // owner.budget is charged as their arrays grow, and arrays stay with their builder: with one
      // builder, every block that is built grows it as far as building every block would (a block
      // timed from its log has the traces of one that was built), so the owner.budget runs out
      // exactly when it would; with several, a builder that never builds would not grow.
      b.logging = b.log.on() && !owner.spins.any() && builders == 1 && (keyed || replays <= 8 || replays <= reuses);
      open.put(block, b);
    }
    lastBlock = block;
    last = b;
    return b;
  }

  private WarpTrace warp(int block, int warp) {
    Builder b = builder(block);
    if (warp >= b.warps.length) {
      b.warps = java.util.Arrays.copyOf(b.warps, warp + 1);
    }
    if (b.warps[warp] == null) {
      b.warps[warp] = new WarpTrace(owner.table, owner.budget);
    }
    return b.warps[warp];
  }

  @Override
  public void blockBegin(int block) {
    builder(block);
  }

  @Override
  public void blockEnd(int block) {
    end(block);
    lastKey = null;
  }

  @Override
  public void blockEnd(int block, Object key) {
    lastKey = end(block) ? key : null;
  }

  /**
   * {@link #blockEnd} of a block whose events would have been the last block's but for its
   * global requests' addresses (the caller vouches for that by the key): when the block's caches
   * find each request as the last block's did, its log would be the last one, and it is timed so
   * at once (as {@link #blockEnd} would time it, from the same log, with its events heard).
   */
  @Override
  public boolean blockAgain(int block, Object key, long[] globalAddresses) {
    boolean wasOpen = open.containsKey(block);
    if (key == null || stopped() || open.size() > (wasOpen ? 1 : 0)) {
      return false;
    }
    keyed = true;
    Builder b = builder(block); // as blockBegin: the block stays open for its events if not taken
    keyed = false;
    if (wasOpen && (!b.logging || b.log.length != 0)) {
      return false; // open already and told some of its events (its caches hold them): they are the block's
    }
    if (key != lastKey || !b.logging || lastTime == null || !lastLogged || !sameRequests(b.caches, globalAddresses)) {
      b.caches.clear(); // as opened: its events go through the caches again
      return false;
    }
    b.again = true;
    end(block);
    owner.again.increment();
    return true;
  }

  /**
   * Whether {@code caches}, given the last block's global requests at {@code addresses}, find
   * each load where its log says the last block's found it.
   */
  private boolean sameRequests(BlockCaches caches, long[] addresses) {
    int[] globals = lastLog.globals();
    if (globals.length != addresses.length) {
      return false;
    }
    int[] ints = lastLog.ints;
    for (int k = 0; k < addresses.length; k++) {
      int i = globals[k];
      if (BlockLog.tag(ints[i]) == BlockLog.GLOBAL_STORE) {
        caches.store(addresses[k], ints[i + 1]); // as globalAccess
        continue;
      }
      int sectors = ints[i + 2] >>> 1;
      int kind = owner.params.globalCaches() ? caches.load(addresses[k], sectors, (ints[i + 2] & 1) != 0) : WarpTrace.GLOBAL_LD;
      if (kind != ints[i + 1]) {
        return false;
      }
    }
    return true;
  }

  /** Ends and times block {@code block}; whether its events are then {@link #lastLog}'s. */
  private boolean end(int block) {
    Builder b = open.remove(block);
    if (b == null) {
      return false;
    }
    if (block == lastBlock) {
      lastBlock = -1;
      last = null;
    }
    if (owner.budget.exhausted() != null) {
      free.push(b); // the run will not be timed: nothing to time this block for
      return false;
    }
    SmModel.BlockTime t;
    if (b.logging && lastTime != null && lastLogged && (b.again || b.log.sameAs(lastLog))) {
      t = lastTime; // the last block's events, so its traces: timed as they were (owner.time() would find them the same)
      reuses++;
      owner.reused.increment();
    } else {
      boolean logged = b.logging;
      if (logged) {
        replay(b, block);
        lastBlock = -1;
        last = null;
        replays++;
        if (owner.budget.exhausted() != null) {
          lastLogged = false;
          free.push(b);
          return false;
        }
      }
      t = owner.time(b.warps, b.registers, this);
      lastLogged = logged;
      if (logged) { // the log of the traces owner.time() compares the next block's with
        BlockLog kept = lastLog;
        lastLog = b.log;
        b.log = kept;
      }
    }
    doneBlocks[done] = block;
    doneTimes[done++] = sync.settle(block, t, b.acquires, b.warps, owner.params);
    if (done == doneBlocks.length) {
      handOver();
    }
    free.push(b);
    return lastLogged;
  }

  /**
   * Forgets the blocks still open ({@link TimingObserver#abandonOpen}), after replaying their logs
   * into their traces: the traces' owner.budget is then charged as it would have been had they been
   * built as their events came (a runaway's, cut short, may have run it out).
   */
  void abandon() {
    replayOpen();
    open.clear();
    lastBlock = -1;
    last = null;
  }

  /** The logs of the blocks still open (a fault stopped them), replayed into their traces; the blocks stay open. */
  void replayOpen() {
    for (Map.Entry<Integer, Builder> e : new java.util.TreeMap<>(open).entrySet()) {
      if (e.getValue().logging) {
        replay(e.getValue(), e.getKey());
      }
    }
    lastBlock = -1;
    last = null;
  }

  /** Times the blocks still open (a fault stopped them), in block order, and hands over every block's time. */
  void flush() {
    for (int block : new java.util.TreeSet<>(open.keySet())) {
      blockEnd(block);
    }
    handOver();
  }

  /** The launch's blocks this thread timed, handed over a batch at a time (one lock a batch, not a block). */
  private final int[] doneBlocks = new int[256];
  private final SmModel.BlockTime[] doneTimes = new SmModel.BlockTime[256];
  int done;

  private void handOver() {
    synchronized (owner) {
      for (int i = 0; i < done; i++) {
        owner.timed(doneBlocks[i], doneTimes[i]);
        doneTimes[i] = null;
      }
    }
    done = 0;
  }

  @Override
  public void issue(int block, int warp, Insn insn, int activeMask) {
    if (stopped()) {
      return;
    }
    if (!logged(builder(block), block, BlockLog.ISSUE, warp, insn)) {
      issued(block, warp, owner.decoded(insn));
    }
  }

  /**
   * Whether an event of the instruction {@code insn} went to block {@code block}'s log, as its
   * tag and the instruction's id; if the block is logged but the instruction is not one of the
   * module's device code (which cannot happen), the log goes to the traces and so does the event.
   */
  private boolean logged(Builder b, int block, int tag, int warp, Insn insn) {
    if (!logs(b, block)) {
      return false;
    }
    if (owner.known(insn)) {
      b.log.add(tag, warp, insn.id());
      return true;
    }
    replay(b, block);
    return false;
  }

  /** {@link #issue} of an instruction decoded as {@code d}, into the warp's trace. */
  private void issued(int block, int warp, int[] d) {
    WarpTrace w = warp(block, warp);
    w.settle();
    if (d[TimingObserver.PLAIN] != 0) { // most instructions: no loop counter, fusion, extra slots or registers beyond the block's so far
      w.add(d[TimingObserver.KIND], d[TimingObserver.REFERENCE]);
      plain(w, d[TimingObserver.REGISTERS]);
      return;
    }
    if (d[11] > 0) { // a kernel's prologue, a predicated body, BSSY and BSYNC: issue slots around the instruction
      for (int i = 0; i < d[11]; i++) {
        w.add(WarpTrace.ALU, d[12]);
      }
    }
    if (d[16] >= 0 && d[16] < owner.loopCounters.length && owner.loopCounters[d[16]] != null) { // entering a loop: its copies start again
      for (int c : owner.loopCounters[d[16]]) {
        if (c < w.controlCounts.length) {
          w.controlCounts[c] = 0;
        }
      }
    }
    if (d[15] != 0) { // a device virtual call: the warp waits for the vtable and the indirect call
      w.add(WarpTrace.CALL_VIRTUAL, d[12]);
    }
    int kind = d[0];
    boolean issues = true;
    if (d[6] >= 0) { // issued once in 4 or 16 executions (a loop unrolled at run time: LoopControl)
      if (d[6] >= w.controlCounts.length) {
        w.controlCounts = java.util.Arrays.copyOf(w.controlCounts, Math.max(d[6] + 1, owner.counters));
      }
      if (w.controlCounts[d[6]]++ % owner.counterCopies[d[6]] != 0) {
        kind = WarpTrace.FREE;
        issues = false;
      }
    }
    if (d[8] != 0) {
      if (d[8] == TimingObserver.FUSES && w.multiplied >= 0 && (d[2] == w.multiplied || d[3] == w.multiplied)) {
        kind = WarpTrace.FREE; // a multiply and the add of its product: one FFMA
      }
      w.multiplied = d[8] == TimingObserver.MULTIPLIES ? d[1] : -1;
    } else {
      w.multiplied = -1;
    }
    if (issues) {
      for (int i = 0; i < d[10]; i++) { // the rest of a sequence (integer division), or an address's slot
        w.add(WarpTrace.ALU, d[12]);
      }
    }
    w.add(kind, d[9]);
    Builder b = last;
    b.registers = Math.max(b.registers, d[5]);
  }

  /**
   * A run of instructions: each stretch of those that take the common path of {@link #issue} (their
   * kind and registers alone), up to a memory instruction, appended to the warp's trace at once, as
   * one issue each would append them; each other instruction, or a stretch for which the trace
   * must grow (its owner.budget decides), one issue each.
   */
  @Override
  public void issueRun(int block, int warp, Insn[] insns, int from, int to, int activeMask) {
    if (from >= to) {
      return;
    }
    Builder b = builder(block);
    if (logs(b, block)) { // held as the engine's array and bounds (it hands the same array for a trace every time)
      b.log.add(BlockLog.RUN, warp, insns, from, to);
      return;
    }
    if (!stopped()) {
      run(block, warp, pieces.of(insns, from, to));
    }
  }

  /** {@link #issueRun} of the run split as {@code r}, into the warp's trace. */
  private void run(int block, int warp, RunPieces.Split r) {
    for (int k = 0; k < r.pairs().length; k++) {
      int[] pairs = r.pairs()[k];
      int at = r.at()[k];
      if (pairs == null) {
        if (!stopped()) {
          issued(block, warp, owner.decoded(r.insns()[at]));
        }
        continue;
      }
      WarpTrace w = warp(block, warp);
      w.settle();
      if (w.append(pairs)) {
        plain(w, r.registers()[k]);
        continue;
      }
      for (int i = at; i < at + pairs.length / WarpTrace.WIDTH && !stopped(); i++) {
        issued(block, warp, owner.decoded(r.insns()[i]));
      }
    }
  }

  /** This thread's runs, split ({@link RunPieces}). */
  private final RunPieces pieces;

  /**
   * The rest of the plain path, once its instructions are in the warp's trace: no multiply
   * waits for its add, and the block has at least their registers.
   */
  private void plain(WarpTrace w, int registers) {
    w.multiplied = -1;
    if (registers > last.registers) {
      last.registers = registers;
    }
  }

  @Override
  public void sharedAccess(int block, int warp, Insn insn, boolean store, int lanes, int wavefronts, int idealWavefronts) {
    Builder b = builder(block);
    if (logs(b, block)) { // the owner.budget is checked when the event is replayed
      b.log.add(BlockLog.SHARED, warp, wavefronts << 1 | (store ? 1 : 0), wavefronts - idealWavefronts);
      return;
    }
    if (!stopped()) {
      shared(block, warp, store, wavefronts, wavefronts - idealWavefronts);
    }
  }

  private void shared(int block, int warp, boolean store, int wavefronts, int excess) {
    warp(block, warp).access(store ? WarpTrace.SHARED_ST : WarpTrace.SHARED_LD, wavefronts, Math.max(0, excess));
  }

  @Override
  public void globalAccess(int block, int warp, Insn insn, boolean store, int lanes, int sectors, long address) {
    if (stopped()) {
      return;
    }
    Builder b = builder(block);
    if (store) {
      b.caches.store(address, sectors);
      if (logs(b, block)) { // no spin-waits in a logged block: nothing for BlockSync
        b.log.add(BlockLog.GLOBAL_STORE, warp, sectors);
        return;
      }
      WarpTrace w = warp(block, warp);
      w.access(WarpTrace.GLOBAL_ST, sectors);
      if (insn.isVolatile() && owner.spins.any()) {
        sync.write(block, warp, w.mark(), address);
      }
      return;
    }
    int kind = owner.params.globalCaches() ? b.caches.load(address, sectors, insn.isVolatile()) : WarpTrace.GLOBAL_LD;
    if (logs(b, block)) {
      b.log.add(BlockLog.GLOBAL_LOAD, warp, kind, sectors << 1 | (insn.isVolatile() ? 1 : 0));
      return;
    }
    globalLoad(block, warp, insn, insn.isVolatile(), kind, sectors, address);
  }

  /** A global load's request of {@code sectors}, {@code kind} as the block's caches found it, into the warp's trace. */
  private void globalLoad(int block, int warp, Insn insn, boolean isVolatile, int kind, int sectors, long address) {
    WarpTrace w = warp(block, warp);
    if (owner.params.globalCaches() && isVolatile && owner.spins.any() && owner.spins.spins(insn) && WarpTrace.slowness(kind) > WarpTrace.slowness(WarpTrace.GLOBAL_LD_L2)) {
      kind = WarpTrace.GLOBAL_LD_L2; // a spin-wait's read of what another block wrote: L2 holds it
    }
    int before = w.length > 0 ? w.kind(w.length - 1) : -1;
    if (WarpTrace.slowness(before) > WarpTrace.slowness(kind)) {
      kind = before; // an instruction's requests wait for the slowest
    }
    boolean first = w.length > 0 && w.kind(w.length - 1) == WarpTrace.MEMORY_PENDING;
    w.access(kind, sectors);
    if (first && !isVolatile) {
      w.hoistPending = true; // once its other requests are in: when the warp issues its next instruction
    }
    if (first && isVolatile && owner.spins.any()) {
      int mark = w.mark();
      int[] q = owner.spins.spins(insn) ? sync.read(block, warp, mark, address) : null;
      if (q != null && owner.budget.take(TimingObserver.ACQUIRE_INTS)) { // a spin that never ends reads for ever: within the traces' owner.budget
        last.acquires.add(q);
      }
    }
  }

  @Override
  public void localAccess(int block, int warp, Insn insn, boolean store, int lanes) {
    if (stopped()) {
      return;
    }
    Builder b = builder(block);
    if (logs(b, block)) {
      b.log.add(BlockLog.LOCAL, warp, store ? 1 : 0);
      return;
    }
    local(block, warp, store);
  }

  private void local(int block, int warp, boolean store) {
    warp(block, warp).access(store ? WarpTrace.GLOBAL_ST : WarpTrace.GLOBAL_LD, 1);
  }

  @Override
  public void atomic(int block, int warp, Insn insn, int lanes, long address, boolean changed) {
    if (stopped()) {
      return;
    }
    Builder b = builder(block);
    if (logs(b, block)) { // no spin-waits in a logged block: nothing for BlockSync
      b.log.add(BlockLog.ATOMIC, warp, Integer.bitCount(lanes));
      return;
    }
    WarpTrace w = warp(block, warp);
    w.access(WarpTrace.GLOBAL_ATOMIC, Integer.bitCount(lanes));
    if (lanes != 0 && owner.spins.any()) {
      int mark = w.mark();
      int[] q = owner.spins.spins(insn) ? sync.read(block, warp, mark, address) : null;
      if (q != null && owner.budget.take(TimingObserver.ACQUIRE_INTS)) { // a spin that never ends reads for ever: within the traces' owner.budget
        last.acquires.add(q);
      }
      if (changed) {
        sync.write(block, warp, mark, address);
      }
    }
  }

  @Override
  public void divergentBranch(int block, int warp, Insn insn, int activeMask, int taken) {
    if (stopped()) {
      return;
    }
    if (!logged(builder(block), block, BlockLog.DIVERGE, warp, insn)) {
      diverged(block, warp, owner.decoded(insn));
    }
  }

  private void diverged(int block, int warp, int[] d) {
    if (d[13] != 0) { // a branched if's paths: one more instruction when the warp splits
      warp(block, warp).add(WarpTrace.ALU, d[12]);
    }
  }

  /**
   * Whether block {@code block}'s events are logged: its log is on and not full (a full log's
   * events go to the block's traces, and so do the block's later events).
   */
  private boolean logs(Builder b, int block) {
    if (b.logging && b.log.full()) {
      replay(b, block);
    }
    return b.logging;
  }

  /**
   * Block {@code block}'s logged events, in order, into its traces, as each would have gone when
   * it happened (each checks the traces' owner.budget again, as it would have); the block's later events
   * go to its traces at once.
   */
  private void replay(Builder b, int block) {
    b.logging = false;
    lastBlock = block;
    last = b;
    int[] ints = b.log.ints;
    Object[] refs = b.log.refs;
    int r = 0;
    for (int i = 0; i < b.log.length; ) {
      int head = ints[i++];
      int tag = BlockLog.tag(head);
      int warp = head >>> BlockLog.TAG_BITS;
      if (!stopped()) {
        switch (tag) {
          case BlockLog.RUN -> run(block, warp, pieces.of((Insn[]) refs[r], ints[i], ints[i + 1]));
          case BlockLog.ISSUE -> issued(block, warp, owner.byId[ints[i]]);
          case BlockLog.SHARED -> shared(block, warp, (ints[i] & 1) != 0, ints[i] >>> 1, ints[i + 1]);
          case BlockLog.GLOBAL_STORE -> warp(block, warp).access(WarpTrace.GLOBAL_ST, ints[i]);
          case BlockLog.GLOBAL_LOAD -> globalLoad(block, warp, null, (ints[i + 1] & 1) != 0, ints[i], ints[i + 1] >>> 1, 0);
          case BlockLog.LOCAL -> local(block, warp, ints[i] != 0);
          case BlockLog.ATOMIC -> warp(block, warp).access(WarpTrace.GLOBAL_ATOMIC, ints[i]);
          default -> diverged(block, warp, owner.byId[ints[i]]);
        }
      }
      r += tag == BlockLog.RUN ? 1 : 0;
      i += BlockLog.operands(tag);
    }
  }
}
