package org.scansim.sim.sched;

import org.scansim.sim.engine.AccessMerging;
import org.scansim.sim.memory.Allocation;
import org.scansim.sim.engine.Alu;
import org.scansim.sim.engine.BlockExecutor;
import org.scansim.sim.check.Checker;
import org.scansim.sim.engine.Code;
import org.scansim.sim.engine.Compiler;
import org.scansim.sim.device.Deadline;
import org.scansim.sim.result.Fault;
import org.scansim.sim.device.GpuDevice;
import org.scansim.sim.memory.Heap;
import org.scansim.sim.result.Kind;
import org.scansim.sim.engine.LaunchContext;
import org.scansim.sim.result.LaunchRecord;
import org.scansim.sim.device.Limits;
import org.scansim.sim.memory.MemoryModel;
import org.scansim.sim.engine.Printf;
import org.scansim.sim.memory.Ptr;
import org.scansim.sim.engine.opt.Registers;
import org.scansim.sim.engine.opt.Uniformity;
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

/**
 * The simulated GPU: global memory, the module's {@code __device__} and {@code __constant__}
 * variables, kernel launches and the CUDA runtime calls of host code ({@link GpuDevice}). A launch
 * is checked ({@link LaunchChecks}), its blocks run ({@link ChunkedBlocks}, {@link
 * ResidentBlocks}) and its counters kept as a record with rows by source site ({@link LaunchSites}).
 */
public final class SimulatedGpu implements GpuDevice {
  private final IrModule module;
  private final MemoryModel memoryModel;
  private final Limits limits;
  private final Heap global;
  private final Map<String, Integer> moduleVars = new HashMap<>();
  private final Map<String, Code> compiled = new HashMap<>();
  private final List<LaunchRecord> launches = new ArrayList<>();
  private final StringBuilder output;
  private long budget;
  private long seed;

