package org.scansim.sim.run;

import org.scansim.sim.memory.Allocation;
import org.scansim.sim.engine.Alu;
import org.scansim.sim.check.Checker;
import org.scansim.sim.check.Dataflow;
import org.scansim.sim.sched.LaunchProgress;
import org.scansim.sim.sched.SimulatedGpu;
import org.scansim.sim.result.Fault;
import org.scansim.sim.host.HostInterpreter;
import org.scansim.sim.result.Kind;
import org.scansim.sim.result.LaunchRecord;
import org.scansim.sim.device.Limits;
import org.scansim.sim.memory.MemoryModel;
import org.scansim.threads.Parallel;
import org.scansim.sim.engine.Printf;
import java.util.List;
import java.util.Set;
import org.scansim.sim.check.Check;
import org.scansim.sim.check.Finding;
import org.scansim.sim.check.ScanProof;
import org.scansim.sim.check.ScanProver;
import org.scansim.sim.check.InitReach;
import org.scansim.frontend.diag.Span;
import org.scansim.frontend.ir.IrModule;
import org.scansim.frontend.ir.IrType;

/**
 * The public face of the engine for one run: a device and a host interpreter over one module,
 * device buffers the caller fills and reads, and a call of a host entry function.
 */
public final class Simulation {
  private final SimulatedGpu device;
  private final HostInterpreter host;
  private final StringBuilder output = new StringBuilder();

  public Simulation(IrModule module, MemoryModel memoryModel, Limits limits) {
    this.device = new SimulatedGpu(module, memoryModel, limits, output);
    this.host = new HostInterpreter(module, device, limits.maxDeviceBytes(), device.deadline(), output);
    host.setStepLimit(HostInterpreter.stepLimitFor(limits.maxWarpInstructions()));
  }

  /** A device buffer of {@code count} elements of {@code type}, filled with a garbage pattern. */
  public Buffer allocate(String name, IrType type, int count) {
    Allocation a = device.allocate(name, (long) count * type.size());
    if (a == null) {
      throw new Fault(Kind.OUT_OF_MEMORY, null, "device memory budget exhausted allocating " + name);
    }
    // cudaMalloc leaves memory uninitialised; all-ones bits are NaN as floats.
    Parallel.forRanges(a.size(), device.threads(), (from, to) -> a.fill(from, to, (byte) 0xFF));
    Buffer b = new Buffer(a, type, device.pointerTo(a));
    b.checker = device.checker();
    b.threads = device.threads();
    return b;
  }

  /**
   * Turns checkers on (before any buffer is allocated or kernel launched). With
   * {@link Check#PROOF}, {@code inputs} is how many input elements the ⊕ graph starts from
   * (the first {@code inputs} elements a harness marks with {@link Buffer#setInput}).
   */
  public void setChecks(Set<Check> checks, int inputs, int maxProofNodes) {
    if (checks.isEmpty()) {
      return;
    }
    device.setChecker(new Checker(checks, inputs, maxProofNodes));
  }

  /**
   * How many ⊕-graph nodes the scan proof has room for from the start over n inputs: a kernel
   * whose graph fits is proved without copying the graph to grow it.
   */
  public static int proofRoom(int n) {
    return Dataflow.room(n);
  }

  /** Fewer launches than {@link SimulatedGpu#MAX_LAUNCHES} before a run is a runaway (for tests). */
  void setMaxLaunches(int max) {
    device.setMaxLaunches(max);
  }

  /**
   * Reports every later launch's execution, warp by warp, to {@code o} (null: none). Without a
   * {@code worker()} of the observer's, blocks run one at a time on the launching thread; with one,
   * on every thread, each worker hearing whole blocks. Traces stay on; the reports do not change.
   */
  public void setObserver(org.scansim.sim.event.ExecutionObserver o) {
    device.setObserver(o);
  }

  /** A wall-clock budget for the rest of the run: a kernel still running after it is a runaway. */
  public void setWallBudget(long millis) {
    if (millis > 0) {
      device.deadline().set(System.nanoTime() + millis * 1_000_000L);
    }
  }

  /** What the checkers found so far, in the order it first happened (empty without checkers). */
  public List<Finding> findings() {
    Checker c = device.checker();
    return c == null ? List.of() : c.findings.list();
  }

  /** Adds a finding the caller made (a fault turned into a finding, a proof failure). */
  public void addFinding(Finding f) {
    Checker c = device.checker();
    if (c != null) {
      c.findings.add(f, Math.max(1, f.count()));
    }
  }

  /** Appends text to the message of a recorded finding. */
  public void amendFinding(String key, String text) {
    Checker c = device.checker();
    if (c != null) {
      c.findings.amend(key, text);
    }
  }

