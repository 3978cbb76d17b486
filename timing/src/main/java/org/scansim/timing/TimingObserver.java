package org.scansim.timing;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.scansim.frontend.ir.Insn;
import org.scansim.frontend.ir.Op;
import org.scansim.frontend.ir.Operand;
import org.scansim.frontend.ir.Reg;
import org.scansim.sim.arch.Architecture;
import org.scansim.sim.event.ExecutionObserver;

/**
 * Listens to the functional engine's events ({@link ExecutionObserver}) and times each launch:
 * each block's warps' instructions become {@link WarpTrace}s, each block is timed alone by
 * {@link SmModel} when it ends (blocks with the same trace, as most of a large scan's are, are
 * timed once), and the launch by {@link LaunchModel} at its end. Independent blocks are heard on
 * every thread the engine runs them on ({@link #worker}); each block's time is taken in block order,
 * so what the launch adds up to does not depend on the threads.
 */
public final class TimingObserver implements ExecutionObserver {
  /**
   * One launch's predicted time (see {@link LaunchModel.LaunchTime}), and where its warps' cycles
   * went: warp-cycles by {@link Stall} (summed over the launch's blocks, in the enum's order, by
   * Nsight Compute's names), and the same per source site, the sites with the most first; and
   * the cycles of each barrier phase of the launch's slowest block, and each phase's warp-cycles by
   * {@link Stall} summed over the launch's blocks; {@code fixedCycles} of the launch's cycles are its
   * fixed cost, and {@code conflictCycles} are what its bank conflicts add (its cycles less those of
   * the same launch with every shared request in its ideal wavefronts), {@code phaseConflictCycles}
   * the same for each barrier phase of the slowest block; {@code issueBoundCycles} and {@code
   * memoryBoundCycles} are the least its instructions take to issue and its device-memory traffic to
   * move ({@link LaunchModel.LaunchTime}).
   */
  public record LaunchTiming(String kernel, long smCycles, long durationNs, int blocksPerSm, long waves, long blockCycles, String bound,
      long issued, Map<String, Long> stalls, List<SiteStalls> sites, List<Long> phaseCycles, List<Map<String, Long>> phaseStalls,
      long fixedCycles, long conflictCycles, List<Long> phaseConflictCycles, long issueBoundCycles, long memoryBoundCycles) {}

  /**
   * What bounds a launch that called printf in device code, in place of "blocks" or "bandwidth":
   * printf's own cost is not modelled (a scan kernel that printed took 13 to 61 times the cycles
   * the model gave it on an H200, at n = 16 to 2048), so its cycles are a lower bound.
   */
  public static final String PRINTF_NOT_MODELLED = "printf, not modelled";

  /** One source site's warp-cycles by stall reason (Nsight Compute's names), and their sum. */
  public record SiteStalls(String location, long total, Map<String, Long> stalls) {}

  /** The instructions given a site, in program order: a site is its index here. */
  private final List<Insn> siteInsns = new ArrayList<>();

  private final Architecture arch;
  final TimingParameters params;
  /** The ints a launch's traces may take: 256 MiB (a runaway's trace grows for ever; a scan block's takes a few KiB). */
  static final long MAX_TRACE_INTS = 1L << 26;
  /** What a block's read of another block's write costs the budget, in ints (the record and its slot). */
  static final int ACQUIRE_INTS = 16;
  /**
   * The traces' budget: {@link #MAX_TRACE_INTS}, or a quarter of a smaller Java heap (less than 1
   * GiB), where the traces and their copy while growing would otherwise run the heap out: such a
   * run then has no cycles, said so, instead of a fault for the heap.
   */
  final WarpTrace.Budget budget;
  private final List<LaunchTiming> launches = new ArrayList<>();
  /** Each device instruction's decoding ({@link #decode}), made up front so that every thread reads it and sites follow the program. */
  private final Map<Insn, int[]> decoded = new IdentityHashMap<>();
  /** The same by {@link Insn#id()}: one array read an event instead of a map lookup. */
  int[][] byId = new int[0][];
  /**
   * Each decoded instruction's registers and site ({@link WarpTrace#ENTRY} ints, entry 0 none),
   * which every trace refers to; complete when the constructor returns.
   */
  int[] table = {-1, -1, -1, -1, -1, 0};
  private int entries = 1;
  private boolean built;
  /** Blocks timed in this launch, by two 64-bit hashes of their traces (equal traces are timed once). */
  private final Map<Key, SmModel.BlockTime> timed = new ConcurrentHashMap<>();

