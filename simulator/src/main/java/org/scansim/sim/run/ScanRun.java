package org.scansim.sim.run;

import org.scansim.sim.memory.ArchMemoryModel;
import org.scansim.sim.result.Fault;
import org.scansim.sim.result.Kind;
import org.scansim.sim.result.LaunchRecord;
import org.scansim.sim.device.Limits;
import java.util.ArrayList;
import java.util.List;
import org.scansim.frontend.Frontend;
import org.scansim.threads.LargeStack;
import org.scansim.frontend.ast.Decl;
import org.scansim.frontend.ir.IrType;
import org.scansim.frontend.sema.Space;
import org.scansim.frontend.sema.Symbol;
import org.scansim.frontend.sema.Type;
import java.util.Set;
import org.scansim.sim.arch.Architecture;
import org.scansim.sim.check.Check;
import org.scansim.sim.check.Finding;
import org.scansim.sim.check.ScanProof;

/** One run of a kernel file's entry over n elements on one architecture. */
public final class ScanRun {
  /** Scan kinds {@code --expect} can check. */
  public enum Expect {
    INCLUSIVE,
    EXCLUSIVE
  }

  /**
   * What the caller asks for, built by name: {@code Request.of(n, arch).expect(INCLUSIVE).threads(2)}.
   *
   * @param entry               the host entry's name; null: found in the file
   * @param n                   the number of elements
   * @param arch                the simulated architecture
   * @param expect              the scan the output must be; null: not checked
   * @param seed                the warp and block order (0: index order)
   * @param maxWarpInstructions the instruction budget of the whole run
   * @param threads             host threads that run independent blocks (the report does not depend on it)
   * @param residentBlocks      resident blocks of communicating launches (0: from the architecture's occupancy)
   * @param options             checkers, schedules, wall clock, device memory, progress
   * @param op                  the scan operator {@code expect} checks, and the inputs it is given ({@link ScanOp})
   */
  public record Request(String entry, int n, Architecture arch, Expect expect, long seed, long maxWarpInstructions, int threads,
      int residentBlocks, Options options, ScanOp op) {
    /** The default instruction budget: two billion warp instructions. */
    public static final long MAX_WARP_INSTRUCTIONS = 2_000_000_000L;

    /** A run of n elements on arch with every other choice at its default: one thread, no checks, index order. */
    public static Request of(int n, Architecture arch) {
      return new Request(null, n, arch, null, 0, MAX_WARP_INSTRUCTIONS, 1, 0, Options.NONE, ScanOp.SUM);
    }

    public Request entry(String e) {
      return new Request(e, n, arch, expect, seed, maxWarpInstructions, threads, residentBlocks, options, op);
    }

    public Request expect(Expect x) {
      return new Request(entry, n, arch, x, seed, maxWarpInstructions, threads, residentBlocks, options, op);
    }

    public Request seed(long s) {
      return new Request(entry, n, arch, expect, s, maxWarpInstructions, threads, residentBlocks, options, op);
    }

    public Request maxWarpInstructions(long m) {
      return new Request(entry, n, arch, expect, seed, m, threads, residentBlocks, options, op);
    }

    public Request threads(int t) {
      return new Request(entry, n, arch, expect, seed, maxWarpInstructions, t, residentBlocks, options, op);
    }

    public Request residentBlocks(int r) {
      return new Request(entry, n, arch, expect, seed, maxWarpInstructions, threads, r, options, op);
    }

    public Request op(ScanOp x) {
      return new Request(entry, n, arch, expect, seed, maxWarpInstructions, threads, residentBlocks, options, x);
    }

    public Request withOptions(Options o) {
      return new Request(entry, n, arch, expect, seed, maxWarpInstructions, threads, residentBlocks, o, op);
    }
  }