  /**
   * Which elements of {@code out} hold a value derived from an uninitialised read, grouped by
   * the finding (key) of that read: "out[40..63]". Empty without the initialisation check.
   */
  public java.util.Map<Span, String> uninitialisedOutputs(Buffer out, String outName) {
    Checker c = device.checker();
    if (c == null || c.origins() == null || out.a.shadow == null) {
      return new java.util.LinkedHashMap<>();
    }
    return InitReach.of(out.a.shadow, out.type.size(), out.length(), outName, c.origins());
  }

  /**
   * The scan proof over {@code out}: whether every element holds exactly x0..xi
   * ({@code inclusive}) or x0..x(i-1), with work, depth and fan-out of the ⊕ graph, and the
   * graph itself when {@code circuit} (and it has at most {@code circuitLimit} nodes). Null
   * without {@link Check#PROOF}.
   */
  public ScanProof proof(Buffer out, boolean inclusive, boolean circuit, int circuitLimit) {
    return proof(out, inclusive, circuit, circuitLimit, (char) 0);
  }

  /**
   * As {@link #proof(Buffer, boolean, boolean, int)}, for a scan whose operator was declared
   * ({@code --op}: its symbol in the ⊕ graph, 0 for none): an output that is a constant is the
   * identity when it is that operator's, and a run that combines with another operator is not a
   * proof of this scan.
   */
  public ScanProof proof(Buffer out, boolean inclusive, boolean circuit, int circuitLimit, char declared) {
    Checker c = device.checker();
    if (c == null || c.dataflow() == null) {
      return null;
    }
    return ScanProver.prove(c.dataflow(), out.a, out.type, out.length(), inclusive, circuit, circuitLimit, declared, device.threads(),
        op -> ScanOp.named((char) op));
  }

  /** Threads that run independent blocks; reports do not depend on it. */
  public void setThreads(int threads) {
    device.setThreads(threads);
  }

  /** Reports each launch's progress in blocks (a terminal's progress bar); null for none. */
  public void setProgress(LaunchProgress progress) {
    device.setProgress(progress);
  }

  /** Warp order inside blocks: 0 for index order, otherwise a seeded legal order. */
  public void setSeed(long seed) {
    device.setSeed(seed);
  }

  /** Holds uniform values once per warp (default) or in every lane; results are the same. Tests only, to show it. */
  void setUniformRegisters(boolean on) {
    device.setUniformRegisters(on);
  }

  /**
   * Whether registers never live at once share storage (default) or each has its own; results,
   * counts and findings are the same. Set before the first launch.
   */
  void setRegisterPacking(boolean on) {
    device.setRegisterPacking(on);
  }

  /**
   * Whether runs without checkers take the engine's optimised straight-line traces (default) or
   * run every instruction one by one; results and counts are the same.
   */
  void setTraces(boolean on) {
    device.setTraces(on);
  }

  /** Occupancy limits: how many blocks of a launch are resident at once (default: all of them). */
  public void setResidency(int smCount, int blocksPerSm, int threadsPerSm, int sharedPerSm) {
    device.setResidency(smCount, blocksPerSm, threadsPerSm, sharedPerSm);
  }

  /** Resident blocks per launch regardless of occupancy (0: from the occupancy limits). */
  public void setResidentBlocks(int blocks) {
    device.setResidentBlocks(blocks);
  }

  /** Calls a host function (the entry) with register-form arguments. */
  public void call(String entry, long[] args) {
    host.call(entry, args, (Span) null);
  }

  /**
   * Runs the program's {@code main} (IR function {@code name}, taking nothing or
   * {@code (int argc, char **argv)}) with {@code args} as its argv, {@code args.get(0)} the
   * program's name; returns the status {@code main} returned, or the one it passed to
   * {@code exit}, as a shell sees it (its low eight bits).
   */
  public int runMain(String name, int params, List<String> args) {
    device.setHostDataIsInput(true);
    host.keepNoHostTaint();
    host.programName(args.isEmpty() ? name : args.get(0));
    long[] a = params == 0 ? new long[0] : new long[] {args.size(), host.argv(args)};
    try {
      return (int) (host.call(name, a, (Span) null) & 0xFF);
    } catch (Fault f) {
      if (f.kind() == Kind.EXIT) {
        return f.exitStatus() & 0xFF;
      }
      throw f;
    }
  }

  /** A copy of {@code length} bytes of device memory from {@code pointer}, as cudaMemcpy to the host would give them. */
  public byte[] read(long pointer, int length) {
    org.scansim.sim.memory.Allocation copy = new org.scansim.sim.memory.Allocation("read", org.scansim.sim.memory.Ptr.HOST, length, 0);
    device.copyToHost(copy, 0, pointer, length, null);
    return copy.bytes;
  }

  /** Where the program's files are read from (null: nowhere) and its standard input's bytes (null: empty). */
  public void setFiles(java.nio.file.Path folder, java.util.function.Supplier<byte[]> stdin) {
    host.files(folder, stdin);
  }

  /** A whole program's launches that the runtime refuses return their error to it ({@link SimulatedGpu#setLaunchErrorsReturned}). */
  public void returnLaunchErrors() {
    device.setLaunchErrorsReturned(true);
  }