  private record Key(long h1, long h2) {
    // equals and hashCode written out (not the record's, bootstrapped through method handles at first use)
    @Override
    public boolean equals(Object o) {
      return o instanceof Key k && k.h1 == h1 && k.h2 == h2;
    }

    @Override
    public int hashCode() {
      return 31 * Long.hashCode(h1) + Long.hashCode(h2);
    }
  }

  private String kernel;
  int threadsPerBlock;
  private long blocks;
  /** Blocks of this launch resident on an SM at once. */
  private int perSm = 1;
  /** The launch's blocks' times in block order, runs of equal ones as one. */
  private final List<LaunchModel.Run> runs = new ArrayList<>();
  /**
   * Blocks timed before all blocks before them were, by their distance from {@link #nextBlock} (a
   * ring from {@link #head}): taken into {@link #runs} when those are.
   */
  private SmModel.BlockTime[] pending = new SmModel.BlockTime[64];
  private int head;
  private int nextBlock;
  /** The launching thread's blocks, and each worker's. */
  private final BlockSink self = new BlockSink(this);
  private final List<BlockSink> sinks = new ArrayList<>();

  private final LoopControl loops;
  private final IssueCost issue;
  final SpinWaits spins;
  /** The dispatchers' reads of an object's class: where a device virtual call's warp waits ({@link WarpTrace#CALL_VIRTUAL}). */
  private final java.util.Set<Insn> virtualCalls = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
  /** Counters a warp keeps, one for each instruction issued once in 4 or 16 executions (a loop unrolled at run time). */
  int counters;
  /** By counter: the copies of its loop ({@link LoopControl.Mode#copies()}), its instruction issuing once in that many executions. */
  int[] counterCopies = new int[8];

  /** Times the launches of {@code module} (its loops' control is costed as nvcc unrolls them: {@link LoopControl}). */
  public TimingObserver(Architecture arch, TimingParameters params, org.scansim.frontend.ir.IrModule module) {
    this(arch, params, module, Math.min(MAX_TRACE_INTS, Runtime.getRuntime().maxMemory() / 16));
  }

  /** The same, with a budget of {@code traceInts} for the traces (a test's small one). */
  TimingObserver(Architecture arch, TimingParameters params, org.scansim.frontend.ir.IrModule module, long traceInts) {
    this.budget = new WarpTrace.Budget(traceInts);
    this.arch = arch;
    this.params = params;
    this.loops = new LoopControl(module);
    this.issue = new IssueCost(module, loops);
    this.spins = new SpinWaits(module);
    for (org.scansim.frontend.ir.IrFunction f : DeviceCode.of(module)) {
      // A device virtual call: its dispatcher's first instruction reads the object's class (the engine
      // counts it as the card's vtable load); the warp waits there for the indirect call.
      if (f.name().endsWith(org.scansim.frontend.ast.StructDef.DISPATCHER) && !f.blocks().isEmpty()
          && !f.blocks().get(0).insns().isEmpty() && f.blocks().get(0).insns().get(0).op() == Op.LD) {
        virtualCalls.add(f.blocks().get(0).insns().get(0));
      }
    }
    for (org.scansim.frontend.ir.IrFunction f : DeviceCode.of(module)) {
      for (org.scansim.frontend.ir.Block b : f.blocks()) {
        for (Insn in : b.insns()) {
          int[] d = decoded.computeIfAbsent(in, this::decode);
          if (in.id() >= 0) {
            if (in.id() >= byId.length) {
              byId = java.util.Arrays.copyOf(byId, Math.max(in.id() + 1, byId.length * 2));
            }
            byId[in.id()] = d;
          }
        }
      }
    }
    table = java.util.Arrays.copyOf(table, entries * WarpTrace.ENTRY);
    built = true;
    loopCounters = new int[loopCounterLists.isEmpty() ? 0 : loopCounterLists.lastKey() + 1][];
    for (Map.Entry<Integer, List<Integer>> e : loopCounterLists.entrySet()) {
      loopCounters[e.getKey()] = e.getValue().stream().mapToInt(Integer::intValue).toArray();
    }
  }

