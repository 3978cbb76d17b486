package org.scansim.catalog;

import org.scansim.sim.result.Counters;
import org.scansim.sim.result.LaunchRecord;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.scansim.frontend.Frontend;
import org.scansim.sim.arch.Architecture;
import org.scansim.sim.arch.Architectures;
import org.scansim.sim.run.ScanRun;

/** Runs catalog kernels: compiled once per (kernel, defines), then at any size and architecture. */
public final class CatalogRun {
  /** The sizes the catalog test and the claims draw from. */
  public static final List<Integer> SIZES =
      List.of(1, 2, 3, 31, 32, 33, 255, 256, 257, 1000, 1024, 1025, 4097, 65537, 1 << 20);

  private final Map<String, Frontend.Result> compiled = new ConcurrentHashMap<>();
  private final int threads;

  public CatalogRun(int threads) {
    this.threads = threads;
  }

  /** The sizes of {@link #SIZES} that {@code k} supports on {@code arch}. */
  public static List<Integer> sizesOf(Kernel k, String arch) {
    return SIZES.stream().filter(n -> k.sizes().supports(n, arch)).toList();
  }

  /** The kernel compiled with its defines for an architecture (its preset name). */
  public Frontend.Result compile(Kernel k, String arch) {
    return compile(k, arch, Map.of());
  }

  /** The same with more defines, which win over the catalog's. */
  public Frontend.Result compile(Kernel k, String arch, Map<String, String> extra) {
    Map<String, String> d = k.definesFor(arch);
    d.putAll(extra);
    return compiled.computeIfAbsent(k.name() + " " + d, key -> Frontend.compileFile(k.file(), new LinkedHashMap<>(d)));
  }

  /** One run of k at n on arch, with its output checked against the scan it declares. */
  public ScanRun.Outcome run(Kernel k, int n, String arch) throws ScanRun.UsageException {
    return run(k, n, Architectures.preset(arch), 0);
  }

  public ScanRun.Outcome run(Kernel k, int n, Architecture arch, long seed) throws ScanRun.UsageException {
    return run(k, n, arch, seed, Map.of());
  }

  /** One run with extra defines (a section size equal to n, for a sweep). */
  public ScanRun.Outcome run(Kernel k, int n, String arch, Map<String, String> extra) throws ScanRun.UsageException {
    return run(k, n, Architectures.preset(arch), 0, extra);
  }

  public ScanRun.Outcome run(Kernel k, int n, Architecture arch, long seed, Map<String, String> extra) throws ScanRun.UsageException {
    Frontend.Result r = compile(k, arch.name(), extra);
    if (!r.ok()) {
      throw new ScanRun.UsageException(k.file() + " does not compile: " + r.diagnostics().all());
    }
    return simulate(k, r, n, arch, java.util.Set.of(), false, seed).outcome();
  }

  /** One run with the given checkers (the scan proof for depth and fan-out; all of them for the clean check). */
  public ScanRun.Outcome run(Kernel k, int n, Architecture arch, Map<String, String> extra, java.util.Set<org.scansim.sim.check.Check> checks)
      throws ScanRun.UsageException {
    Frontend.Result r = compile(k, arch.name(), extra);
    if (!r.ok()) {
      throw new ScanRun.UsageException(k.file() + " does not compile: " + r.diagnostics().all());
    }
    return simulate(k, r, n, arch, checks, false, 0).outcome();
  }

  /** Kernel k at n on {@code arch}, its own scan checked, through the one run pipeline ({@link org.scansim.pipeline.Runner}). */
  private org.scansim.pipeline.SimRun simulate(Kernel k, Frontend.Result r, int n, Architecture arch, java.util.Set<org.scansim.sim.check.Check> checks,
      boolean timed, long seed) throws ScanRun.UsageException {
    return org.scansim.pipeline.Runner.simulate(r, spec(k, arch, checks, timed, seed, threads), n, org.scansim.pipeline.Runner.Extras.NONE);
  }

  /** A run of catalog kernel k on {@code arch}: its own scan checked, {@code checks} on, timed with the preset's default card or not. */
  static org.scansim.pipeline.RunSpec spec(Kernel k, Architecture arch, java.util.Set<org.scansim.sim.check.Check> checks, boolean timed,
      long seed, int threads) {
    ScanRun.Expect expect = k.inclusive() ? ScanRun.Expect.INCLUSIVE : ScanRun.Expect.EXCLUSIVE;
    return org.scansim.pipeline.RunSpec.of(k.file().toString(), arch)
        .withScan(expect, org.scansim.sim.run.ScanOp.SUM).withChecks(checks, 0, false).withOrder(seed, 0, threads)
        .withTiming(timed ? org.scansim.timing.TimingPlan.of(arch, null) : org.scansim.timing.TimingPlan.off(arch, null));
  }

