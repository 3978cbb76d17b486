package org.scansim.sim.sched;

import org.scansim.sim.engine.opt.AccessMerging;
import org.scansim.sim.memory.Allocation;
import org.scansim.sim.engine.Alu;
import org.scansim.sim.engine.BlockExecutor;
import org.scansim.sim.engine.CInsn;
import org.scansim.sim.check.Checker;
import org.scansim.sim.engine.Code;
import org.scansim.sim.engine.Compiler;
import org.scansim.sim.device.Counters;
import org.scansim.sim.device.Deadline;
import org.scansim.sim.device.Fault;
import org.scansim.sim.memory.Footprints;
import org.scansim.sim.device.GpuDevice;
import org.scansim.sim.memory.Heap;
import org.scansim.sim.device.Kind;
import org.scansim.sim.engine.LaunchContext;
import org.scansim.sim.device.LaunchRecord;
import org.scansim.sim.device.Limits;
import org.scansim.sim.memory.MemoryModel;
import org.scansim.sim.engine.Printf;
import org.scansim.sim.memory.Ptr;
import org.scansim.sim.engine.opt.Registers;
import org.scansim.sim.device.Sizes;
import org.scansim.sim.engine.opt.Traces;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.scansim.frontend.diag.Span;
import org.scansim.frontend.ir.IrFunction;
import org.scansim.frontend.ir.IrModule;
import org.scansim.frontend.ir.MemSpace;
import org.scansim.frontend.ir.MemoryVar;
import org.scansim.frontend.ir.Op;

/**
 * The simulated GPU: global memory, the module's {@code __device__} and {@code __constant__}
 * variables, and kernel launches. Independent blocks run in chunks on all threads; blocks that
 * communicate take turns under a residency limit (see {@code runResident}).
 */
public final class Device implements GpuDevice {
  private final IrModule module;
  private final MemoryModel memoryModel;
  private final Limits limits;
  public final Heap global;
  private final Map<String, Integer> moduleVars = new HashMap<>();
  private final Map<String, Code> compiled = new HashMap<>();
  private final List<LaunchRecord> launches = new ArrayList<>();
  private final StringBuilder output;
  private long budget;
  private long seed;

  public Device(IrModule module, MemoryModel memoryModel, Limits limits, StringBuilder output) {
    this.module = module;
    this.memoryModel = memoryModel;
    this.limits = limits;
    this.global = new Heap(Ptr.GLOBAL, limits.maxDeviceBytes());
    this.output = output;
    this.budget = limits.maxWarpInstructions();
    for (MemoryVar m : module.globals()) {
      if (m.space() == MemSpace.GLOBAL || m.space() == MemSpace.CONSTANT) {
        Allocation a = global.allocate(m.name(), m.bytes());
        if (a == null) {
          throw new Fault(Kind.OUT_OF_MEMORY, m.span(), "__device__ variable '" + m.name() + "' of " + m.bytes() + " bytes: "
              + global.whyNot(m.bytes()));
        }
        if (m.init() != null) {
          for (int i = 0; i < m.init().length; i++) {
            a.store(m.elemType(), i * m.elemType().size(), Alu.convert(m.elemType(), m.elemType(), initBits(m, i)));
          }
        }
        a.definedAtStart = true;
        moduleVars.put(m.name(), a.id);
      }
    }
  }

  private static long initBits(MemoryVar m, int i) {
    long bits = m.init()[i];
    // Module initial values are IR immediates: F32 as the bits of a double.
    return m.elemType() == org.scansim.frontend.ir.IrType.F32 ? Alu.f((float) Double.longBitsToDouble(bits)) : bits;
  }

  private boolean uniformRegisters = true;

  /** Whether uniform registers are held once per warp (default); off only to test that it is invisible. */
  public void setUniformRegisters(boolean on) {
    if (!compiled.isEmpty()) {
      throw new IllegalStateException("set before the first launch");
    }
    uniformRegisters = on;
  }

  private boolean traces = true;

  private boolean packRegisters = true;

  /** Whether registers never live at once share storage ({@link Registers}, default); off only to test that it is invisible. */
  public void setRegisterPacking(boolean on) {
    if (!compiled.isEmpty()) {
      throw new IllegalStateException("set before the first launch");
    }
    packRegisters = on;
  }

  /** Whether runs without checkers take {@link Traces} (default); off only to test that they are invisible. */
  public void setTraces(boolean on) {
    traces = on;
  }