  /** By loop unrolled at run time ({@link LoopControl#loopOf}): the counters of its control instructions, reset as a warp enters it. */
  int[][] loopCounters = new int[0][];
  private final java.util.TreeMap<Integer, List<Integer>> loopCounterLists = new java.util.TreeMap<>();

  /** What the model is, in a few words, for a report: its preset, what it was calibrated on, and its clock. */
  public String model() {
    return params.describe();
  }

  /** The launches timed so far, in order (a launch is added when the next begins or {@link #finish} is called). */
  public List<LaunchTiming> launches() {
    return launches;
  }

  @Override
  public void launch(String kernel, long blocks, int threadsPerBlock) {
    finish();
    timed.clear(); // memory stays bounded by one launch's distinct blocks
    budget.renew();
    self.lastTime = null;
    self.lastLogged = false;
    self.replays = 0;
    self.reuses = 0;
    this.kernel = kernel;
    this.threadsPerBlock = threadsPerBlock;
    this.blocks = blocks;
    this.perSm = LaunchModel.perSm(blocks, threadsPerBlock, arch);
    self.sync.launch(blocks, threadsPerBlock, arch);
  }

  @Override
  public synchronized ExecutionObserver worker() {
    BlockSink s = new BlockSink(this);
    s.sync.launch(blocks, threadsPerBlock, arch);
    sinks.add(s);
    return s;
  }

  @Override
  public synchronized void restart() {
    launches.clear();
    kernel = null;
    runs.clear();
    java.util.Arrays.fill(pending, null);
    head = 0;
    nextBlock = 0;
    for (BlockSink s : sinks) {
      s.abandon();
    }
    sinks.clear();
    self.abandon();
    self.lastTime = null;
    self.done = 0;
  }

  /** Blocks timed as the last block on their thread was, because their logged events were the same (tests read it). */
  final java.util.concurrent.atomic.LongAdder reused = new java.util.concurrent.atomic.LongAdder();

  long reusedBlocks() {
    return reused.sum();
  }

  /** Of the {@link #reused} blocks, those taken without their events ({@link #blockAgain}; tests read it). */
  final java.util.concurrent.atomic.LongAdder again = new java.util.concurrent.atomic.LongAdder();

  long againBlocks() {
    return again.sum();
  }

  /**
   * Why this run has no cycles, or null: its traces passed their memory budget (then no launch
   * is timed, and {@link #launches} is empty).
   */
  public String untimed() {
    return budget.exhausted();
  }

  /**
   * Forgets the blocks still open, which a budget stopped (a loop that never ends): the launch is
   * timed from the blocks that ended, not from a runaway's trace, which would take the timing
   * model as long again as the run it stopped.
   */
  public synchronized void abandonOpen() {
    self.abandon();
    for (BlockSink s : sinks) {
      s.abandon();
    }
  }

  /** The predicted time of the launches so far (the one in progress timed first, as ended); -1 when the run has no cycles. */
  @Override
  public synchronized long elapsedNanos() {
    finish();
    if (budget.exhausted() != null) {
      return -1;
    }
    long ns = 0;
    for (LaunchTiming t : launches) {
      ns += t.durationNs();
    }
    return ns;
  }

