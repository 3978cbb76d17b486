package org.scansim.catalog;

import org.scansim.sim.result.Counters;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.scansim.frontend.Frontend;
import org.scansim.reports.JsonReport;
import org.scansim.reports.RunReport;
import org.scansim.reports.TextReport;
import org.scansim.sim.arch.Architecture;
import org.scansim.sim.arch.Architectures;
import org.scansim.sim.check.Check;
import org.scansim.sim.run.Inputs;
import org.scansim.sim.run.ScanRun;

/**
 * The simulator's speed, measured: catalog kernels over a range of sizes, each timed from the
 * start of the run (compiling the kernel file) to its rendered report, beside a plain Java
 * sequential scan of the same array timed in the same process. Also the targets of the speed
 * work, each measured side by side in one run: the 16M-element arbitrary-size scan, linear
 * scaling in n, two cores against one (with byte-identical reports), and what the checkers and
 * the scan proof cost against the plain run.
 */
public final class Bench {
  /** The catalog's main kernels: every kernel that scans arrays of any size, plus the single-block classics. */
  public static final List<String> MAIN_KERNELS = List.of(
      "harris/scan_large_array", "pmpp/hierarchical_scan", "modern/warp_shuffle_scan", "handbook/reduce_then_scan",
      "pmpp/chained_scan", "modern/decoupled_lookback", "harris/conflict_free", "pmpp/kogge_stone", "pmpp/brent_kung",
      "handbook/sklansky");

  /** The kernel the targets are stated for: Harris's scan-then-propagate with the corrected padding. */
  public static final String TARGET_KERNEL = "harris/scan_large_array";

  /** One measured run. */
  public record Row(String kernel, int n, int threads, double seconds, long warpInstructions, long threadInstructions,
      long peakHeapBytes, double javaScanSeconds, boolean correct) {
    public double elementsPerSecond() {
      return n / seconds;
    }

    public double threadInstructionsPerSecond() {
      return threadInstructions / seconds;
    }

    /** How many times longer the simulation took than the plain Java scan of the same array. */
    public double ratioToJavaScan() {
      return seconds / javaScanSeconds;
    }
  }

  /** A target of the speed work, with what was measured and whether it was met. */
  public record Target(String name, String goal, String measured, boolean met) {}

  public record Report(String machine, List<Row> rows, List<Target> targets) {}

  private final Catalog catalog;
  private final String arch;
  private final int threads;

  public Bench(Catalog catalog, String arch, int threads) {
    this.catalog = catalog;
    this.arch = arch;
    this.threads = threads;
  }

  /** The sizes 2^lo, 2^(lo+step), ... 2^hi that kernel k supports on this architecture (its largest, if none). */
  public List<Integer> sizes(Kernel k, int lo, int hi, int step) {
    List<Integer> out = new ArrayList<>();
    for (int e = lo; e <= hi; e += step) {
      if (k.sizes().supports(1L << e, arch)) {
        out.add(1 << e);
      }
    }
    if (out.isEmpty()) {
      int max = k.sizes().max(arch);
      int p = Integer.highestOneBit(max);
      out.add(k.sizes().supports(max, arch) ? max : p);
    }
    return out;
  }

  /**
   * What {@link #sizes} leaves out of 2^lo, 2^(lo+step), ... 2^hi for kernel k, in words, or null
   * when it runs them all: a kernel of one block stops at 2^10, and a table that silently ended
   * there read as if the larger sizes had been measured.
   */
  public String skipped(Kernel k, int lo, int hi, int step) {
    List<String> out = new ArrayList<>();
    for (int e = lo; e <= hi; e += step) {
      if (!k.sizes().supports(1L << e, arch)) {
        out.add("2^" + e);
      }
    }
    if (out.isEmpty()) {
      return null;
    }
    List<Integer> run = sizes(k, lo, hi, step);
    boolean none = out.size() == (hi - lo) / step + 1;
    return k.name() + " takes " + k.sizes().describe() + " on " + arch + ": " + String.join(", ", out) + " not run"
        + (none ? "; ran n = " + run.get(0) + " instead" : "");
  }

