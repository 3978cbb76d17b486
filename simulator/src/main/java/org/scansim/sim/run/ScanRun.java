package org.scansim.sim.run;

import java.util.ArrayList;
import java.util.List;
import org.scansim.frontend.Frontend;
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
import org.scansim.sim.exec.ArchMemoryModel;
import org.scansim.sim.exec.Fault;
import org.scansim.sim.exec.LaunchRecord;
import org.scansim.sim.exec.Limits;
import org.scansim.sim.exec.Simulation;

/** One run of a kernel file's entry over n elements on one architecture. */
public final class ScanRun {
  /** Scan kinds {@code --expect} can check. */
  public enum Expect {
    INCLUSIVE,
    EXCLUSIVE
  }

  /** What the caller asks for. */
  public record Request(String entry, int n, Architecture arch, Expect expect, long seed, long maxWarpInstructions, int threads,
      int residentBlocks, Options options) {
    /** Residency from the architecture's occupancy limits. */
    public Request(String entry, int n, Architecture arch, Expect expect, long seed, long maxWarpInstructions, int threads) {
      this(entry, n, arch, expect, seed, maxWarpInstructions, threads, 0, Options.NONE);
    }

    public Request(String entry, int n, Architecture arch, Expect expect, long seed, long maxWarpInstructions, int threads,
        int residentBlocks) {
      this(entry, n, arch, expect, seed, maxWarpInstructions, threads, residentBlocks, Options.NONE);
    }

    public Request withOptions(Options o) {
      return new Request(entry, n, arch, expect, seed, maxWarpInstructions, threads, residentBlocks, o);
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
  public record Options(Set<Check> checks, int schedules, long wallMillis, boolean circuit, long deviceBytes) {
    public static final Options NONE = new Options(Set.of(), 0, 0, false, 1L << 31);

    public Options {
      checks = Set.copyOf(checks);
    }
  }

  /** What happened. {@code fault} is null when the run completed; {@code correct} null without --expect. */
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
      List<String> scheduleDifferences) {}

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

  public static Outcome run(Frontend.Result compiled, Request req) throws UsageException {
    List<Symbol.Function> candidates = entries(compiled);
    Symbol.Function entry;
    if (req.entry() != null) {
      entry = candidates.stream().filter(f -> f.name().equals(req.entry())).findFirst().orElse(null);
      if (entry == null) {
        throw new UsageException("no entry '" + req.entry() + "' of the form void " + req.entry()
            + "(const T *in, T *out, int n) in " + compiled.file().name() + (candidates.isEmpty() ? "" : "; entries: " + names(candidates)));
      }
    } else if (preferred(candidates, compiled).size() == 1) {
      entry = preferred(candidates, compiled).get(0);
    } else if (candidates.isEmpty()) {
      throw new UsageException(compiled.file().name() + " has no host entry of the form void NAME(const T *in, T *out, int n)");
    } else {
      throw new UsageException(compiled.file().name() + " has several entries (" + names(candidates) + "): choose one with --entry");
    }
    if (req.n() < 1) {
      throw new UsageException("--n must be at least 1, not " + req.n());
    }
    Type elem = ((Type.Pointer) entry.paramTypes().get(0)).pointee();
    IrType t = IrType.of(elem);
    Architecture arch = req.arch();
    Simulation sim = new Simulation(compiled.ir(), new ArchMemoryModel(arch),
        new Limits(arch.name(), arch.maxThreadsPerBlock(), arch.maxSharedMemoryPerBlockBytes(), req.maxWarpInstructions(), 1L << 31,
            arch.independentThreadScheduling()));
    sim.setSeed(req.seed());
    sim.setResidency(arch.smCount(), arch.maxResidentBlocksPerSm(), arch.maxResidentThreadsPerSm(), arch.sharedMemoryPerSmBytes());
    sim.setResidentBlocks(req.residentBlocks());
    sim.setThreads(req.threads());
    Simulation.Buffer in;
    Simulation.Buffer out;
    try {
      in = sim.allocate("in", t, req.n());
      out = sim.allocate("out", t, req.n());
    } catch (Fault f) {
      throw new UsageException("n = " + req.n() + " does not fit the simulated device memory");
    }
    double[] x = Inputs.values(req.n());
    for (int i = 0; i < x.length; i++) {
      in.setInput(i, x[i]);
    }
    Fault fault = null;
    try {
      sim.call(entry.name(), new long[] {in.pointer(), out.pointer(), req.n()});
    } catch (Fault f) {
      fault = f;
    }
    Boolean correct = null;
    List<String> mismatches = new ArrayList<>();
    if (req.expect() != null && fault == null) {
      double sum = 0;
      for (int i = 0; i < x.length; i++) {
        double before = sum;
        sum += x[i];
        double want = req.expect() == Expect.INCLUSIVE ? sum : before;
        double got = out.get(i);
        if (got != want && !(Double.isNaN(got) && Double.isNaN(want))) {
          if (mismatches.size() < 10) {
            mismatches.add("out[" + i + "] = " + format(got) + ", expected " + format(want));
          }
        }
      }
      correct = mismatches.isEmpty();
    }
    return new Outcome(entry.name(), elem.spelling(), req.n(), List.copyOf(sim.launches()), sim.output(), correct,
        List.copyOf(mismatches), fault, List.of(), null, List.of());
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
   * Like {@link #run}, for a file whose entry is a kernel {@code __global__ void NAME(const T *in,
   * T *out, int n)} ({@code req.entry()}) without host code: the harness launches it as
   * {@code launch} says. The device-memory budget is {@code req.options().deviceBytes()}.
   */
  public static Outcome runKernel(Frontend.Result compiled, Request req, KernelLaunch launch) throws UsageException {
    Symbol.Function kernel = null;
    for (Decl d : compiled.ast().decls()) {
      if (d instanceof Decl.Function f && f.body() != null) {
        Symbol.Function s = compiled.sema().functionOf(f);
        List<Type> p = s.paramTypes();
        if (s.name().equals(req.entry()) && s.space() == Space.GLOBAL && p.size() == 3
            && p.get(0) instanceof Type.Pointer a && p.get(1) instanceof Type.Pointer b
            && a.pointee().equals(b.pointee()) && a.pointee().isArithmetic() && p.get(2).isInteger()) {
          kernel = s;
        }
      }
    }
    if (kernel == null) {
      throw new UsageException("no kernel '" + req.entry() + "' of the form __global__ void " + req.entry()
          + "(const T *in, T *out, int n) in " + compiled.file().name());
    }
    if (req.n() < 1) {
      throw new UsageException("--n must be at least 1, not " + req.n());
    }
    Type elem = ((Type.Pointer) kernel.paramTypes().get(0)).pointee();
    IrType t = IrType.of(elem);
    Architecture arch = req.arch();
    Simulation sim = new Simulation(compiled.ir(), new ArchMemoryModel(arch),
        new Limits(arch.name(), arch.maxThreadsPerBlock(), arch.maxSharedMemoryPerBlockBytes(), req.maxWarpInstructions(),
            req.options().deviceBytes(), arch.independentThreadScheduling()));
    sim.setSeed(req.seed());
    sim.setResidency(arch.smCount(), arch.maxResidentBlocksPerSm(), arch.maxResidentThreadsPerSm(), arch.sharedMemoryPerSmBytes());
    sim.setResidentBlocks(req.residentBlocks());
    sim.setThreads(req.threads());
    Simulation.Buffer in;
    Simulation.Buffer out;
    try {
      in = sim.allocate("in", t, req.n());
      out = sim.allocate("out", t, req.n());
    } catch (Fault f) {
      throw new UsageException("n = " + req.n() + " does not fit the simulated device memory");
    }
    double[] x = Inputs.values(req.n());
    for (int i = 0; i < x.length; i++) {
      in.setInput(i, x[i]);
    }
    Fault fault = null;
    try {
      sim.launch(kernel.name(), new int[] {launch.grid(), 1, 1}, new int[] {launch.block(), 1, 1}, launch.sharedBytes(),
          new long[] {in.pointer(), out.pointer(), req.n()});
    } catch (Fault f) {
      fault = f;
    }
    Boolean correct = null;
    List<String> mismatches = new ArrayList<>();
    if (req.expect() != null && fault == null) {
      double sum = 0;
      for (int i = 0; i < x.length; i++) {
        double before = sum;
        sum += x[i];
        double want = req.expect() == Expect.INCLUSIVE ? sum : before;
        double got = out.get(i);
        if (got != want && !(Double.isNaN(got) && Double.isNaN(want)) && mismatches.size() < 10) {
          mismatches.add("out[" + i + "] = " + format(got) + ", expected " + format(want));
        }
      }
      correct = mismatches.isEmpty();
    }
    return new Outcome(kernel.name(), elem.spelling(), req.n(), List.copyOf(sim.launches()), sim.output(), correct,
        List.copyOf(mismatches), fault, List.of(), null, List.of());
  }
}