  /**
   * The checkers and budgets of a run.
   *
   * @param checks      the checkers to run ({@link Check#PROOF} needs {@code --expect} or a catalog scan kind)
   * @param schedules   how many seeded warp and block orders to run and compare (0 or 1: just one)
   * @param wallMillis  the wall-clock budget of the whole run (0: none)
   * @param circuit     record the ⊕ graph for drawing (with {@link Check#PROOF})
   * @param deviceBytes the device-memory budget
   */
  public record Options(Set<Check> checks, int schedules, long wallMillis, boolean circuit, long deviceBytes,
      org.scansim.sim.sched.LaunchProgress progress, org.scansim.sim.event.ExecutionObserver observer) {
    public static final Options NONE = new Options(Set.of(), 0, 0, false, 1L << 31);

    public Options {
      checks = Set.copyOf(checks);
    }

    /** Options without a progress listener. */
    public Options(Set<Check> checks, int schedules, long wallMillis, boolean circuit, long deviceBytes) {
      this(checks, schedules, wallMillis, circuit, deviceBytes, null, null);
    }

    /** These options, with each launch's progress reported to {@code p} (a terminal's progress bar). */
    public Options withProgress(org.scansim.sim.sched.LaunchProgress p) {
      return new Options(checks, schedules, wallMillis, circuit, deviceBytes, p, observer);
    }

    /**
     * These options, with every launch's execution events reported to {@code o} ({@link
     * org.scansim.sim.event.ExecutionObserver}): independent blocks run on several threads only when
     * the observer gives workers for them, else one at a time on one thread.
     */
    public Options withObserver(org.scansim.sim.event.ExecutionObserver o) {
      return new Options(checks, schedules, wallMillis, circuit, deviceBytes, progress, o);
    }
  }

  /**
   * What happened. {@code fault} is null when the run completed; {@code correct} null without
   * --expect; {@code exitStatus} is a whole program's status ({@link ProgramRun}), null for an entry's run;
   * {@code notes} say how host code was answered where it matters (a program's clocks and events).
   */
  public record Outcome(
      String entry,
      String elementType,
      int n,
      List<LaunchRecord> launches,
      String output,
      Boolean correct,
      List<String> mismatches,
      Fault fault,
      List<Finding> findings,
      ScanProof proof,
      List<String> scheduleDifferences,
      Integer exitStatus,
      List<String> notes) {
    /** The outcome of an entry's or a kernel's run, which has no exit status. */
    public Outcome(String entry, String elementType, int n, List<LaunchRecord> launches, String output, Boolean correct,
        List<String> mismatches, Fault fault, List<Finding> findings, ScanProof proof, List<String> scheduleDifferences) {
      this(entry, elementType, n, launches, output, correct, mismatches, fault, findings, proof, scheduleDifferences, null, List.of());
    }
  }

  /** Thrown for a request the file cannot satisfy (no entry, ambiguous entry, bad n). */
  public static final class UsageException extends Exception {
    private static final long serialVersionUID = 1L;

    public UsageException(String message) {
      super(message);
    }
  }

  private ScanRun() {}

  /** The host functions shaped like an entry: {@code void NAME(const T *in, T *out, int n)}. */
  public static List<Symbol.Function> entries(Frontend.Result r) {
    List<Symbol.Function> out = new ArrayList<>();
    for (Decl d : r.ast().decls()) {
      if (d instanceof Decl.Function f && f.body() != null) {
        Symbol.Function s = r.sema().functionOf(f);
        List<Type> p = s.paramTypes();
        if (s.space() == Space.HOST && s.returnType() instanceof Type.Void && p.size() == 3
            && p.get(0) instanceof Type.Pointer a && p.get(1) instanceof Type.Pointer b
            && a.pointee().equals(b.pointee()) && a.pointee().isArithmetic() && p.get(2).isInteger()) {
          out.add(s);
        }
      }
    }
    return out;
  }

  /**
   * The host entry a run calls: the one named {@code name}, or else the file's one entry of the
   * form {@code void NAME(const T *in, T *out, int n)} (preferring one named as the file).
   */
  public static Symbol.Function entry(Frontend.Result compiled, String name) throws UsageException {
    List<Symbol.Function> candidates = entries(compiled);
    if (name != null) {
      Symbol.Function entry = candidates.stream().filter(f -> f.name().equals(name)).findFirst().orElse(null);
      if (entry == null) {
        List<Symbol.Function> overloads = candidates.stream().filter(f -> f.sourceName().equals(name)).toList();
        if (overloads.size() > 1) {
          throw new UsageException("'" + name + "' names several overloaded entries (" + names(overloads) + "): choose one by its"
              + " signature, --entry '" + overloads.get(0).name() + "'");
        }
        entry = overloads.isEmpty() ? null : overloads.get(0);
      }
      if (entry == null) {
        throw new UsageException("no entry '" + name + "' of the form void " + name
            + "(const T *in, T *out, int n) in " + compiled.file().name() + (candidates.isEmpty() ? "" : "; entries: " + names(candidates)));
      }
      return entry;
    } else if (preferred(candidates, compiled).size() == 1) {
      return preferred(candidates, compiled).get(0);
    } else if (candidates.isEmpty()) {
      throw new UsageException(compiled.file().name() + " has no host entry of the form void NAME(const T *in, T *out, int n)");
    } else {
      throw new UsageException(compiled.file().name() + " has several entries (" + names(candidates) + "): choose one with --entry");
    }
  }