  /** What the device answers of itself to host code's cudaGetDeviceProperties and cudaDeviceGetAttribute. */
  public void setProperties(org.scansim.sim.host.DeviceProperties p) {
    host.setProperties(p);
  }

  /** What the report should say of how host code was answered (its clocks, its events), each once. */
  public List<String> notes() {
    return host.notes();
  }

  public List<LaunchRecord> launches() {
    return device.launches();
  }

  /** Everything printf wrote, host and device, in program order. */
  public String output() {
    return host.printfDropped() == 0 ? output.toString()
        : output + "[scansim: " + host.printfDropped() + " more printf calls of the host code were dropped: a run keeps "
            + (Printf.RUN_BYTES >> 20) + " MiB of printf output]\n";
  }

  /** Elements a host loop over a buffer reads or writes at once ({@link Allocation#loadWords}). */
  static final int CHUNK = 4096;

  /** A device buffer the harness owns. */
  public static final class Buffer {
    private final Allocation a;
    private final IrType type;
    private final long pointer;

    private Checker checker;
    /** Threads the host-side loops over this buffer may use (the run's). */
    private int threads = 1;

    Buffer(Allocation a, IrType type, long pointer) {
      this.a = a;
      this.type = type;
      this.pointer = pointer;
    }

    public long pointer() {
      return pointer;
    }

    public int length() {
      return a.size() / type.size();
    }

    /** Writes element i from a double (converted to the buffer's type) and marks it as input. */
    public void setInput(int i, double v) {
      a.store(type, i * type.size(), Alu.fromDouble(type, v));
      a.setTaint(i * type.size(), type.size(), true);
      if (checker != null) {
        checker.input(a, i * type.size(), type.size(), i);
      }
    }

    /** Writes elements 0.. from {@code x} as {@link #setInput} does, all at once. */
    public void setInputs(double[] x) {
      setInputs(x.length, i -> x[i]);
    }

    /**
     * Writes elements 0..n-1 as {@link #setInput} does, element i being {@code x(i)}, all at once
     * (on the run's threads for 4-byte floats).
     */
    public void setInputs(int n, java.util.function.IntToDoubleFunction x) {
      if (type != IrType.F32) {
        for (int i = 0; i < n; i++) {
          setInput(i, x.applyAsDouble(i));
        }
        return;
      }
      if (checker != null) {
        checker.shadow(a); // made here, not by the threads
      }
      Parallel.forRanges(n, threads, (from, to) -> {
        int[] chunk = new int[Math.max(1, Math.min(CHUNK, to - from))];
        for (int at = from; at < to; at += chunk.length) {
          int m = Math.min(chunk.length, to - at);
          for (int j = 0; j < m; j++) {
            chunk[j] = Float.floatToRawIntBits((float) x.applyAsDouble(at + j));
          }
          a.storeWords(at, chunk, m); // a chunk at a time (Allocation#loadWords says why)
        }
        a.setTaint(from * 4, (to - from) * 4, true);
        if (checker != null) {
          checker.inputWords(a, from, to);
        }
      });
    }

    /** Threads the host-side loops over this buffer may use. */
    public int threads() {
      return threads;
    }

    /** Elements 0..n-1 as {@link #get} reads them. */
    public double[] values(int n) {
      double[] v = new double[n];
      if (type == IrType.F32) {
        Parallel.forRanges(n, threads, (from, to) -> {
          int[] chunk = new int[Math.max(1, Math.min(CHUNK, to - from))];
          for (int at = from; at < to; at += chunk.length) {
            int m = Math.min(chunk.length, to - at);
            a.loadWords(at, chunk, m);
            for (int j = 0; j < m; j++) {
              v[at + j] = Float.intBitsToFloat(chunk[j]);
            }
          }
        });
      } else {
        for (int i = 0; i < n; i++) {
          v[i] = get(i);
        }
      }
      return v;
    }

    public double get(int i) {
      return Alu.toDouble(type, a.load(type, i * type.size()));
    }

    /** The allocation of a buffer of 4-byte floats, to read a chunk at a time ({@link Allocation#loadWords}); null for another type. */
    public Allocation floats() {
      return type == IrType.F32 ? a : null;
    }

    /** Element i in register form: its bits, sign- or zero-extended as the IR holds it. */
    public long bits(int i) {
      return a.load(type, i * type.size());
    }
  }

  /**
   * Launches a {@code __global__} function directly, as a host {@code kernel<<<grid, block,
   * sharedBytes>>>(args...)} would, for files whose entry is the kernel itself (an autograder's
   * kernel-only submission). Throws {@link Fault} like a launch from host code.
   */
  public void launch(String kernel, int[] grid, int[] block, long sharedBytes, long[] args) {
    device.launch(kernel, new long[] {grid[0], grid[1], grid[2]}, new long[] {block[0], block[1], block[2]}, sharedBytes, args, null);
  }
}