  public SimulatedGpu(IrModule module, MemoryModel memoryModel, Limits limits, StringBuilder output) {
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
        a.variable = m;
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

  private LaunchProgress progress;

  public void setProgress(LaunchProgress p) {
    this.progress = p;
  }

  private final ResidentBlocks resident = new ResidentBlocks();

  /** The occupancy limits that bound how many blocks of a launch are resident at once. */
  public void setResidency(int smCount, int blocksPerSm, int threadsPerSm, int sharedPerSm) {
    resident.setResidency(smCount, blocksPerSm, threadsPerSm, sharedPerSm);
  }

  /** Resident blocks per launch regardless of occupancy (0: from the occupancy limits). */
  public void setResidentBlocks(int blocks) {
    resident.setResidentBlocks(blocks);
  }

  /**
   * Runs the grid's blocks: independent ones (no atomics, fences or volatile accesses outside
   * shared memory) in chunks on all threads ({@link ChunkedBlocks}), others taking turns under a
   * residency limit ({@link ResidentBlocks}).
   */
  private void runBlocks(LaunchContext lx, Code code, long localPerThread) {
    if (!LaunchChecks.independent(code)) {
      resident.run(lx, Grids.blocksOf(lx.grid), progress);
      return;
    }
    ChunkedBlocks.run(lx, code, localPerThread, threads, checker, progress);
  }

  /** Chooses the seeded warp order of every later launch (0: index order). */
  public void setSeed(long seed) {
    this.seed = seed;
  }

  public List<LaunchRecord> launches() {
    return launches;
  }

  /**
   * Whether every kernel of the module can have its blocks replayed (docs/performance.md, "Block
   * replay"): no instruction a tape does not model, no blocks that communicate. A launch may still
   * run its blocks (a grid too small, checkers, a seeded order, a block the tape does not cover);
   * the launcher asks it to choose Java's compilers for a large run.
   */
  public static boolean replaysEveryKernel(IrModule module) {
    for (IrFunction f : module.functions()) {
      if (f.isKernel()) {
        Code c;
        try {
          c = Compiler.compile(module, f);
        } catch (Fault e) {
          continue; // the run reports it, whatever compiles it
        }
        if (!org.scansim.sim.engine.BlockReplay.replayable(c) || !LaunchChecks.independent(c)) {
          return false;
        }
      }
    }
    return true;
  }

  Code code(String kernel) {
    return compiled.computeIfAbsent(kernel, k -> {
      Code c = Compiler.compile(module, module.function(k));
      AccessMerging.apply(c);
      Traces.install(c);
      if (uniformRegisters) {
        Uniformity.apply(c);
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
  private int maxLaunches = MAX_LAUNCHES;

  /**
   * Whether a launch the GPU's runtime refuses (an invalid configuration, too much shared or local
   * memory: {@link Fault#cudaError}) returns its error to the host code instead of stopping the
   * run: a whole program's own error checks then see it, as on the card. An entry run stops, so
   * that a sweep or a grade names the refusal.
   */
  private boolean launchErrorsReturned;
  /** How the note of a refused launch ends (its position and the runtime's reason come first). */
  public static final String NOT_RUN = ": not run; cudaGetLastError() returns that error";
  private String launchRefusal;
  private int refusedLaunches;

  public void setLaunchErrorsReturned(boolean on) {
    launchErrorsReturned = on;
  }

  @Override
  public String launchRefusal() {
    return launchRefusal;
  }

  /** Fewer launches than {@link #MAX_LAUNCHES} before a run is a runaway: for a test of the budget. */
  public void setMaxLaunches(int max) {
    maxLaunches = max;
  }

  /**
   * Runs a kernel to completion. Throws {@link Fault} on a bad launch or a fault in the kernel,
   * naming the launch ({@link Fault#launch}).
   */
  @Override
  public int launch(String kernel, long[] gridDims, long[] blockDims, long sharedBytes, long[] args, Span at) {
    if (launches.size() + refusedLaunches >= maxLaunches) {
      throw Fault.runaway(Fault.Budget.LAUNCHES, at, "the host code launched more than " + maxLaunches + " kernels (the last: " + kernel
          + (refusedLaunches > 0 ? "; " + refusedLaunches + " of them refused by the runtime" : "") + "): a host loop that does not end?");
    }
    launchRefusal = null;
    try {
      runLaunch(kernel, gridDims, blockDims, sharedBytes, args, at);
      return SUCCESS;
    } catch (Fault f) {
      if (launchErrorsReturned && f.cudaError() != 0) {
        // Refused before it ran, as the runtime refuses it: the program sees the error.
        launchRefusal = (at == null ? "" : at.position() + ": ") + f.getMessage() + NOT_RUN;
        refusedLaunches++; // counted against the launch budget: a host loop of refused launches ends too
        return f.cudaError();
      }
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
    LaunchChecks.checkDimensions(kernel, gridDims, blockDims, at, limits);
    int[] grid = {(int) gridDims[0], (int) gridDims[1], (int) gridDims[2]};
    int[] block = {(int) blockDims[0], (int) blockDims[1], (int) blockDims[2]};
    long threads = (long) block[0] * block[1] * block[2];
    // size_t in CUDA: a negative long here is a size past 2^63 bytes.
    long sharedTotal = sharedBytes < 0 ? Long.MAX_VALUE : BlockExecutor.sharedBytes(code, sharedBytes);
    long local = LaunchChecks.localBytes(code);
    LaunchChecks.checkResources(kernel, code, grid, threads, sharedBytes, sharedTotal, local, limits, global, at);
    int[] moduleAllocation = new int[code.memory.size()];
    for (int i = 0; i < moduleAllocation.length; i++) {
      Integer id = code.moduleLevel[i] ? moduleVars.get(code.memory.get(i).name()) : null;
      moduleAllocation[i] = id == null ? -1 : id;
    }
    LaunchContext lx = new LaunchContext(code, args, grid, block, (int) sharedBytes, global, moduleAllocation, memoryModel, budget);
    lx.seed = seed;
    lx.independentThreadScheduling = limits.independentThreadScheduling();
    lx.checker = checker;
    lx.traces = traces && checker == null;
    lx.observer = observer;
    lx.deadline = deadline.nanos();
    if (checker != null) {
      checker.newLaunch(code);
    }
    if (progress != null) {
      progress.launch(launches.size(), kernel, Grids.blocksOf(grid));
    }
    if (observer != null) {
      observer.launch(kernel, Grids.blocksOf(grid), (int) threads);
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
        LaunchSites.sites(lx), List.copyOf(lx.phases), List.copyOf(lx.warnings)));
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

  /** The device pointer to the start of {@code a}, a buffer of this device's. */
  public long pointerTo(Allocation a) {
    return global.pointerTo(a);
  }

  /** A device buffer the harness allocates itself (not through host code), or null past the budget. */
  public Allocation allocate(String name, long size) {
    return global.allocate(name, size);
  }

  // ---- the CUDA runtime calls of host code (GpuDevice) ----

  /**
   * A cudaMalloc of more than this fails with cudaErrorMemoryAllocation, as on a GPU: no card
   * has 256 GiB (an H200 has 141 GB). A smaller one past the simulator's budget is a fault.
   */
  public static final long NO_DEVICE_HOLDS = 1L << 38;

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
          + " (the simulated device's budget: does the code free what it no longer needs? run's --memory raises it)");
    }
    return global.pointerTo(a);
  }

  /** The ids of the buffers cudaMallocManaged handed out: host code reads and writes them as its own. */
  private final java.util.Set<Integer> managed = new java.util.HashSet<>();

  @Override
  public long mallocManaged(String name, long bytes, Span at) {
    long p = malloc(name, bytes, at);
    if (p != 0) {
      managed.add(Ptr.id(p));
    }
    return p;
  }

  @Override
  public Allocation managed(long pointer) {
    if (Ptr.space(pointer) != Ptr.GLOBAL || !managed.contains(Ptr.id(pointer))) {
      return null;
    }
    return global.get(Ptr.id(pointer));
  }

  @Override
  public void hostStored(Allocation a, int offset, int bytes) {
    // As a copy from the host: what a program's host writes is the scans' input, and it is initialised.
    if (hostDataIsInput) {
      a.setTaint(offset, bytes, true);
    }
    if (checker != null) {
      checker.memset(a, offset, bytes);
    }
  }

  @Override
  public long elapsedNanos() {
    return observer == null ? -1 : observer.elapsedNanos();
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
    Allocation d = buffer(dst, bytes, at);
    copy(d, (int) Ptr.offset(dst), src, offset, (int) bytes);
    if (hostDataIsInput && bytes > 0) {
      d.setTaint((int) Ptr.offset(dst), (int) bytes, true);
    }
  }

  /** Whether what the host copies to the device is the scan's input, whose ⊕ are work: a whole program's data. */
  private boolean hostDataIsInput;

  /**
   * Makes every copy from the host to the device the scan's input ({@link #copyToDevice}): in a
   * whole program, the host's data is what the kernels scan, and the ⊕ on values derived from it
   * are its work (an entry's run marks its input buffer instead).
   */
  public void setHostDataIsInput(boolean on) {
    hostDataIsInput = on;
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

  /** The bytes move with their taint, and with their checkers' shadow when checkers are on (as for a host-to-host copy). */
  private void copy(Allocation d, int dof, Allocation s, int so, int n) {
    d.copyFrom(s, so, dof, n);
    hostCopied(d, dof, s, so, n);
  }

  @Override
  public void memset(long pointer, int value, long bytes, Span at) {
    Allocation a = buffer(pointer, bytes, at);
    int off = (int) Ptr.offset(pointer);
    a.set(off, (int) bytes, (byte) value);
    hostSet(a, off, bytes); // the checkers' shadow, as for host memory
  }

  @Override
  public void checkRange(long pointer, long bytes, Span at) {
    buffer(pointer, bytes, at);
  }

  @Override
  public void hostCopied(Allocation dst, int dstOffset, Allocation src, int srcOffset, long bytes) {
    if (checker != null) {
      checker.copy(dst, dstOffset, src, srcOffset, (int) bytes);
    }
  }

  @Override
  public void hostSet(Allocation a, int offset, long bytes) {
    if (checker != null && bytes > 0) {
      checker.memset(a, offset, (int) bytes);
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