  public static Outcome run(Frontend.Result compiled, Request req) throws UsageException {
    Symbol.Function entry = entry(compiled, req.entry());
    Type elem = ((Type.Pointer) entry.paramTypes().get(0)).pointee();
    String name = entry.name();
    return execute(compiled, req, elem, (sim, in, out, n) -> sim.call(name, new long[] {in, out, n}), name);
  }

  /** How a run calls the code under test once its buffers exist: a host entry, or a kernel launch. */
  @FunctionalInterface
  public interface Invocation {
    void call(Simulation sim, long in, long out, int n);
  }

  /**
   * Most ⊕-graph nodes the scan proof keeps over n inputs (26 bytes each): 16n, room for a kernel
   * that does up to 15 ⊕ per element (the catalog's do from 2, Blelloch's, to about 10, PMPP's
   * hierarchical scan with Kogge-Stone blocks), and at least 2^23 for small n, where an
   * O(n log n) scan may still be proved.
   */
  static int proofNodes(int n) {
    return (int) Math.min(Integer.MAX_VALUE - 16, Math.max(1L << 23, 16L * n));
  }
  /** Most nodes a circuit for drawing may have. */
  static final int MAX_CIRCUIT_NODES = 20_000;

  /**
   * Runs {@code how} over fresh input and output buffers of {@code req.n()} elements of
   * {@code elem}, once per schedule, with the request's checkers; compares the schedules'
   * results and turns faults, unproved outputs and uninitialised values that reach the output
   * into findings.
   */
  public static Outcome execute(Frontend.Result compiled, Request req, Type elem, Invocation how, String entryName) throws UsageException {
    return execute(compiled, req, elem, false, how, entryName);
  }

  /**
   * As {@link #execute(Frontend.Result, Request, Type, Invocation, String)}; with {@code inPlace},
   * the output buffer starts as a copy of the input (a kernel that scans in place is given it).
   */
  public static Outcome execute(Frontend.Result compiled, Request req, Type elem, boolean inPlace, Invocation how, String entryName)
      throws UsageException {
    if (req.n() < 1) {
      throw new UsageException("--n must be at least 1, not " + req.n());
    }
    if (!req.op().appliesTo(IrType.of(elem))) {
      throw new UsageException("--op " + req.op().spelling() + " is a bitwise operator: " + entryName + "'s elements are "
          + elem.spelling() + ", and it needs an integer type");
    }
    Options o = req.options();
    int schedules = Math.max(1, o.schedules());
    long deadline = o.wallMillis() > 0 ? System.nanoTime() + o.wallMillis() * 1_000_000L : 0;
    Single first = null;
    org.scansim.sim.check.Findings merged = new org.scansim.sim.check.Findings();
    List<String> differences = new ArrayList<>();
    for (int k = 0; k < schedules; k++) {
      // Schedule 0 is the order asked for; the others are seeded orders of warps and blocks.
      long seed = k == 0 ? req.seed() : req.seed() * 31 + k;
      long left = deadline == 0 ? 0 : Math.max(1, (deadline - System.nanoTime()) / 1_000_000L);
      Single one;
      try {
        one = once(compiled, req, elem, inPlace, how, seed, left, k == 0 && o.circuit());
      } catch (org.scansim.sim.sched.OrderDependence e) {
        // Blocks run on several threads touched each other's global memory: what they computed
        // may depend on the threads' timing. The run on one thread is the one reported.
        left = deadline == 0 ? 0 : Math.max(1, (deadline - System.nanoTime()) / 1_000_000L);
        if (o.observer() != null) {
          o.observer().restart();
        }
        one = once(compiled, req.threads(1), elem, inPlace, how, seed, left, k == 0 && o.circuit());
      }
      for (Finding f : one.findings) {
        merged.add(f, f.count());
      }
      Fault.Budget budget = one.fault == null ? null : one.fault.budget();
      if (budget == Fault.Budget.WALL_CLOCK || budget == Fault.Budget.JAVA_HEAP) {
        // The run's own budget ran out, shared by all its schedules and the machine's, not a
        // property of this order: the run is a runaway, reported once, as this schedule ran. (A
        // schedule that runs past the instruction budget where another ends is a difference.)
        first = one;
        break;
      }
      if (first == null) {
        first = one;
      } else {
        String d = compare(first, one);
        if (d != null) {
          String text = "schedule " + k + " (--seed " + seed + ") " + d;
          differences.add(text);
          merged.add(new Finding(Kind.SCHEDULE_DIFFERENCE, null, null, null, "out", null, null, null, 1,
              "the result depends on the order warps and blocks run in: " + text));
        }
      }
    }
    Single s = first;
    return new Outcome(entryName, elem.spelling(), req.n(), s.launches, s.output, s.correct, s.mismatches, s.fault,
        o.checks().isEmpty() && differences.isEmpty() ? List.of() : merged.list(), s.proof, List.copyOf(differences));
  }