  /** Times the launch in progress, if any. */
  public void finish() {
    if (kernel == null) {
      return;
    }
    self.replayOpen(); // the traces' budget charged for them, as building them when their events came would have
    for (BlockSink s : sinks) {
      s.replayOpen();
    }
    if (budget.exhausted() != null) {
      restart(); // the run has no cycles: nothing of it is kept
      return;
    }
    // Blocks a fault stopped are timed as far as they ran.
    self.flush();
    for (BlockSink s : sinks) {
      s.flush();
    }
    sinks.clear();
    drainPending();
    LaunchModel.LaunchTime t = LaunchModel.ofRuns(runs, threadsPerBlock, arch, params);
    long conflictCycles = 0;
    if (runs.stream().anyMatch(r -> r.time().conflictFree() != null)) {
      List<LaunchModel.Run> ideal = runs.stream().map(r -> new LaunchModel.Run(r.time().ideal(), r.count())).toList();
      conflictCycles = Math.max(0, t.smCycles() - LaunchModel.ofRuns(ideal, threadsPerBlock, arch, params).smCycles());
    }
    long[] stalls = new long[SmModel.STALLS];
    long[] bySite = new long[siteInsns.size() * SmModel.STALLS];
    SmModel.BlockTime slowest = null;
    long[] byPhase = new long[0];
    for (LaunchModel.Run r : runs) {
      SmModel.BlockTime b = r.time();
      if (b.phaseStalls().length > byPhase.length) {
        byPhase = java.util.Arrays.copyOf(byPhase, b.phaseStalls().length);
      }
      for (int i = 0; i < b.phaseStalls().length; i++) {
        byPhase[i] += b.phaseStalls()[i] * r.count();
      }
      for (int i = 0; i < stalls.length; i++) {
        stalls[i] += b.stalls()[i] * r.count();
      }
      for (int i = 0; i < Math.min(bySite.length, b.siteStalls().length); i++) {
        bySite[i] += b.siteStalls()[i] * r.count();
      }
      if (slowest == null || b.cycles() > slowest.cycles()) {
        slowest = b; // per barrier phase: the slowest block's (alone on its SM), the first of them
      }
    }
    // Instructions of one source position (a load and a store of `a[i] += x`) are one line.
    Map<String, long[]> byLocation = new java.util.LinkedHashMap<>();
    for (int site = 0; site < siteInsns.size(); site++) {
      Insn in = siteInsns.get(site);
      long[] sum = byLocation.computeIfAbsent(in.span() == null ? "?" : in.span().position(), k -> new long[SmModel.STALLS]);
      for (int r = 0; r < SmModel.STALLS; r++) {
        sum[r] += bySite[site * SmModel.STALLS + r];
      }
    }
    List<SiteStalls> lines = new ArrayList<>();
    for (Map.Entry<String, long[]> e : byLocation.entrySet()) {
      long total = java.util.Arrays.stream(e.getValue()).sum();
      if (total > 0) {
        lines.add(new SiteStalls(e.getKey(), total, named(e.getValue(), 0)));
      }
    }
    // The busiest first; equal ones by their place in the program (sites are numbered in its order).
    lines.sort(java.util.Comparator.comparingLong(SiteStalls::total).reversed());
    List<Long> phases = new ArrayList<>();
    List<Long> phaseConflicts = new ArrayList<>();
    if (slowest != null) {
      long[] free = slowest.ideal().phaseCycles();
      for (long c : slowest.phaseCycles()) {
        phases.add(c);
        phaseConflicts.add(phaseConflicts.size() < free.length ? Math.max(0, c - free[phaseConflicts.size()]) : 0);
      }
    }
    List<Map<String, Long>> phaseStalls = new ArrayList<>();
    for (int from = 0; from < byPhase.length; from += SmModel.STALLS) {
      phaseStalls.add(named(byPhase, from));
    }
    // A launch that ran a device printf: its cycles leave out what printf costs the card (formatting into its buffer, and
    // the buffer's global traffic), which is not modelled: the report says so where it says what bounds the launch.
    boolean printed = false;
    for (int site = 0; site < siteInsns.size() && !printed; site++) {
      if (siteInsns.get(site).op() == org.scansim.frontend.ir.Op.PRINTF) {
        for (int r = 0; r < SmModel.STALLS && !printed; r++) {
          printed = bySite[site * SmModel.STALLS + r] != 0;
        }
      }
    }
    launches.add(new LaunchTiming(kernel, t.smCycles(), t.durationNs(), t.blocksPerSm(), t.waves(), t.blockCycles(),
        printed ? PRINTF_NOT_MODELLED : t.bound(), t.issued(),
        named(stalls, 0), List.copyOf(lines), List.copyOf(phases), List.copyOf(phaseStalls), Math.min(t.smCycles(), params.launchCycles()),
        conflictCycles, List.copyOf(phaseConflicts), t.issueCycles(), t.memoryCycles()));
    kernel = null;
    runs.clear();
  }

  private static Map<String, Long> named(long[] values, int from) {
    Map<String, Long> m = new java.util.LinkedHashMap<>();
    for (Stall st : Stall.values()) {
      m.put(st.metric(), values[from + st.ordinal()]);
    }
    return m;
  }