  /**
   * A run timed by the timing model ({@link org.scansim.timing.TimingObserver}) with the preset's
   * parameters: its outcome, and each launch's predicted time.
   */
  public record Timed(ScanRun.Outcome outcome, List<org.scansim.timing.TimingObserver.LaunchTiming> launches) {
    /** SM cycles of all launches, each with its fixed cost. */
    public long cycles() {
      return launches.stream().mapToLong(org.scansim.timing.TimingObserver.LaunchTiming::smCycles).sum();
    }

    /** The launches' fixed costs. */
    public long fixedCycles() {
      return launches.stream().mapToLong(org.scansim.timing.TimingObserver.LaunchTiming::fixedCycles).sum();
    }

    /** The same without the launches' fixed costs: the time the blocks take. */
    public long blockCycles() {
      return cycles() - fixedCycles();
    }

    /** The least the launches' instructions take to issue, and their device-memory traffic to move ({@link org.scansim.timing.TimingObserver.LaunchTiming}). */
    public long issueBoundCycles() {
      return launches.stream().mapToLong(org.scansim.timing.TimingObserver.LaunchTiming::issueBoundCycles).sum();
    }

    /** See {@link #issueBoundCycles}. */
    public long memoryBoundCycles() {
      return launches.stream().mapToLong(org.scansim.timing.TimingObserver.LaunchTiming::memoryBoundCycles).sum();
    }

    /** What bank conflicts add to {@link #cycles}. */
    public long conflictCycles() {
      return launches.stream().mapToLong(org.scansim.timing.TimingObserver.LaunchTiming::conflictCycles).sum();
    }

    /** Warp instructions the model issued. */
    public long issued() {
      return launches.stream().mapToLong(org.scansim.timing.TimingObserver.LaunchTiming::issued).sum();
    }

    /** Predicted time of all launches, in nanoseconds. */
    public long nanos() {
      return launches.stream().mapToLong(org.scansim.timing.TimingObserver.LaunchTiming::durationNs).sum();
    }

    /** The same in milliseconds. */
    public double millis() {
      return nanos() / 1e6;
    }
  }

  /** One run of k at n on preset {@code arch} with extra defines, timed with the preset's default card's parameters. */
  public Timed timed(Kernel k, int n, String arch, Map<String, String> extra) throws ScanRun.UsageException {
    Architecture a = Architectures.preset(arch);
    Frontend.Result r = compile(k, arch, extra);
    if (!r.ok()) {
      throw new ScanRun.UsageException(k.file() + " does not compile: " + r.diagnostics().all());
    }
    if (!org.scansim.timing.TimingPlan.of(a, null).timed()) {
      throw new ScanRun.UsageException("the timing model has no parameters for " + arch);
    }
    org.scansim.pipeline.SimRun run = simulate(k, r, n, a, java.util.Set.of(), true, 0);
    return new Timed(run.outcome(), run.launches());
  }

  private static final com.fasterxml.jackson.databind.ObjectMapper JSON = new com.fasterxml.jackson.databind.ObjectMapper();

  /** The names a property may test: the run report's counters. */
  public static java.util.Set<String> counterNames() {
    java.util.Set<String> out = new java.util.TreeSet<>();
    for (var c : org.scansim.reports.CounterSet.class.getRecordComponents()) {
      if (c.getType() == long.class || c.getType() == int.class) {
        out.add(c.getName());
      }
    }
    return out;
  }

  /** One counter of the run report's set, by its JSON name. */
  public static long counter(Counters c, String name) {
    Object v = JSON.convertValue(org.scansim.reports.CounterSet.of(c), Map.class).get(name);
    if (!(v instanceof Number num)) {
      throw new IllegalArgumentException("no counter '" + name + "'");
    }
    return num.longValue();
  }

  /** Counters summed over the launches of an outcome. */
  public static Counters totals(ScanRun.Outcome o) {
    Counters t = new Counters();
    for (LaunchRecord l : o.launches()) {
      t.add(l.counters());
    }
    return t;
  }
}