  private Checker checker;
  private org.scansim.sim.event.ExecutionObserver observer;

  /** Reports every later launch's execution to {@code o} (null: none); its blocks then run on one thread. */
  public void setObserver(org.scansim.sim.event.ExecutionObserver o) {
    this.observer = o;
  }
  private final Deadline deadline = new Deadline();

  /**
   * Turns checkers on for every later launch. Every register is then held per lane, and findings
   * come in the order of running the blocks one at a time, on any number of threads.
   */
  public void setChecker(Checker c) {
    if (!compiled.isEmpty()) {
      throw new IllegalStateException("set before the first launch");
    }
    this.checker = c;
    c.its = limits.independentThreadScheduling();
    if (c.tracksValues()) {
      uniformRegisters = false;
    }
  }

  public Checker checker() {
    return checker;
  }

  /** The run's wall clock: a running kernel past it is stopped as a runaway, and host code sharing it too. */
  public Deadline deadline() {
    return deadline;
  }

  /**
   * Hears how far each launch has come, in blocks: for a progress bar on a terminal. Called on
   * the launching thread, after each chunk of blocks (or each dispatch of a resident block);
   * it sees nothing of what the blocks computed, and changes nothing of the run.
   */
  public interface Progress {
    void launch(int index, String kernel, long blocks);

    void blocksDone(long done);

    void launchEnded();
  }

  private Progress progress;

  public void setProgress(Progress p) {
    this.progress = p;
  }

  /** Chooses the seeded warp order of every later launch (0: index order). */
  public void setSeed(long seed) {
    this.seed = seed;
  }

  public List<LaunchRecord> launches() {
    return launches;
  }

  Code code(String kernel) {
    return compiled.computeIfAbsent(kernel, k -> {
      Code c = Compiler.compile(module, module.function(k));
      AccessMerging.apply(c);
      if (uniformRegisters) {
        c.findUniform();
      }
      return packRegisters ? Registers.pack(c) : c;
    });
  }

  /**
   * Most kernel launches of one run. A scan launches a few kernels a level (Harris's
   * arbitrary-size scan: five at 2^24), or one a block at most (16,384 blocks of 1,024 at 2^24);
   * a host loop that never ends, launching a one-warp kernel each time, reached two million
   * launches and ran out of a 5.8 GB heap in three minutes, every launch's record kept for the
   * report. 100,000 of those took 2.7 s and 1.2 GB peak resident, and a text report of 17 MB.
   */
  static final int MAX_LAUNCHES = 100_000;
  /** {@link #MAX_LAUNCHES}, or fewer in a test. */
  public int maxLaunches = MAX_LAUNCHES;

  /**
   * A thread's local arrays, in bytes, as whole 8-byte words like a stack frame (nvcc -Xptxas
   * -v); {@code Long.MAX_VALUE} when the sum passes what a long holds.
   */
  private static long localBytes(Code code) {
    long local = 0;
    for (MemoryVar m : code.memory) {
      if (m.space() == MemSpace.LOCAL) {
        local = Sizes.add(local, m.bytes());
      }
    }
    return local > Long.MAX_VALUE - 7 ? Long.MAX_VALUE : (local + 7) & ~7L;
  }

  /**
   * Checks a launch's grid and block against the architecture: every dimension from 1 to its
   * largest ({@link Limits#maxGridDim}, {@link Limits#maxBlockDim}), as the driver does with
   * cudaErrorInvalidConfiguration. Dimensions are unsigned in CUDA ({@code dim3}), so they come
   * here as the program's values, never wrapped to negative numbers.
   */
  private void checkDimensions(String kernel, long[] grid, long[] block, Span at) {
    for (int axis = 0; axis < 3; axis++) {
      if (grid[axis] == 0 || block[axis] == 0) {
        throw new Fault(Kind.LAUNCH, at, "launch of " + kernel + " with an empty grid or block (" + dims(grid) + " blocks of "
            + dims(block) + " threads; cudaErrorInvalidConfiguration)");
      }
    }
    for (int axis = 0; axis < 3; axis++) {
      String name = "xyz".substring(axis, axis + 1);
      if (Long.compareUnsigned(grid[axis], limits.maxGridDim(axis)) > 0) {
        throw new Fault(Kind.LAUNCH, at, "launch of " + kernel + " with a grid of " + dims(grid) + " blocks: gridDim." + name
            + " may be at most " + limits.maxGridDim(axis) + " on " + limits.archName() + " (cudaErrorInvalidConfiguration)");
      }
      if (Long.compareUnsigned(block[axis], limits.maxBlockDim(axis)) > 0) {
        throw new Fault(Kind.LAUNCH, at, "launch of " + kernel + " with blocks of " + dims(block) + " threads: blockDim." + name
            + " may be at most " + limits.maxBlockDim(axis) + " on " + limits.archName() + " (cudaErrorInvalidConfiguration)");
      }
    }
  }