  public Kernel kernel(String name) {
    return catalog.find(name).orElseThrow(
        () -> new IllegalArgumentException("no catalog kernel '" + name + "' (scansim catalog lists them)"));
  }

  /**
   * One unmeasured run of each kernel at n = 2^20 (or its largest size below), long enough for
   * the JIT compiler to compile the engine's hot paths, so that the table measures the simulator
   * rather than the compiler.
   */
  public void warmUp(List<Kernel> kernels) throws ScanRun.UsageException {
    for (Kernel k : kernels) {
      List<Integer> s = sizes(k, 10, 20, 10);
      measure(k, s.get(s.size() - 1), threads);
    }
  }

  /** Runs k at n: from compiling its file to the rendered report, timed, with the run's peak heap. */
  public Row measure(Kernel k, int n, int threads) throws ScanRun.UsageException {
    return measure(k, n, threads, Set.of()).row();
  }

  /** A measured run and its rendered reports (text and JSON), for comparing runs byte for byte. */
  public record Measured(Row row, String text, String json) {}

  public Measured measure(Kernel k, int n, int threads, Set<Check> checks) throws ScanRun.UsageException {
    return measure(k, n, threads, checks, false);
  }

  /** As above, with the timing model ({@code run}'s default) when {@code timing}. */
  public Measured measure(Kernel k, int n, int threads, Set<Check> checks, boolean timing) throws ScanRun.UsageException {
    double javaScan = javaScanSeconds(n, k.inclusive());
    System.gc();
    List<MemoryPoolMXBean> pools = heapPools();
    pools.forEach(MemoryPoolMXBean::resetPeakUsage);
    Timed r = timed(k, n, threads, checks, timing);
    long peak = 0;
    for (MemoryPoolMXBean p : pools) {
      peak += p.getPeakUsage().getUsed();
    }
    ScanRun.Outcome o = r.outcome();
    if (o.fault() != null) {
      throw new ScanRun.UsageException(k.name() + " at n = " + n + " faulted: " + o.fault().getMessage());
    }
    Counters t = CatalogRun.totals(o);
    Row row = new Row(k.name(), n, threads, r.seconds(), t.warpInstructions, t.threadInstructions, peak, javaScan,
        Boolean.TRUE.equals(o.correct()));
    return new Measured(row, r.text(), r.json());
  }

  /** A run timed from compiling its file to the rendered text report, with its outcome and reports. */
  private record Timed(double seconds, ScanRun.Outcome outcome, String text, String json) {}

  private Timed timed(Kernel k, int n, int threads, Set<Check> checks) throws ScanRun.UsageException {
    return timed(k, n, threads, checks, false);
  }

  private Timed timed(Kernel k, int n, int threads, Set<Check> checks, boolean timing) throws ScanRun.UsageException {
    Architecture a = Architectures.preset(arch);
    long start = System.nanoTime();
    Map<String, String> defines = k.definesFor(arch);
    Frontend.Result compiled = Frontend.compileFile(k.file(), new LinkedHashMap<>(defines));
    if (!compiled.ok()) {
      throw new ScanRun.UsageException(k.file() + " does not compile: " + compiled.diagnostics().all());
    }
    org.scansim.pipeline.RunSpec spec = CatalogRun.spec(k, a, checks, timing, 0, threads).withDefines(new TreeMap<>(defines));
    org.scansim.pipeline.SimRun run = org.scansim.pipeline.Runner.simulate(compiled, spec, n, org.scansim.pipeline.Runner.Extras.NONE);
    ScanRun.Outcome o = run.outcome();
    RunReport report = run.report();
    String text = TextReport.render(report);
    double seconds = (System.nanoTime() - start) / 1e9;
    return new Timed(seconds, o, text, JsonReport.render(report));
  }