  /** One run under one schedule. */
  private record Single(List<LaunchRecord> launches, String output, Boolean correct, List<String> mismatches, Fault fault,
      List<Finding> findings, ScanProof proof, double[] result) {}

  private static Single once(Frontend.Result compiled, Request req, Type elem, boolean inPlace, Invocation how, long seed, long wallMillis,
      boolean circuit) throws UsageException {
    Options o = req.options();
    IrType t = IrType.of(elem);
    Simulation sim;
    try {
      sim = simulation(compiled, req, seed, wallMillis);
    } catch (Fault f) { // a module variable that does not fit: the program faults before it starts
      return new Single(List.of(), "", null, List.of(), f, o.checks().isEmpty() ? List.of() : List.of(finding(f)), null, null);
    }
    int n = req.n();
    Simulation.Buffer in;
    Simulation.Buffer out;
    try {
      sim.setChecks(o.checks(), n, proofNodes(n));
      in = sim.allocate("in", t, n);
      out = sim.allocate("out", t, n);
      long bound = Inputs.bound(n);
      ScanOp op = req.op();
      in.setInputs(n, i -> op.input(i, bound));
      if (inPlace) {
        out.setInputs(n, i -> op.input(i, bound));
      }
    } catch (Fault f) {
      throw new UsageException("n = " + n + " does not fit the simulated device memory");
    } catch (OutOfMemoryError e) {
      // The buffers, their shadows and the proof's graph: nothing ran yet.
      Fault f = outOfMemory("setting up the run", n, o.checks());
      List<Finding> findings = o.checks().isEmpty() ? List.of()
          : List.of(finding(f));
      return new Single(List.of(), "", null, List.of(), f, findings, null, null);
    }
    Fault fault = simulate(sim, how, in.pointer(), out.pointer(), n, o.checks());
    Boolean correct = null;
    List<String> mismatches = new ArrayList<>();
    // The values, only for comparing schedules; the check reads the buffer itself.
    double[] result = o.schedules() > 1 ? out.values(n) : null;
    if (req.expect() != null && fault == null) {
      if (req.op() == ScanOp.SUM) {
        check(out, n, req.expect() == Expect.EXCLUSIVE, mismatches);
      } else {
        mismatches.addAll(req.op().mismatches(out::bits, t, n, req.expect() == Expect.EXCLUSIVE));
      }
      correct = mismatches.isEmpty();
    }
    ScanProof proof = null;
    if (!o.checks().isEmpty()) {
      if (fault != null && !fault.reported()) {
        sim.addFinding(finding(fault));
      }
      if (fault == null) {
        try {
          proof = afterTheRun(sim, out, req, circuit);
        } catch (OutOfMemoryError e) {
          fault = outOfMemory("the checks after the run", n, o.checks());
          sim.addFinding(finding(fault));
        }
      }
    }
    return new Single(List.copyOf(sim.launches()), sim.output(), correct, List.copyOf(mismatches), fault, sim.findings(), proof,
        result);
  }