  /**
   * Runs a kernel to completion. Throws {@link Fault} on a bad launch or a fault in the kernel,
   * naming the launch ({@link Fault#launch}).
   */
  @Override
  public int launch(String kernel, long[] gridDims, long[] blockDims, long sharedBytes, long[] args, Span at) {
    if (launches.size() >= maxLaunches) {
      throw Fault.runaway(Fault.Budget.LAUNCHES, at, "the host code launched more than " + maxLaunches + " kernels (the last: " + kernel
          + "): a host loop that does not end?");
    }
    try {
      runLaunch(kernel, gridDims, blockDims, sharedBytes, args, at);
      return SUCCESS;
    } catch (Fault f) {
      throw f.inLaunch(new LaunchRecord.Faulted(launches.size(), kernel, at, List.of(gridDims[0], gridDims[1], gridDims[2]),
          List.of(blockDims[0], blockDims[1], blockDims[2]), sharedBytes));
    }
  }

  private void runLaunch(String kernel, long[] gridDims, long[] blockDims, long sharedBytes, long[] args, Span at) {
    if (System.nanoTime() > deadline.nanos()) {
      throw Fault.pastWallClock(at, " before launching " + kernel);
    }
    IrFunction f = module.function(kernel);
    Code code = code(kernel);
    checkDimensions(kernel, gridDims, blockDims, at);
    int[] grid = {(int) gridDims[0], (int) gridDims[1], (int) gridDims[2]};
    int[] block = {(int) blockDims[0], (int) blockDims[1], (int) blockDims[2]};
    long threads = (long) block[0] * block[1] * block[2];
    if (threads > limits.maxThreadsPerBlock()) {
      throw new Fault(Kind.LAUNCH, at, "launch of " + kernel + " asks for " + threads + " threads per block; " + limits.archName()
          + " allows at most " + limits.maxThreadsPerBlock() + " (cudaErrorInvalidConfiguration)");
    }
    // size_t in CUDA: a negative long here is a size past 2^63 bytes.
    long sharedTotal = sharedBytes < 0 ? Long.MAX_VALUE : BlockExecutor.sharedBytes(code, sharedBytes);
    if (sharedTotal > limits.maxSharedBytesPerBlock()) {
      throw new Fault(Kind.LAUNCH, at, "launch of " + kernel + " needs " + (sharedTotal == Long.MAX_VALUE && sharedBytes < 0
          ? Long.toUnsignedString(sharedBytes) + " bytes of dynamic" : sharedTotal + " bytes of") + " shared memory per block; "
          + limits.archName() + " allows at most " + limits.maxSharedBytesPerBlock() + " (cudaErrorInvalidValue)");
    }
    long local = localBytes(code);
    if (local > limits.maxLocalBytesPerThread()) {
      MemoryVar largest = null;
      for (MemoryVar m : code.memory) {
        if (m.space() == MemSpace.LOCAL && (largest == null || m.bytes() > largest.bytes())) {
          largest = m;
        }
      }
      throw new Fault(Kind.LAUNCH, at, "launch of " + kernel + " needs " + (local == Long.MAX_VALUE ? "more than 2^63" : local)
          + " bytes of local memory per thread (its local array '" + largest.name() + "'"
          + (largest.span() == null ? "" : " at " + largest.span().position()) + " has " + largest.bytes()
          + "); " + limits.archName() + " allows at most " + limits.maxLocalBytesPerThread() + " (cudaErrorInvalidValue)");
    }
    // Local memory lives in device memory, reserved per thread (CUDA C Guide, "Local Memory"):
    // one block's worth must fit what the budget has left, as the driver fails a launch whose
    // local memory it cannot reserve. Without it, 1,024 threads of 480 KB ran the heap out.
    long localPerBlock = local * threads;
    long left = global.budgetBytes() - global.liveBytes();
    if (localPerBlock > left) {
      throw new Fault(Kind.OUT_OF_MEMORY, at, "launch of " + kernel + " needs " + localPerBlock + " bytes of local memory for one"
          + " block (" + local + " bytes a thread, " + threads + " threads), more than the " + left + " bytes the device-memory"
          + " budget of " + global.budgetBytes() + " bytes has left (cudaErrorMemoryAllocation)");
    }
    if (blocksOf(grid) > MAX_COMMUNICATING_BLOCKS && !independent(code)) {
      throw new Fault(Kind.LAUNCH, at, "launch of " + kernel + " with " + blocksOf(grid) + " blocks that may communicate (atomics,"
          + " fences or volatile global accesses): scansim runs at most " + MAX_COMMUNICATING_BLOCKS + " of them under its"
          + " residency scheduler, which keeps each block's place in the dispatch order");
    }
    int[] moduleAllocation = new int[code.memory.size()];
    for (int i = 0; i < moduleAllocation.length; i++) {
      Integer id = code.moduleLevel[i] ? moduleVars.get(code.memory.get(i).name()) : null;
      moduleAllocation[i] = id == null ? -1 : id;
    }
    LaunchContext lx = new LaunchContext(code, args, grid, block, (int) sharedBytes, global, moduleAllocation, memoryModel, budget);
    lx.seed = seed;
    lx.independentThreadScheduling = limits.independentThreadScheduling();
    lx.checker = checker;
    lx.traces = traces && checker == null && observer == null;
    lx.observer = observer;
    lx.deadline = deadline.nanos();
    if (checker != null) {
      checker.newLaunch(code);
    }
    if (progress != null) {
      progress.launch(launches.size(), kernel, blocksOf(grid));
    }
    if (observer != null) {
      observer.launch(kernel, blocksOf(grid), (int) threads);
    }
    try {
      runBlocks(lx, code, local);
    } catch (Fault fault) {
      // What the blocks before the faulting one printed, in block order, and what it printed
      // before its fault: the output a user debugging the fault needs.
      if (output.length() < Printf.RUN_BYTES) {
        output.append(lx.printf);
      }
      throw fault;
    } finally {
      if (progress != null) {
        progress.launchEnded();
      }
    }
    lx.foldInstructionCounts();
    budget = lx.budget;
    if (lx.printfDropped > 0) {
      lx.warnings.add("printf: " + lx.printfDropped + " calls past the first MiB of this launch's output were dropped"
          + " (CUDA's printf buffer holds 1 MiB by default, cudaLimitPrintfFifoSize)");
    }
    if (output.length() < Printf.RUN_BYTES) {
      output.append(lx.printf);
    } else if (lx.printfKept > 0) {
      lx.warnings.add("printf: this launch's " + lx.printfKept + " calls were dropped: a run keeps " + (Printf.RUN_BYTES >> 20)
          + " MiB of printf output");
    }
    launches.add(new LaunchRecord(f.name(), at, grid.clone(), block.clone(), (int) sharedBytes, (int) sharedTotal, lx.counters,
        sites(lx), List.copyOf(lx.phases), List.copyOf(lx.warnings)));
  }

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
  public static int chunkSize(long total) {
    return (int) Math.min(MAX_CHUNK, Math.max(CHUNK, (total + 15) / 16));
  }