  /**
   * Two runs of k at n on one thread each, at the same time, timed together from the first start
   * to the last end: what the machine itself gives two independent pieces of this work, the
   * ceiling of any two-thread run. Both runs must be correct.
   */
  public double pairSeconds(Kernel k, int n) throws ScanRun.UsageException {
    System.gc();
    java.util.concurrent.CompletableFuture<Timed> other = new java.util.concurrent.CompletableFuture<>();
    long start = System.nanoTime();
    Thread t = new Thread(() -> {
      try {
        other.complete(timed(k, n, 1, Set.of()));
      } catch (Throwable e) {
        other.completeExceptionally(e);
      }
    }, "scansim-bench-pair");
    t.start();
    Timed mine = timed(k, n, 1, Set.of());
    Timed theirs;
    try {
      theirs = other.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new ScanRun.UsageException("interrupted while timing two runs at once");
    } catch (java.util.concurrent.ExecutionException e) {
      if (e.getCause() instanceof ScanRun.UsageException u) {
        throw u;
      }
      throw new IllegalStateException(e.getCause());
    }
    double seconds = (System.nanoTime() - start) / 1e9;
    for (Timed r : List.of(mine, theirs)) {
      if (!Boolean.TRUE.equals(r.outcome().correct())) {
        String why = r.outcome().fault() != null ? "faulted (" + r.outcome().fault().getMessage() + ")" : "gave a wrong result";
        throw new ScanRun.UsageException(k.name() + " at n = " + n + " " + why + " when two ran at once");
      }
    }
    return seconds;
  }

  private static List<MemoryPoolMXBean> heapPools() {
    return ManagementFactory.getMemoryPoolMXBeans().stream().filter(p -> p.getType() == MemoryType.HEAP).toList();
  }

  /**
   * A plain Java sequential scan of the run's input array (as floats), timed in this process: the
   * best of several batches, each long enough to time, per scan.
   */
  static double javaScanSeconds(int n, boolean inclusive) {
    double[] in = Inputs.values(n);
    float[] x = new float[n];
    for (int i = 0; i < n; i++) {
      x[i] = (float) in[i];
    }
    float[] y = new float[n];
    double best = Double.MAX_VALUE;
    float sink = 0;
    for (int batch = 0; batch < 5; batch++) {
      int reps = 0;
      long t0 = System.nanoTime();
      long elapsed;
      do {
        scan(x, y, inclusive);
        sink += y[n - 1];
        reps++;
        elapsed = System.nanoTime() - t0;
      } while (elapsed < 2_000_000L);
      best = Math.min(best, elapsed / 1e9 / reps);
    }
    if (sink < 0) {
      throw new AssertionError(); // keeps the scans from being optimised away
    }
    return best;
  }

  private static void scan(float[] x, float[] y, boolean inclusive) {
    float acc = 0;
    if (inclusive) {
      for (int i = 0; i < x.length; i++) {
        acc += x[i];
        y[i] = acc;
      }
    } else {
      for (int i = 0; i < x.length; i++) {
        y[i] = acc;
        acc += x[i];
      }
    }
  }

  /** Runs of the 16M-element target; the fastest counts. */
  static final int REPEATS = 3;

  /** Alternating rounds of the targets that compare two runs; the median of the rounds' ratios counts. */
  static final int ROUNDS = 5;

  /**
   * The median of {@code num[i] / den[i]}: each ratio compares two runs made one after the other,
   * so a slow spell of the machine moves both; the median leaves out the rounds a spell split.
   */
  static double medianRatio(double[] num, double[] den) {
    double[] r = new double[num.length];
    for (int i = 0; i < r.length; i++) {
      r[i] = num[i] / den[i];
    }
    java.util.Arrays.sort(r);
    int h = r.length / 2;
    return r.length % 2 == 1 ? r[h] : (r[h - 1] + r[h]) / 2;
  }

  private static double min(double[] x) {
    return java.util.Arrays.stream(x).min().orElse(Double.NaN);
  }

  private static String list(double[] x) {
    StringBuilder s = new StringBuilder();
    for (double v : x) {
      s.append(s.length() == 0 ? "" : ", ").append(String.format(java.util.Locale.ROOT, "%.3f", v));
    }
    return s.toString();
  }