  /**
   * The simulated machine a request asks for, under one schedule ({@code seed}) and what is left
   * of the wall clock; a module variable that does not fit is a fault before anything runs.
   */
  static Simulation simulation(Frontend.Result compiled, Request req, long seed, long wallMillis) {
    Options o = req.options();
    Architecture arch = req.arch();
    Simulation sim = new Simulation(compiled.ir(), new ArchMemoryModel(arch),
        new Limits(arch.name(), arch.maxThreadsPerBlock(), arch.maxSharedMemoryPerBlockBytes(), req.maxWarpInstructions(),
            o.deviceBytes(), arch.independentThreadScheduling(), arch.maxLocalMemoryPerThreadBytes(), arch.computeMajor()));
    sim.setSeed(seed);
    sim.setResidency(arch.smCount(), arch.maxResidentBlocksPerSm(), arch.maxResidentThreadsPerSm(), arch.sharedMemoryPerSmBytes());
    sim.setResidentBlocks(req.residentBlocks());
    sim.setThreads(req.threads());
    sim.setWallBudget(wallMillis);
    sim.setProgress(o.progress());
    sim.setObserver(o.observer());
    String[] cc = arch.computeCapability().split("\\.");
    sim.setProperties(new org.scansim.sim.host.DeviceProperties(arch.description(), o.deviceBytes(), arch.maxSharedMemoryPerBlockBytes(),
        arch.maxSharedMemoryPerBlockOptInBytes(), arch.sharedMemoryPerSmBytes(), arch.maxThreadsPerBlock(), arch.maxResidentThreadsPerSm(),
        arch.maxResidentBlocksPerSm(), arch.smCount(), arch.computeMajor(), cc.length > 1 ? Integer.parseInt(cc[1]) : 0,
        arch.warpSize()));
    return sim;
  }

  /**
   * Runs the program on a thread with a large stack ({@link LargeStack}), whatever the caller's,
   * so that host recursion stops at the host interpreter's depth limit with its position and the
   * function's name on every thread ({@code run} and {@code grade} alike), not at the end of
   * whichever stack the caller had. Returns the fault the run ended with, or null.
   */
  private static Fault simulate(Simulation sim, Invocation how, long in, long out, int n, Set<Check> checks) {
    Fault[] fault = new Fault[1];
    RuntimeException[] other = new RuntimeException[1];
    LargeStack.run(() -> {
      try {
        how.call(sim, in, out, n);
      } catch (Fault f) {
        fault[0] = f.normalExit() ? null : f;
      } catch (OutOfMemoryError e) {
        fault[0] = outOfMemory("the simulation", n, checks);
      } catch (StackOverflowError e) {
        fault[0] = Fault.runaway(Fault.Budget.JAVA_STACK, null, "the simulation nested too deeply (n = " + n + ")");
      } catch (RuntimeException e) { // rethrown on the caller's thread (a rerun on one thread, say)
        other[0] = e;
      }
    });
    if (other[0] != null) {
      throw other[0];
    }
    return fault[0];
  }

  /**
   * The checks that read the whole run once it has ended: where uninitialised values reached the
   * output, and the scan proof (with {@link Check#PROOF} and an expected scan); its findings
   * join the run's.
   */
  private static ScanProof afterTheRun(Simulation sim, Simulation.Buffer out, Request req, boolean circuit) {
    java.util.Map<org.scansim.frontend.diag.Span, String> reach = sim.uninitialisedOutputs(out, "out");
    for (Finding f : sim.findings()) {
      if (f.kind() == Kind.UNINITIALISED_READ) {
        String where = reach.get(f.first());
        sim.amendFinding(f.key(), where == null ? "; the value does not reach the output" : "; the value reaches " + where);
      }
    }
    if (!req.options().checks().contains(Check.PROOF) || req.expect() == null) {
      return null;
    }
    ScanProof proof = sim.proof(out, req.expect() == Expect.INCLUSIVE, circuit, MAX_CIRCUIT_NODES,
        req.op().symbol());
    if (!proof.proved()) {
      sim.addFinding(new Finding(Kind.SCAN_PROOF, null, null, null, "out", null, null, null, proof.wrongOutputs(),
          proof.wrongOutputs() + " of " + req.n() + " outputs are not the " + proof.scan() + " scan of the input:"
              + "\n  " + String.join("\n  ", proof.failures()) + (proof.wrongOutputs() > proof.failures().size() ? "\n  …" : "")));
    }
    return proof;
  }