  /**
   * Runs the grid's blocks in block order. Blocks that cannot communicate (no atomics, fences or
   * volatile accesses outside shared memory) run a chunk at a time on all threads. Each thread
   * keeps its own counters (sums and maxima, merged when the launch ends, so their totals do
   * not depend on which thread ran which block) and reuses one block's state for every block it
   * runs. Each block's printf output, warnings and fault are kept per block and taken in block
   * order. Within a chunk every block starts from the budget left before the chunk, on one
   * thread as on many; the first fault in block order is the one reported. The report is
   * byte-identical whatever the thread count. With checkers on, each thread's blocks keep their
   * findings and ⊕ nodes apart, and the launch's checker takes them in block order after each
   * chunk ({@link Checker#merge}), as if the blocks had run one at a time in index order.
   */
  private void runBlocks(LaunchContext lx, Code code, long localPerThread) {
    int[] g = lx.grid;
    long total = (long) g[0] * g[1] * g[2];
    if (!independent(code)) {
      runResident(lx, total);
      return;
    }
    // An observer hears one block at a time, in block order, on this thread.
    int workers = lx.observer != null ? 1 : (int) Math.min(threads, Math.max(1, total));
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
      if (Footprints.conflict(chunk.footprints, checker != null && checker.races)) {
        throw new OrderDependence("blocks " + chunk.first + ".." + (chunk.first + count - 1) + " of " + code.function.name()
            + " accessed global memory another block of them " + (checker != null && checker.races ? "accessed" : "wrote"));
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
    public Checker checker;
    BlockExecutor executor;

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
          c.faults[k] = blockPastWallClock(part.code, blockIndex(c.first + k, g), blocksOf(g));
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
          int[] idx = blockIndex(c.first + k, g);
          if (executor == null) {
            executor = new BlockExecutor(part, idx);
          } else {
            executor.reset(idx);
          }
          executor.run();
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

  /** Warp instructions a resident block runs before the next resident block gets a turn. */
  static final long SLICE = 100_000;

  private int smCount = Integer.MAX_VALUE;
  private int blocksPerSm = 1;
  private int threadsPerSm = Integer.MAX_VALUE;
  private int sharedPerSm = Integer.MAX_VALUE;
  private int residentOverride;

  /** The occupancy limits that bound how many blocks of a launch are resident at once. */
  public void setResidency(int smCount, int blocksPerSm, int threadsPerSm, int sharedPerSm) {
    this.smCount = smCount;
    this.blocksPerSm = blocksPerSm;
    this.threadsPerSm = threadsPerSm;
    this.sharedPerSm = sharedPerSm;
  }

  /** Resident blocks per launch regardless of occupancy (0: from the occupancy limits). */
  public void setResidentBlocks(int blocks) {
    this.residentOverride = blocks;
  }

  /** How many blocks of this launch the device holds at once (CUDA C Guide, occupancy). */
  long residentBlocks(LaunchContext lx) {
    if (residentOverride > 0) {
      return residentOverride;
    }
    int threads = (lx.threadsPerBlock() + 31) / 32 * 32;
    long perSm = Math.min(blocksPerSm, threadsPerSm / Math.max(1, threads));
    long shared = BlockExecutor.sharedBytes(lx.code, lx.dynamicSharedBytes);
    if (shared > 0) {
      perSm = Math.min(perSm, sharedPerSm / shared);
    }
    return (long) smCount * Math.max(1, perSm); // at least one block per SM: a launch that fits one block runs
  }

  /**
   * Most blocks of a launch of communicating blocks: the residency scheduler keeps an order of
   * them all (4 bytes a block; a grid of 2^31 needed 8.6 GB). 2^24 blocks is 1,024 times what
   * a scan of 2^24 elements in blocks of 1,024 launches.
   */
  static final long MAX_COMMUNICATING_BLOCKS = 1L << 24;

  private static long blocksOf(int[] grid) {
    return (long) grid[0] * grid[1] * grid[2];
  }

  /** The wall-clock fault of a block about to be dispatched: a grid of empty blocks never reaches the interpreter's check. */
  private static Fault blockPastWallClock(Code code, int[] idx, long total) {
    return Fault.pastWallClock(code.function.span(), "; block " + BlockExecutor.blockName(idx) + " of " + code.function.name()
        + " (of " + total + " blocks) was about to start");
  }

  /**
   * Blocks that may communicate (atomics, fences, volatile global accesses) run on one thread
   * under a residency limit: blocks are dispatched in index order, or in an order chosen by
   * the seed (the hardware promises no order, CUDA C Guide §2.2.1), up to the number the device
   * holds at once; resident blocks take turns of {@link #SLICE} warp instructions, and a block
   * leaves when it finishes. When a whole round of turns passes in which no resident block stored
   * anything or finished, every resident block is waiting for one that is not resident: a
   * deadlock, reported with where each block waits, instead of hanging as the hardware would.
   */
  private void runResident(LaunchContext lx, long total) {
    int[] g = lx.grid;
    int[] order = new int[(int) total];
    for (int i = 0; i < order.length; i++) {
      order[i] = i;
    }
    if (lx.seed != 0) {
      java.util.SplittableRandom rnd = new java.util.SplittableRandom(lx.seed * 0x2545F4914F6CDD1DL);
      for (int i = order.length - 1; i > 0; i--) {
        int j = rnd.nextInt(i + 1);
        int t = order[i];
        order[i] = order[j];
        order[j] = t;
      }
    }
    long limit = residentBlocks(lx);
    List<BlockExecutor> resident = new ArrayList<>();
    // The state of finished blocks, reset for the next ones (BlockExecutor.reset): at most
    // as many executors as blocks are resident at once, instead of a new one for each block.
    java.util.ArrayDeque<BlockExecutor> finished = new java.util.ArrayDeque<>();
    int next = 0;
    while (next < order.length || !resident.isEmpty()) {
      while (resident.size() < limit && next < order.length) {
        if (System.nanoTime() > lx.deadline) {
          throw blockPastWallClock(lx.code, blockIndex(order[next], g), total);
        }
        int[] idx = blockIndex(order[next++], g);
        if (progress != null) {
          progress.blocksDone(next - 1);
        }
        BlockExecutor reuse = finished.poll();
        resident.add(reuse == null ? new BlockExecutor(lx, idx) : reuse.reset(idx));
      }
      boolean progress = false;
      for (java.util.Iterator<BlockExecutor> it = resident.iterator(); it.hasNext(); ) {
        BlockExecutor b = it.next();
        long before = lx.progress;
        if (b.step(SLICE)) {
          it.remove();
          finished.push(b);
          progress = true;
        } else if (lx.progress != before) {
          progress = true;
        }
      }
      if (!progress) {
        StringBuilder who = new StringBuilder();
        for (BlockExecutor b : resident) {
          who.append("\n  block ").append(b.blockName()).append(": ").append(b.whereWaiting());
        }
        throw new Fault(Kind.DEADLOCK, null, "deadlock: all " + resident.size() + " resident blocks wait and none can finish; "
            + (order.length - next) + " blocks were never dispatched (at most " + limit + " blocks resident"
            + (residentOverride > 0 ? ", --resident-blocks" : "") + "; dispatch order " + (lx.seed == 0 ? "by block index" : "seeded by --seed " + lx.seed)
            + ")" + who);
      }
    }
  }

  private static int[] blockIndex(long linear, int[] g) {
    return new int[] {(int) (linear % g[0]), (int) (linear / g[0] % g[1]), (int) (linear / ((long) g[0] * g[1]))};
  }

  /** Whether blocks of this kernel may run in any order and at the same time. */
  private static boolean independent(Code code) {
    for (CInsn in : code.insns) {
      if (in.op == Op.ATOM || in.op == Op.FENCE) {
        return false;
      }
      if ((in.op == Op.LD || in.op == Op.ST) && in.ir.isVolatile() && in.ir.space() != MemSpace.SHARED) {
        return false;
      }
    }
    return true;
  }

  private int threads = Runtime.getRuntime().availableProcessors();

  /** How many threads run independent blocks. */
  public int threads() {
    return threads;
  }

  /** How many threads run independent blocks (1: all on the caller's thread). */
  public void setThreads(int threads) {
    this.threads = Math.max(1, threads);
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

  private static List<LaunchRecord.Site> sites(LaunchContext lx) {
    List<LaunchRecord.Site> out = new ArrayList<>();
    for (int i = 0; i < lx.sites.length; i++) {
      Counters c = lx.sites[i];
      CInsn in = lx.code.insns[i];
      if (c == null || !(in.op == Op.LD || in.op == Op.ST || in.op == Op.ATOM || in.op == Op.BAR || in.op == Op.CBR)) {
        continue;
      }
      out.add(new LaunchRecord.Site(in.span, in.op.name().toLowerCase(java.util.Locale.ROOT), arrayName(lx.code, in), c));
    }
    return out;
  }

  /** The array an access goes through, when its address comes straight from an ADDR. */
  private static String arrayName(Code code, CInsn in) {
    if (in.op != Op.LD && in.op != Op.ST && in.op != Op.ATOM) {
      return null;
    }
    int ptr = in.a();
    for (int k = in.index - 1; k >= 0 && k >= in.index - 64; k--) {
      CInsn p = code.insns[k];
      if (p.dst == ptr) {
        if (p.op == Op.PTR_ADD) {
          ptr = p.a();
          continue;
        }
        if (p.op == Op.ADDR) {
          return code.memory.get(p.memory).name();
        }
        return p.ir.dst() != null && p.ir.dst().name() != null ? p.ir.dst().name() : null;
      }
    }
    int reg = ptr;
    return reg < code.function.regs().size() && code.function.regs().get(reg).name() != null ? code.function.regs().get(reg).name() : null;
  }

  /** A launch's dimensions as the program's unsigned values. */
  private static String dims(long[] d) {
    return Long.toUnsignedString(d[0]) + "x" + Long.toUnsignedString(d[1]) + "x" + Long.toUnsignedString(d[2]);
  }

  public Allocation allocate(String name, long size) {
    return global.allocate(name, size);
  }

  // ---- the CUDA runtime calls of host code (GpuDevice) ----

  /**
   * A cudaMalloc of more than this fails with cudaErrorMemoryAllocation, as on a GPU: no card
   * has 256 GiB (an H200 has 141 GB). A smaller one past the simulator's budget is a fault.
   */
  static final long NO_DEVICE_HOLDS = 1L << 38;

  @Override
  public long malloc(String name, long bytes, Span at) {
    if (bytes < 0 || bytes > NO_DEVICE_HOLDS) {
      return 0; // as a GPU answers: no device has that much
    }
    Allocation a = global.allocate(name, bytes);
    if (a == null) {
      // A size a GPU could give, but past the simulator's budget: a fault, not an error
      // code, since a program that checks for it could not behave as it would on a GPU.
      throw new Fault(Kind.OUT_OF_MEMORY, at, "cudaMalloc of " + name + ": " + global.whyNot(bytes)
          + " (the simulated device's budget; does the code free what it no longer needs?)");
    }
    return global.pointerTo(a);
  }

  @Override
  public int free(long pointer, Span at) {
    if (pointer == 0) {
      return SUCCESS;
    }
    Allocation a = Ptr.space(pointer) == Ptr.GLOBAL && Ptr.offset(pointer) == 0 ? global.get(Ptr.id(pointer)) : null;
    if (a == null || a.freed) {
      return ERROR_INVALID_VALUE;
    }
    global.free(a);
    return SUCCESS;
  }

  @Override
  public boolean owns(long pointer) {
    int space = Ptr.space(pointer);
    return space == Ptr.GLOBAL || space == Ptr.CONSTANT;
  }

  @Override
  public void copyToDevice(long dst, Allocation src, int offset, long bytes, Span at) {
    copy(buffer(dst, bytes, at), (int) Ptr.offset(dst), src, offset, (int) bytes);
  }

  @Override
  public void copyToHost(Allocation dst, int offset, long src, long bytes, Span at) {
    copy(dst, offset, buffer(src, bytes, at), (int) Ptr.offset(src), (int) bytes);
  }

  @Override
  public void copyOnDevice(long dst, long src, long bytes, Span at) {
    Allocation d = buffer(dst, bytes, at);
    copy(d, (int) Ptr.offset(dst), buffer(src, bytes, at), (int) Ptr.offset(src), (int) bytes);
  }

  /** The bytes move with their taint, and with their checkers' shadow when checkers are on. */
  private void copy(Allocation d, int dof, Allocation s, int so, int n) {
    System.arraycopy(s.bytes, so, d.bytes, dof, n);
    for (int i = 0; i < n; i += 4) {
      d.setTaint(dof + i, 1, s.tainted(so + i));
    }
    if (checker != null) {
      checker.copy(d, dof, s, so, n);
    }
  }

  @Override
  public void memset(long pointer, int value, long bytes, Span at) {
    Allocation a = buffer(pointer, bytes, at);
    int off = (int) Ptr.offset(pointer);
    a.fill(off, (int) (off + bytes), (byte) value);
    a.setTaint(off, (int) Math.max(1, bytes), false);
    if (checker != null && bytes > 0) {
      checker.memset(a, off, (int) bytes);
    }
  }

  /** The device buffer holding {@code n} bytes from {@code p}, bounds-checked as a CUDA call's argument. */
  private Allocation buffer(long p, long n, Span at) {
    Allocation a = owns(p) && Ptr.space(p) == Ptr.GLOBAL ? global.get(Ptr.id(p)) : null;
    return Fault.cudaArgument(a, p, n, at);
  }

  @Override
  public int synchronize(Span at) {
    return SUCCESS; // a launch runs to its end before the host goes on
  }

  @Override
  public long variable(String name) {
    Integer id = moduleVars.get(name);
    return id == null ? 0 : global.pointer(id);
  }
}