  /**
   * The targets of the speed work (issue 6), each measured here and now ({@link #measuredTargets})
   * but for linear scaling, which {@link #linear} reads off the table's rows: the 16M-element scan,
   * linear in n, two cores, the checkers' cost.
   */
  public List<Target> targets(List<Row> rows, int checkN) throws ScanRun.UsageException {
    return targets(measuredTargets(checkN), rows, threads);
  }

  /** The targets {@link #measuredTargets} gave (here or in another JVM), with linear scaling read off the rows on {@code threads} threads after the first. */
  public static List<Target> targets(List<Target> measured, List<Row> rows, int threads) {
    List<Target> out = new ArrayList<>(measured);
    Target linear = linear(rows, threads);
    if (linear != null) {
      out.add(Math.min(1, out.size()), linear);
    }
    return out;
  }

  /**
   * The targets measured by runs of their own: the 16M-element scan as the best of {@link #REPEATS}
   * runs, the two ratios (two cores, the checkers' cost) as the median of {@link #ROUNDS}
   * alternating rounds.
   */
  public List<Target> measuredTargets(int checkN) throws ScanRun.UsageException {
    List<Target> out = new ArrayList<>();
    Kernel k = kernel(TARGET_KERNEL);
    int big = 1 << 24;
    // The 16M-element runs are repeated and the fastest taken (the largest peak heap): one slow run
    // says more about the machine's other load than about the simulator.
    double[] each24 = new double[REPEATS];
    long heap24 = 0;
    // Each target's runs are warmed up once at their size and thread count first, so that none is
    // timed while the JIT compiler still works (in a JVM of its own, after one warm-up at 2^20,
    // the first 2^24 run took 1.5 s against 1.0 s for the next). The compiler's threads share
    // the two cores with a run on two threads; a run on one leaves them a core.
    measure(k, big, threads);
    for (int i = 0; i < REPEATS; i++) {
      Row r = measure(k, big, threads);
      each24[i] = r.seconds();
      heap24 = Math.max(heap24, r.peakHeapBytes());
    }
    double best24 = min(each24);
    out.add(new Target("16M-element scan", TARGET_KERNEL + " at n = 2^24 in at most 1 s and 2 GB of heap",
        String.format(java.util.Locale.ROOT, "%.3f s (best of %s s), peak heap %.0f MB, %d thread(s)", best24, list(each24),
            heap24 / 1e6, threads), best24 <= 1.0 && heap24 <= 2_000_000_000L));
    // Two cores against one, on the same run, with the reports compared byte for byte. The runs
    // alternate, and each round's ratio compares two runs made one after the other: the median
    // of those ratios is what a spell of the machine's other load moves least.
    int scaleN = 1 << 22;
    double[] one = new double[ROUNDS];
    double[] two = new double[ROUNDS];
    // Each round also times two independent one-thread runs at once: how much work this machine's
    // two cores do together against one in the same spell, which bounds what any two-thread run
    // can reach (on this project's machine, from about 1.0x to 2.3x a round, by spell).
    double[] pair = new double[ROUNDS];
    double[] twoOnes = new double[ROUNDS];
    boolean same = true;
    measure(k, scaleN, 1, Set.of());
    measure(k, scaleN, 2, Set.of());
    pairSeconds(k, scaleN);
    for (int i = 0; i < ROUNDS; i++) {
      Measured a = measure(k, scaleN, 1, Set.of());
      Measured b = measure(k, scaleN, 2, Set.of());
      pair[i] = pairSeconds(k, scaleN);
      one[i] = a.row().seconds();
      two[i] = b.row().seconds();
      twoOnes[i] = 2 * one[i];
      same &= a.text().equals(b.text()) && a.json().equals(b.json());
    }
    double speedup = medianRatio(one, two);
    out.add(new Target("two cores", "2 threads at least 1.7x 1 thread at n = 2^22, byte-identical reports",
        String.format(java.util.Locale.ROOT, "1 thread %s s, 2 threads %s s (%d alternating rounds): median of the rounds' "
            + "ratios %.2fx (fastest against fastest %.2fx); reports %s. The machine's own ceiling: two 1-thread runs "
            + "at once %s s, median of the rounds' throughput against one run %.2fx", list(one), list(two), ROUNDS, speedup,
            min(one) / min(two), same ? "identical" : "DIFFER", list(pair), medianRatio(twoOnes, pair)), speedup >= 1.7 && same));
    // The checkers and the scan proof against the plain run (each warmed up once at the same size,
    // so that neither is timed while the JIT still compiles its paths), in alternating rounds.
    Set<Check> all = Set.of(Check.RACES, Check.BOUNDS, Check.INIT, Check.PROOF);
    measure(k, checkN, threads, Set.of());
    measure(k, checkN, threads, all);
    double[] plain = new double[ROUNDS];
    double[] checked = new double[ROUNDS];
    for (int i = 0; i < ROUNDS; i++) {
      plain[i] = measure(k, checkN, threads, Set.of()).row().seconds();
      checked[i] = measure(k, checkN, threads, all).row().seconds();
    }
    double cost = medianRatio(checked, plain);
    out.add(new Target("checker cost", "races, bounds, init and the scan proof at most 5x the plain run (n = " + checkN + ")",
        String.format(java.util.Locale.ROOT, "plain %s s, checked %s s (%d alternating rounds): median of the rounds' "
            + "ratios %.2fx (fastest against fastest %.2fx)", list(plain), list(checked), ROUNDS, cost,
            min(checked) / min(plain)), cost <= 5.0));
    // The timing model (run's default) against the functional run alone (--no-timing), the same way.
    if (org.scansim.timing.TimingPresets.ofPreset(arch, null).isPresent()) {
      for (int timedN : new int[] {1 << 20, big}) {
        measure(k, timedN, threads, Set.of(), false);
        measure(k, timedN, threads, Set.of(), true);
        double[] functional = new double[ROUNDS];
        double[] timed = new double[ROUNDS];
        for (int i = 0; i < ROUNDS; i++) {
          functional[i] = measure(k, timedN, threads, Set.of(), false).row().seconds();
          timed[i] = measure(k, timedN, threads, Set.of(), true).row().seconds();
        }
        double ratio = medianRatio(timed, functional);
        out.add(new Target("timing cost " + power(timedN), "the run with the timing model at most 2x the run without it (n = " + power(timedN) + ")",
            String.format(java.util.Locale.ROOT, "without %s s, with %s s (%d alternating rounds): median of the rounds' "
                + "ratios %.2fx (fastest against fastest %.2fx)", list(functional), list(timed), ROUNDS, ratio,
                min(timed) / min(functional)), ratio <= 2.0));
      }
    }
    return out;
  }