  /** A fault as the run's finding: its kind, where it happened, and its message. */
  static Finding finding(Fault f) {
    return new Finding(f.kind(), null, f.span(), null, null, null, null, null, 1, f.getMessage());
  }

  /** How to give the simulator more memory, for the out-of-memory faults. */
  public static final String LARGER_HEAP = "a larger Java heap (SCANSIM_JAVA_OPTS=-Xmx16g ./scansim ...)";

  /**
   * The fault of a run the Java heap could not hold: what ran out, the heap's size, and what
   * needs less (the checkers keep about 45 bytes a word of global memory, the scan proof 26
   * bytes a node of its graph, about 4n of them for a work-efficient scan).
   */
  public static Fault outOfMemory(String what, int n, Set<Check> checks) {
    long mb = Runtime.getRuntime().maxMemory() >> 20;
    return Fault.javaHeap(what + " ran out of memory (n = " + n + ", a Java heap of at most " + mb
        + " MB): run it at a smaller n" + (checks.isEmpty() ? "" : ", with fewer checks")
        + ", or with " + LARGER_HEAP);
  }

  /**
   * Compares the output of n elements with the scan of the input ({@link Inputs}, recomputed
   * element by element: every partial sum is exact, so the sums may be taken in parts and in any
   * order), adding the first ten differences to {@code mismatches}. On the run's threads, one
   * pass: each output must be the one before it plus the input between them, and the first one
   * the identity (exclusive) or the first input (inclusive); by induction, and with every sum
   * exact, that holds exactly when every output is its prefix sum. Only when some part fails are
   * the differences found the longer way: each part's sum, then each part checked from the sum
   * of the parts before it.
   */
  private static void check(Simulation.Buffer out, int n, boolean exclusive, List<String> mismatches) {
    mismatches.addAll(mismatches(out::get, out.floats(), n, exclusive, out.threads()));
  }

  /**
   * How the outputs {@code out.applyAsDouble(0..n-1)} differ from the scan of the run's inputs
   * ({@link Inputs}), at most ten, worded as a run reports them: "out[5] = 3, expected 4". Empty
   * when every output is its prefix sum. Checked on {@code threads} threads.
   */
  public static List<String> mismatches(java.util.function.IntToDoubleFunction out, int n, boolean exclusive, int threads) {
    return mismatches(out, null, n, exclusive, threads);
  }

  /** {@link #mismatches}, the one pass reading the outputs a chunk at a time from {@code floats} (4-byte floats) when not null. */
  private static List<String> mismatches(java.util.function.IntToDoubleFunction out, org.scansim.sim.memory.Allocation floats, int n,
      boolean exclusive, int threads) {
    List<String> mismatches = new ArrayList<>();
    int parts = org.scansim.threads.Parallel.parts(n, threads);
    long bound = Inputs.bound(n);
    boolean[] broken = new boolean[parts];
    org.scansim.threads.Parallel.forParts(n, threads, (p, from, to) -> broken[p] = !stepsHold(outputs(out, floats), exclusive, from, to,
        bound));
    boolean any = false;
    for (boolean b : broken) {
      any |= b;
    }
    if (!any) {
      return mismatches;
    }
    double[] partSum = new double[parts];
    org.scansim.threads.Parallel.forParts(n, threads, (p, from, to) -> {
      double s = 0;
      for (int i = from; i < to; i++) {
        s += Inputs.element(i, bound);
      }
      partSum[p] = s;
    });
    double[] before = new double[parts];
    for (int p = 1; p < parts; p++) {
      before[p] = before[p - 1] + partSum[p - 1];
    }
    boolean[] wrong = new boolean[parts];
    org.scansim.threads.Parallel.forParts(n, threads, (p, from, to) -> wrong[p] = !checkPart(out, n, exclusive, from, to,
        before[p], null));
    long step = ((long) n + parts - 1) / parts;
    for (int p = 0; p < parts && mismatches.size() < 10; p++) {
      if (wrong[p]) {
        checkPart(out, n, exclusive, (int) Math.min(n, p * step), (int) Math.min(n, (p + 1) * step), before[p], mismatches);
      }
    }
    return mismatches;
  }

  /** Outputs {@code from} to {@code from + n - 1} into {@code into[0..n-1]}. */
  private interface Outputs {
    void read(int from, double[] into, int n);
  }

