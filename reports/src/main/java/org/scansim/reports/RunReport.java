package org.scansim.reports;

import org.scansim.sim.result.Counters;
import org.scansim.sim.result.LaunchRecord;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.scansim.frontend.diag.Span;
import org.scansim.sim.check.Check;
import org.scansim.sim.check.Finding;
import org.scansim.sim.check.ScanProof;
import org.scansim.sim.run.ScanRun;

/**
 * Everything {@code scansim run} reports, in the order the JSON lists it, on the simulated GPU
 * ({@link #of}) or on a card ({@link #onCard}: {@code card} names it, each launch has its
 * {@code cardTime} and no counters, and there are no totals or sites).
 */
@JsonPropertyOrder({"schemaVersion", "inputs", "card", "entry", "elementType", "correct", "mismatches", "exitStatus", "fault", "checks", "findings",
    "proof", "scheduleDifferences", "launches", "faultedLaunch", "totals", "sites", "diagnostics", "output"})
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RunReport(
    int schemaVersion,
    Inputs inputs,
    Card card,
    String entry,
    String elementType,
    Boolean correct,
    List<String> mismatches,
    Integer exitStatus,
    Diagnostic fault,
    List<String> checks,
    List<FindingRecord> findings,
    Proof proof,
    List<String> scheduleDifferences,
    List<Launch> launches,
    FaultedLaunch faultedLaunch,
    CounterSet totals,
    List<Site> sites,
    List<Diagnostic> diagnostics,
    String output) {

  public static final int SCHEMA_VERSION = 1;

  /**
   * What the run was asked: {@code op} is the scan operator of {@code --op} other than the sum
   * ("max", "xor", ...), null for the sum (and then absent from the JSON). A whole program's run
   * has its {@code args} (argv, the program's name first) and no {@code n}; an entry's the reverse.
   */
  @JsonPropertyOrder({"file", "n", "args", "arch", "expect", "op", "defines", "seed"})
  public record Inputs(String file,
      @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL) Integer n,
      String arch, String expect,
      @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL) String op,
      Map<String, String> defines, long seed,
      @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL) List<String> args) {
    /** The inputs of a scan of n elements. */
    public Inputs(String file, int n, String arch, String expect, String op, Map<String, String> defines, long seed) {
      this(file, n, arch, expect, op, defines, seed, null);
    }

    /** The inputs of a sum scan. */
    public Inputs(String file, int n, String arch, String expect, Map<String, String> defines, long seed) {
      this(file, n, arch, expect, null, defines, seed, null);
    }

    /**
     * The inputs of a whole program's run: its translation units (the first is {@code file}, the
     * others follow it in the text report's command line) and its argv, the program's name first.
     */
    public static Inputs program(List<String> files, List<String> args, String arch, Map<String, String> defines, long seed) {
      return new Inputs(String.join(" ", files), null, arch, null, null, defines, seed, List.copyOf(args));
    }

    /** The scan checked, as the report words it: "inclusive", or "inclusive max" for another operator. */
    public String scan() {
      return op == null ? expect : expect + " " + op;
    }
  }

  /**
   * The card a run on real hardware used: its name, compute capability ({@code sm_90}), driver
   * version ({@code 12.8}) and how many times the host entry ran ({@code run --repeat}).
   */
  @JsonPropertyOrder({"name", "arch", "driver", "runs"})
  public record Card(String name, String arch, String driver, int runs) {}

  /**
   * A launch on a card, timed with CUDA events: the median of every run's time, the fastest and
   * slowest, and each run's in run order (milliseconds).
   */
  @JsonPropertyOrder({"medianMillis", "fastestMillis", "slowestMillis", "millisPerRun"})
  public record CardTime(double medianMillis, double fastestMillis, double slowestMillis, List<Double> millisPerRun) {
    /** The time of launch of each run given. */
    public static CardTime of(List<Double> millisPerRun) {
      double[] ms = millisPerRun.stream().mapToDouble(Double::doubleValue).sorted().toArray();
      int m = ms.length / 2;
      double median = ms.length % 2 == 1 ? ms[m] : (ms[m - 1] + ms[m]) / 2;
      return new CardTime(median, ms[0], ms[ms.length - 1], List.copyOf(millisPerRun));
    }
  }

  /**
   * One launch: on the simulated GPU with its shared memory per block, counters, timing (when
   * timed) and barrier phases; on a card with its {@code cardTime} only.
   */
  @JsonPropertyOrder({"index", "kernel", "location", "grid", "block", "dynamicSharedBytes", "sharedBytesPerBlock", "counters", "timing", "phases",
      "cardTime"})
  public record Launch(int index, String kernel, String location, List<Integer> grid, List<Integer> block,
      int dynamicSharedBytes,
      @JsonInclude(JsonInclude.Include.NON_NULL) Integer sharedBytesPerBlock,
      @JsonInclude(JsonInclude.Include.NON_NULL) CounterSet counters,
      @JsonInclude(JsonInclude.Include.NON_NULL) CounterSet.Timing timing,
      @JsonInclude(JsonInclude.Include.NON_NULL) List<CounterSet> phases,
      @JsonInclude(JsonInclude.Include.NON_NULL) CardTime cardTime) {
    /** A launch on a card: where it was made, its shape and its time. */
    public static Launch onCard(int index, String kernel, String location, List<Integer> grid, List<Integer> block, int dynamicSharedBytes,
        CardTime time) {
      return new Launch(index, kernel, location, grid, block, dynamicSharedBytes, null, null, null, null, time);
    }
  }

  /** The launch a fault stopped: numbered after the completed ones, with no counters (see {@link LaunchRecord.Faulted}). */
  @JsonPropertyOrder({"index", "kernel", "location", "grid", "block", "dynamicSharedBytes"})
  public record FaultedLaunch(int index, String kernel, String location, List<Long> grid, List<Long> block, long dynamicSharedBytes) {
    static FaultedLaunch of(LaunchRecord.Faulted f) {
      return f == null ? null : new FaultedLaunch(f.index(), f.kernel(), where(f.launchSite()), f.grid(), f.block(),
          f.dynamicSharedBytes());
    }
  }

  /**
   * A shared-memory site of a launch: where, load or store, the array, its counters; {@code
   * source} is its source line, for pages (not in the JSON, which names the location).
   */
  @JsonPropertyOrder({"launch", "kernel", "location", "operation", "array", "counters"})
  public record Site(int launch, String kernel, String location, String operation, String array, CounterSet counters,
      @com.fasterxml.jackson.annotation.JsonIgnore String source) {}

  /**
   * An error, warning or note of a run; {@code source} is the source line at its location, for the
   * text report's caret (not in the JSON, which names the location).
   */
  @JsonPropertyOrder({"severity", "kind", "location", "message"})
  public record Diagnostic(String severity, String kind, String location, String message,
      @com.fasterxml.jackson.annotation.JsonIgnore String source) {
    public Diagnostic(String severity, String kind, String location, String message) {
      this(severity, kind, location, message, null);
    }

    /** The error a fault makes, or null for none. */
    public static Diagnostic of(org.scansim.sim.result.Fault f) {
      return f == null ? null : new Diagnostic("error", f.kind().spelling(), where(f.span()), f.getMessage(), line(f.span()));
    }

    /** The column of {@link #location} (1-based), for a caret; 0 when there is none. */
    int column() {
      return FindingRecord.col(location);
    }
  }

  /**
   * One checker finding: kind (and hazard), where (and the second access of a pair) with the
   * source line, the array and an example index, the threads and blocks of the first
   * occurrence, how often it happened, and the explanation.
   */
  @JsonPropertyOrder({"kind", "hazard", "location", "source", "secondLocation", "secondSource", "array", "index", "threads",
      "blocks", "count", "message"})
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record FindingRecord(String kind, String hazard, String location, String source, String secondLocation,
      String secondSource, String array, String index, String threads, String blocks, long count, String message) {
    static FindingRecord of(Finding f) {
      return new FindingRecord(f.kind().spelling(), f.hazard(), where(f.first()), line(f.first()), where(f.second()), line(f.second()),
          f.array(), f.index(), f.threads(), f.blocks(), f.count(), f.message());
    }

    /** The column of {@link #location} (1-based), for a caret; 0 when there is none. */
    int column() {
      return col(location);
    }

    int secondColumn() {
      return col(secondLocation);
    }

    static int col(String loc) {
      if (loc == null) {
        return 0;
      }
      String[] p = loc.split(":");
      try {
        return Integer.parseInt(p[p.length - 1]);
      } catch (NumberFormatException e) {
        return 0; // a location without a column: no caret
      }
    }
  }

  /** What the scan proof established (see {@link ScanProof}). */
  @JsonPropertyOrder({"proved", "scan", "wrongOutputs", "failures", "commutativeOnly", "reversedExample", "work", "depth",
      "maxFanOut", "maxFanOutValue", "maxFanOutPerLevel", "maxFanOutPerPhase"})
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Proof(boolean proved, String scan, long wrongOutputs, List<String> failures, boolean commutativeOnly,
      String reversedExample, long work, int depth, int maxFanOut, String maxFanOutValue, int maxFanOutPerLevel,
      int maxFanOutPerPhase) {
    static Proof of(ScanProof p) {
      return new Proof(p.proved(), p.scan(), p.wrongOutputs(), p.failures().isEmpty() ? null : p.failures(), p.commutativeOnly(),
          p.reversedExample(), p.work(), p.depth(), p.maxFanOut(), p.maxFanOutValue(), p.maxFanOutPerLevel(), p.maxFanOutPerPhase());
    }
  }

  private static String line(Span s) {
    return s == null || s.file() == null || s.line() < 1 || s.line() > s.file().lineCount() ? null : s.file().line(s.line());
  }

  public static RunReport of(Inputs inputs, ScanRun.Outcome o) {
    return of(inputs, o, List.of());
  }

  /** The report of a run with the given checkers (empty: none asked for, and no findings section). */
  public static RunReport of(Inputs inputs, ScanRun.Outcome o, java.util.Collection<Check> checks) {
    return of(inputs, o, checks, null, null, null);
  }

  /**
   * As above, with the timing model's prediction for each completed launch ({@code timings}, in
   * launch order; null when not timed) and the model's description for the total; {@code
   * timingNote}, when not null, says why the run has no cycles (a note among the diagnostics).
   */
  public static RunReport of(Inputs inputs, ScanRun.Outcome o, java.util.Collection<Check> checks, List<CounterSet.Timing> timings,
      String model, String timingNote) {
    List<Launch> launches = new ArrayList<>();
    List<Site> sites = new ArrayList<>();
    List<Diagnostic> diags = new ArrayList<>();
    Counters totals = new Counters();
    for (int i = 0; i < o.launches().size(); i++) {
      LaunchRecord l = o.launches().get(i);
      totals.add(l.counters());
      launches.add(new Launch(i, l.kernel(), where(l.launchSite()), List.of(l.grid()[0], l.grid()[1], l.grid()[2]),
          List.of(l.block()[0], l.block()[1], l.block()[2]), l.dynamicSharedBytes(), l.sharedBytesPerBlock(),
          CounterSet.of(l.counters()), timings != null && i < timings.size() ? timings.get(i) : null,
          l.phases().stream().map(CounterSet::of).toList(), null));
      for (LaunchRecord.Site s : l.sites()) {
        sites.add(new Site(i, l.kernel(), where(s.span()), s.operation(), s.array(), CounterSet.of(s.counters()), line(s.span())));
      }
      for (String w : l.warnings()) {
        diags.add(new Diagnostic("warning", "barrier", null, w));
      }
    }
    if (timingNote != null) {
      diags.add(new Diagnostic("note", "timing", null, timingNote));
    }
    for (String n : o.notes()) {
      diags.add(new Diagnostic("note", "host", null, n));
    }
    sites.sort(Comparator.comparingInt(Site::launch).thenComparing(Site::location, RunReport::byPosition));
    Diagnostic fault = Diagnostic.of(o.fault());
    boolean checking = !checks.isEmpty() || !o.scheduleDifferences().isEmpty() || !o.findings().isEmpty();
    List<String> names = checks.stream().sorted().map(Check::spelling).toList();
    return new RunReport(SCHEMA_VERSION, inputs, null, o.entry(), o.elementType(), o.correct(),
        o.mismatches().isEmpty() ? null : o.mismatches(), o.exitStatus(), fault, checking ? names : null,
        checking ? o.findings().stream().map(FindingRecord::of).toList() : null, o.proof() == null ? null : Proof.of(o.proof()),
        o.scheduleDifferences().isEmpty() ? null : o.scheduleDifferences(), launches,
        o.fault() == null ? null : FaultedLaunch.of(o.fault().launch()),
        total(totals, timings == null ? null : timings.subList(0, Math.min(timings.size(), o.launches().size())), model), sites, diags,
        o.output().isEmpty() ? null : o.output());
  }

  /**
   * The report of a run on {@code card}: the launches of its first run, each with its time over
   * every run; the result checked as the simulated GPU's is; the host code's output; no counters.
   * {@code fault}: its kind's spelling, where, and its message, or null.
   */
  public static RunReport onCard(Inputs inputs, Card card, String entry, String elementType, Boolean correct, List<String> mismatches,
      Diagnostic fault, List<Launch> launches, String output) {
    return new RunReport(SCHEMA_VERSION, inputs, card, entry, elementType, correct, mismatches == null || mismatches.isEmpty() ? null
        : List.copyOf(mismatches), null, fault, null, null, null, null, List.copyOf(launches), null, null, null, List.of(),
        output == null || output.isEmpty() ? null : output);
  }

  private static CounterSet total(Counters totals, List<CounterSet.Timing> timings, String model) {
    CounterSet c = CounterSet.of(totals);
    if (timings == null) {
      return c;
    }
    long cycles = 0;
    long ns = 0;
    long fixed = 0;
    long conflicts = 0;
    for (CounterSet.Timing t : timings) {
      cycles += t.smCycles();
      ns += t.durationNs();
      fixed += t.fixedCycles() == null ? 0 : t.fixedCycles();
      conflicts += t.conflictCycles() == null ? 0 : t.conflictCycles();
    }
    return c.withTiming(new CounterSet.Timing(cycles, ns, fixed, conflicts, null, null, null, model, null, null, null, null, null));
  }

  static String where(Span s) {
    return s == null ? null : s.position();
  }

  /** file:line:col compared numerically, so 9:5 sorts before 10:1. */
  static int byPosition(String a, String b) {
    String[] x = a.split(":");
    String[] y = b.split(":");
    int n = Math.min(x.length, y.length);
    if (n < 3) {
      return a.compareTo(b);
    }
    int c = String.join(":", java.util.Arrays.copyOf(x, x.length - 2)).compareTo(String.join(":", java.util.Arrays.copyOf(y, y.length - 2)));
    if (c != 0) {
      return c;
    }
    c = Integer.compare(Integer.parseInt(x[x.length - 2]), Integer.parseInt(y[y.length - 2]));
    return c != 0 ? c : Integer.compare(Integer.parseInt(x[x.length - 1]), Integer.parseInt(y[y.length - 1]));
  }
}