  /**
   * Linear in n from 2^16: the target kernel's time per element at each size of the table (rows on
   * {@code threads} threads) against the smallest size from 2^16; null with fewer than two such sizes.
   */
  private static Target linear(List<Row> rows, int threads) {
    TreeMap<Integer, Double> perElement = new TreeMap<>();
    for (Row r : rows) {
      if (r.kernel().equals(TARGET_KERNEL) && r.threads() == threads && r.n() >= 1 << 16) {
        perElement.put(r.n(), r.seconds() / r.n());
      }
    }
    if (perElement.size() < 2) {
      return null;
    }
    double base = perElement.firstEntry().getValue();
    double worst = perElement.values().stream().mapToDouble(v -> v / base).max().orElse(1);
    StringBuilder s = new StringBuilder("time per element relative to the smallest size ≥ 2^16:");
    perElement.forEach((n, v) -> s.append(String.format(java.util.Locale.ROOT, " %s %.2f", power(n), v / base)));
    int from = perElement.firstKey();
    int to = perElement.lastKey();
    return new Target("linear in n", "time per element at most 1.25 times that at " + power(from) + ", up to " + power(to), s.toString(),
        worst <= 1.25);
  }

  /** 2^k for a power of two, else the number itself. */
  private static String power(int n) {
    return Integer.bitCount(n) == 1 ? "2^" + Integer.numberOfTrailingZeros(n) : String.valueOf(n);
  }
}