  /** The outputs as {@code out} gives them, or a chunk at a time from {@code floats} (4-byte floats) when not null. */
  private static Outputs outputs(java.util.function.IntToDoubleFunction out, org.scansim.sim.memory.Allocation floats) {
    if (floats == null) {
      return (from, into, n) -> {
        for (int j = 0; j < n; j++) {
          into[j] = out.applyAsDouble(from + j);
        }
      };
    }
    int[] words = new int[Simulation.CHUNK];
    return (from, into, n) -> {
      floats.loadWords(from, words, n); // a chunk at a time (Allocation#loadWords says why)
      for (int j = 0; j < n; j++) {
        into[j] = Float.intBitsToFloat(words[j]);
      }
    };
  }

  /**
   * Whether each of the outputs from..to-1 is the output before it plus the input between them
   * (the first output: the identity, or the first input), read a chunk at a time.
   */
  private static boolean stepsHold(Outputs out, boolean exclusive, int from, int to, long bound) {
    if (from >= to) {
      return true;
    }
    double[] chunk = new double[Simulation.CHUNK];
    int i = from;
    out.read(from == 0 ? 0 : from - 1, chunk, 1);
    double prev = chunk[0];
    if (from == 0) {
      if (prev != (exclusive ? 0 : Inputs.element(0, bound))) {
        return false;
      }
      i = 1;
    }
    while (i < to) {
      int m = Math.min(chunk.length, to - i);
      out.read(i, chunk, m);
      for (int j = 0; j < m; j++, i++) {
        if (chunk[j] != prev + Inputs.element(exclusive ? i - 1 : i, bound)) {
          return false;
        }
        prev = chunk[j];
      }
    }
    return true;
  }

  /**
   * Whether elements from..to-1 of the output hold the scan, given the sum of the inputs before
   * {@code from}; with {@code mismatches}, adds the differences to it (up to ten in all).
   */
  private static boolean checkPart(java.util.function.IntToDoubleFunction out, int n, boolean exclusive, int from, int to, double sumBefore,
      List<String> mismatches) {
    double sum = sumBefore;
    boolean ok = true;
    long bound = Inputs.bound(n);
    for (int i = from; i < to; i++) {
      double prior = sum;
      sum += Inputs.element(i, bound);
      double want = exclusive ? prior : sum;
      double got = out.applyAsDouble(i);
      if (got != want && !(Double.isNaN(got) && Double.isNaN(want))) {
        ok = false;
        if (mismatches == null) {
          return false;
        }
        if (mismatches.size() < 10) {
          mismatches.add("out[" + i + "] = " + format(got) + ", expected " + format(want));
        }
      }
    }
    return ok;
  }

  /** How run {@code b} differs from run {@code a}, or null when they agree. */
  private static String compare(Single a, Single b) {
    if ((a.fault == null) != (b.fault == null) || a.fault != null && !a.fault.kind().equals(b.fault.kind())) {
      return (b.fault == null ? "completes" : "stops with " + b.fault.kind()) + " where schedule 0 "
          + (a.fault == null ? "completes" : "stops with " + a.fault.kind());
    }
    int differ = 0;
    int firstDiff = -1;
    for (int i = 0; i < a.result.length; i++) {
      boolean same = Double.compare(a.result[i], b.result[i]) == 0 || a.result[i] == b.result[i];
      if (!same) {
        differ++;
        if (firstDiff < 0) {
          firstDiff = i;
        }
      }
    }
    if (differ > 0) {
      return "gives out[" + firstDiff + "] = " + format(b.result[firstDiff]) + " where schedule 0 gives " + format(a.result[firstDiff])
          + (differ > 1 ? " (" + differ + " elements differ)" : "");
    }
    if (!a.output.equals(b.output)) {
      return "prints different output";
    }
    return null;
  }

  /**
   * Among several entry-shaped functions, the ones written exactly as the convention says
   * ({@code const T *in}); if still several, the one named like the file.
   */
  private static List<Symbol.Function> preferred(List<Symbol.Function> candidates, Frontend.Result compiled) {
    if (candidates.size() <= 1) {
      return candidates;
    }
    List<Symbol.Function> constIn = candidates.stream()
        .filter(f -> ((Type.Pointer) f.paramTypes().get(0)).constPointee()).toList();
    if (constIn.size() == 1) {
      return constIn;
    }
    String stem = java.nio.file.Path.of(compiled.file().name()).getFileName().toString().replaceFirst("\\.cu$", "");
    List<Symbol.Function> named = (constIn.isEmpty() ? candidates : constIn).stream().filter(f -> f.name().equals(stem)).toList();
    return named.size() == 1 ? named : candidates;
  }