  /** Block {@code block}'s time: taken in block order, whichever thread timed it. */
  void timed(int block, SmModel.BlockTime time) {
    int ahead = block - nextBlock;
    if (ahead < 0) {
      return; // cannot happen: each block ends once
    }
    if (ahead >= pending.length) {
      SmModel.BlockTime[] wider = new SmModel.BlockTime[Math.max(ahead + 1, pending.length * 2)];
      for (int i = 0; i < pending.length; i++) {
        wider[i] = pending[(head + i) % pending.length];
      }
      pending = wider;
      head = 0;
    }
    pending[(head + ahead) % pending.length] = time;
    while (pending[head] != null) {
      append(pending[head]);
      pending[head] = null;
      head = (head + 1) % pending.length;
      nextBlock++;
    }
  }

  /** The blocks still pending (after a fault: some blocks before them never ended), in block order. */
  private void drainPending() {
    for (int i = 0; i < pending.length; i++) {
      SmModel.BlockTime t = pending[(head + i) % pending.length];
      if (t != null) {
        append(t);
      }
    }
    java.util.Arrays.fill(pending, null);
    head = 0;
    nextBlock = 0;
  }

  private void append(SmModel.BlockTime time) {
    int last = runs.size() - 1;
    if (last >= 0 && runs.get(last).time() == time) {
      runs.set(last, new LaunchModel.Run(time, runs.get(last).count() + 1));
    } else {
      runs.add(new LaunchModel.Run(time, 1));
    }
  }

  /** A trace's time: the one already timed for an equal trace, else its own. */
  SmModel.BlockTime time(WarpTrace[] warps, int registers, BlockSink sink) {
    for (WarpTrace w : warps) {
      if (w != null) {
        w.settle();
      }
    }
    if (sink.lastTime != null && sink.sameAsLast(warps, registers)) {
      return sink.lastTime; // as most blocks are: the same traces as the thread's last one, compared whole
    }
    long h1 = registers;
    long h2 = ~registers;
    for (WarpTrace w : warps) {
      if (w != null) {
        w.hash();
      }
      h1 = h1 * 31 + (w == null ? 0 : w.h1);
      h2 = h2 * 37 + (w == null ? 0 : w.h2);
    }
    sink.keepAsLast(warps, registers); // before the loads are issued early (the traces as recorded)
    Key key = new Key(h1, h2);
    SmModel.BlockTime t = timed.get(key);
    if (t == null) {
      WarpTrace[] ws = nonNull(warps);
      int regs = registers;
      for (WarpTrace w : ws) {
        regs = Math.max(regs, w.hoistLoads(registers));
      }
      SmModel.BlockTime mine = SmModel.run(ws, regs, siteInsns.size(), params);
      if (perSm > 1) {
        mine = mine.withTogether(SmModel.together(ws, regs, perSm, false, params));
      }
      boolean conflicted = false;
      for (WarpTrace w : ws) {
        conflicted |= w.conflicted;
      }
      if (conflicted) { // what the bank conflicts cost: the same block without them
        SmModel.BlockTime free = SmModel.conflictFree(ws, regs, params);
        if (perSm > 1) {
          free = free.withTogether(SmModel.together(ws, regs, perSm, true, params));
        }
        mine = mine.withConflictFree(free);
      }
      t = timed.putIfAbsent(key, mine);
      if (t == null) {
        t = mine;
      }
    }
    sink.lastTime = t;
    return t;
  }

  private static WarpTrace[] nonNull(WarpTrace[] ws) {
    WarpTrace[] out = ws.clone();
    for (int i = 0; i < out.length; i++) {
      if (out[i] == null) {
        out[i] = new WarpTrace();
      }
    }
    return out;
  }

  /** Whether {@code insn} is one of the module's device instructions, decoded up front (by its {@link Insn#id()}). */
  boolean known(Insn insn) {
    int id = insn.id();
    return id >= 0 && id < byId.length && byId[id] != null;
  }

  int[] decoded(Insn insn) {
    if (known(insn)) {
      return byId[insn.id()];
    }
    synchronized (this) { // not an instruction of the module's device code: cannot happen, but stay defined
      return decoded.computeIfAbsent(insn, this::decode);
    }
  }

  @Override
  public void blockBegin(int block) {
    self.blockBegin(block);
  }

  @Override
  public void blockEnd(int block) {
    self.blockEnd(block);
  }

  @Override
  public void blockEnd(int block, Object key) {
    self.blockEnd(block, key);
  }

  @Override
  public boolean blockAgain(int block, Object key, long[] globalAddresses) {
    return self.blockAgain(block, key, globalAddresses);
  }

  @Override
  public void issue(int block, int warp, Insn insn, int activeMask) {
    self.issue(block, warp, insn, activeMask);
  }

  @Override
  public void issueRun(int block, int warp, Insn[] insns, int from, int to, int activeMask) {
    self.issueRun(block, warp, insns, from, to, activeMask);
  }

  @Override
  public boolean listening() {
    return self.listening();
  }

  @Override
  public void sharedAccess(int block, int warp, Insn insn, boolean store, int lanes, int wavefronts, int idealWavefronts) {
    self.sharedAccess(block, warp, insn, store, lanes, wavefronts, idealWavefronts);
  }

  @Override
  public void globalAccess(int block, int warp, Insn insn, boolean store, int lanes, int sectors, long address) {
    self.globalAccess(block, warp, insn, store, lanes, sectors, address);
  }

  @Override
  public void localAccess(int block, int warp, Insn insn, boolean store, int lanes) {
    self.localAccess(block, warp, insn, store, lanes);
  }

  @Override
  public void atomic(int block, int warp, Insn insn, int lanes, long address, boolean changed) {
    self.atomic(block, warp, insn, lanes, address, changed);
  }

  @Override
  public void divergentBranch(int block, int warp, Insn insn, int activeMask, int taken) {
    self.divergentBranch(block, warp, insn, activeMask, taken);
  }


  // Indices into an instruction's decoding (decode, below): its kind, one more than its largest
  // register, its table entry, and whether it takes the plain path.
  static final int KIND = 0;
  static final int REGISTERS = 5;
  static final int REFERENCE = 9;
  static final int PLAIN = 14;

  /** {@link #decode}'s floating-point multiply, and add or subtract that may fuse with one. */
  static final int MULTIPLIES = 1;
  static final int FUSES = 2;