  private static String names(List<Symbol.Function> fs) {
    return String.join(", ", fs.stream().map(Symbol.Function::name).toList());
  }

  static String format(double v) {
    return v == Math.rint(v) && Math.abs(v) < 1e15 ? String.valueOf((long) v) : String.valueOf(v);
  }

  /** A one-dimensional launch of a kernel entry: blocks, threads per block, dynamic shared bytes. */
  public record KernelLaunch(int grid, int block, long sharedBytes) {}

  /**
   * The {@code __global__} function named {@code name} bound to the harness's buffers and n
   * ({@link KernelBinding}).
   *
   * @throws UsageException when the file defines no such kernel, or its parameters cannot be filled
   */
  public static KernelBinding kernel(Frontend.Result compiled, String name) throws UsageException {
    List<String> kernels = new ArrayList<>();
    // The file's functions, then the template instances the checker deduced (scan<float>).
    List<Decl> all = new ArrayList<>(compiled.ast().decls());
    all.addAll(compiled.sema().instances());
    List<Symbol.Function> overloads = new ArrayList<>();
    for (Decl d : all) {
      if (d instanceof Decl.Function f && f.body() != null) {
        Symbol.Function s = compiled.sema().functionOf(f);
        if (s.space() == Space.GLOBAL) {
          if (!kernels.contains(s.name())) {
            kernels.add(s.name());
          }
        }
        if (s.name().equals(name) || s.name().contains("<") && s.name().replace(" ", "").equals(name.replace(" ", ""))) {
          return KernelBinding.of(s); // scan<256,float> names scan<256, float>
        }
        if (s.sourceName().equals(name) && s.space() == Space.GLOBAL && !overloads.contains(s)) {
          overloads.add(s);
        }
      }
    }
    if (overloads.size() == 1) {
      return KernelBinding.of(overloads.get(0));
    }
    if (overloads.size() > 1) {
      throw new UsageException("'" + name + "' names several overloaded kernels (" + names(overloads) + "): choose one by its"
          + " signature, --kernel '" + overloads.get(0).name() + "'");
    }
    String template = name.contains("<") ? name.substring(0, name.indexOf('<')).strip() : name;
    if (compiled.ast().templates().containsKey(template)) {
      // A kernel template has kernels only where the file instantiates it.
      List<String> instances = kernels.stream().filter(k -> k.startsWith(template + "<")).toList();
      String hint = "instantiate it in the file, as C++ does: template __global__ void "
          + (name.contains("<") ? name : template + "<ARGUMENTS>") + "(PARAMETER TYPES);";
      throw new UsageException(!name.contains("<") && !instances.isEmpty()
          ? "'" + name + "' is a kernel template: name one of its instances in " + compiled.file().name() + ", " + String.join(", ", instances)
              + " (--kernel '" + instances.get(0) + "'), or " + hint
          : compiled.file().name() + " has no instance '" + name + "' of the kernel template '" + template + "'"
              + (instances.isEmpty() ? "" : " (its instances: " + String.join(", ", instances) + ")") + ": " + hint);
    }
    throw new UsageException(compiled.file().name() + " defines no kernel '" + name + "'"
        + (kernels.isEmpty() ? "" : "; its kernels: " + String.join(", ", kernels)));
  }

  /**
   * Like {@link #run}, for a {@code __global__} function ({@code req.entry()}) launched by the
   * harness as {@code launch} says, with the input and output buffers and n as its arguments
   * ({@link KernelBinding}), and the request's checkers and budgets.
   */
  public static Outcome runKernel(Frontend.Result compiled, Request req, KernelLaunch launch) throws UsageException {
    KernelBinding b = kernel(compiled, req.entry());
    String name = b.kernel().name();
    return execute(compiled, req, b.elem(), b.inPlace(), (sim, in, out, n) -> sim.launch(name, new int[] {launch.grid(), 1, 1},
        new int[] {launch.block(), 1, 1}, launch.sharedBytes(), b.arguments(in, out, n)), name);
  }
}