  /**
   * kind, dst, three sources (-1: none), one more than the largest register id, the counter of an
   * instruction issued once in its loop's 4 or 16 copies (-1: none), the site, {@link #MULTIPLIES} or {@link
   * #FUSES} (else 0), its entry in {@link #table}, the issue slots it takes beyond its own when issued
   * ({@link IssueCost#slots}: the rest of a sequence, or a pointer offset's one slot, which delays nothing), the slots issued before it whenever it runs (a prologue, a predicated
   * body, BSSY and BSYNC), the table entry of those slots (no registers, its site), 1 for a
   * branched if's branch (a split costs one more), 1 when none of these apply (the plain path), and 1
   * for a device virtual call's first instruction ({@link WarpTrace#CALL_VIRTUAL} before it), and the
   * loop unrolled at run time the instruction enters from before it (-1: none; {@link LoopControl#entered}).
   */
  private int[] decode(Insn in) {
    int kind = switch (in.op()) {
      case MOV, CVT, ADDR, PTR_ADD, BR -> WarpTrace.FREE;
      case DIV, REM -> WarpTrace.SPECIAL;
      case LD, ST -> WarpTrace.MEMORY_PENDING;
      case ATOM -> WarpTrace.GLOBAL_ATOMIC;
      case BAR -> WarpTrace.BARRIER;
      case CBR, RET, BAR_WARP, FENCE, SHFL, VOTE, ACTIVEMASK, CALL, LAUNCH, CUDA, PRINTF, ASSERT -> WarpTrace.OTHER;
      case ADD, SUB, MUL, AND, OR, XOR, SHL, SHR, NEG, NOT, SETP, MIN, MAX, ABS, POPC, CLZ, FFS, PTR_DIFF, SREG -> WarpTrace.ALU;
    };
    if (in.op() == Op.FENCE && in.fence() != org.scansim.frontend.ir.Enums.Fence.BLOCK && params.memoryFenceCycles() > 0) {
      kind = WarpTrace.FENCE;
    }
    LoopControl.Mode mode = issue.mode(in);
    if (mode == null && loops.id(in) >= 0) {
      mode = loops.mode(loops.id(in));
    }
    boolean arithmetic = kind == WarpTrace.ALU || kind == WarpTrace.OTHER || kind == WarpTrace.SPECIAL || kind == WarpTrace.FREE;
    int slots = issue.slots(in);
    int extra = 0;
    if (arithmetic) {
      if (slots == 0 || issue.predicated(in) || mode == LoopControl.Mode.FULL) {
        kind = WarpTrace.FREE;
      } else if (in.op() == Op.PTR_ADD) {
        extra = slots; // its slot, but no delay: nvcc schedules address arithmetic ahead of the access
      } else {
        extra = slots - 1;
        if (in.op() == Op.CVT) { // a conversion that changes representation
          boolean fromFloat = in.arg(0) instanceof Reg r && r.type().isFloat();
          kind = fromFloat != in.type().isFloat() ? WarpTrace.CONVERT : WarpTrace.ALU;
        } else if (kind == WarpTrace.FREE) {
          kind = WarpTrace.ALU;
        }
      }
    }
    int counter = (kind != WarpTrace.FREE || extra > 0) && arithmetic && mode != null && mode.runtime() ? counters++ : -1;
    if (counter >= 0) {
      counterCopies = counter < counterCopies.length ? counterCopies : java.util.Arrays.copyOf(counterCopies, 2 * counter + 8);
      counterCopies[counter] = mode.copies();
      int loop = loops.loopOf(in) >= 0 ? loops.loopOf(in) : issue.affineLoop(in) != null ? loops.loopOf(issue.affineLoop(in)) : -1;
      if (loop >= 0) {
        loopCounterLists.computeIfAbsent(loop, k -> new ArrayList<>()).add(counter);
      }
    }
    int entered = loops.entered(in);
    boolean floating = in.type() == org.scansim.frontend.ir.IrType.F32 || in.type() == org.scansim.frontend.ir.IrType.F64;
    int fma = !floating ? 0 : in.op() == Op.MUL ? MULTIPLIES : in.op() == Op.ADD || in.op() == Op.SUB ? FUSES : 0;
    int around = issue.entry(in) + Math.max(0, issue.predicatedBody(in)) + (issue.branched(in) ? 2 : 0);
    boolean virtualCall = params.virtualCallCycles() > 0 && virtualCalls.contains(in);
    int[] d = {kind, -1, -1, -1, -1, 1, counter, siteInsns.size(), fma, built ? 0 : entries, extra, around, built ? 0 : entries + 1,
        issue.branched(in) ? 1 : 0, counter < 0 && fma == 0 && extra == 0 && around == 0 && !virtualCall && entered < 0 ? 1 : 0,
        virtualCall ? 1 : 0, entered};
    siteInsns.add(in); // its site: decode runs once for each instruction
    if (in.dst() != null && in.op() != Op.ST) {
      d[1] = in.dst().id();
      d[5] = Math.max(d[5], in.dst().id() + 1);
    }
    int k = 2;
    for (Operand a : in.args()) {
      if (a instanceof Reg r && k < 5) {
        d[k++] = r.id();
        d[5] = Math.max(d[5], r.id() + 1);
      }
    }
    Reg p = issue.predicate(in);
    if (p != null && k < 5) { // an instruction of a predicated body waits for the predicate
      d[k] = p.id();
      d[5] = Math.max(d[5], p.id() + 1);
    }
    if (!built) { // its table entries (an instruction met only later, which cannot happen, refers to entry 0: no registers)
      if ((entries + 2) * WarpTrace.ENTRY > table.length) {
        table = java.util.Arrays.copyOf(table, Math.max(table.length * 2, (entries + 2) * WarpTrace.ENTRY));
      }
      int flags = switch (in.op()) {
        case LD, ST, ATOM -> WarpTrace.MEMORY;
        case BAR, BAR_WARP, FENCE, SHFL, VOTE, ACTIVEMASK, CALL, RET, LAUNCH, CUDA, PRINTF, ASSERT -> WarpTrace.ORDER;
        default -> 0;
      };
      System.arraycopy(new int[] {d[1], d[2], d[3], d[4], d[7], flags, -1, -1, -1, -1, d[7], 0}, 0, table, entries * WarpTrace.ENTRY,
          2 * WarpTrace.ENTRY);
      entries += 2;
    }
    return d;
  }
}
