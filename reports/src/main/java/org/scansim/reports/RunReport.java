package org.scansim.reports;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.scansim.frontend.diag.Span;
import org.scansim.sim.exec.Counters;
import org.scansim.sim.exec.LaunchRecord;
import org.scansim.sim.run.ScanRun;

/** Everything {@code scansim run} reports, in the order the JSON lists it. */
@JsonPropertyOrder({"schemaVersion", "inputs", "entry", "elementType", "correct", "mismatches", "fault", "launches", "totals",
    "sites", "diagnostics", "output"})
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RunReport(
    int schemaVersion,
    Inputs inputs,
    String entry,
    String elementType,
    Boolean correct,
    List<String> mismatches,
    Diagnostic fault,
    List<Launch> launches,
    CounterSet totals,
    List<Site> sites,
    List<Diagnostic> diagnostics,
    String output) {

  public static final int SCHEMA_VERSION = 1;

  @JsonPropertyOrder({"file", "n", "arch", "expect", "defines", "seed"})
  public record Inputs(String file, int n, String arch, String expect, Map<String, String> defines, long seed) {}

  @JsonPropertyOrder({"index", "kernel", "location", "grid", "block", "dynamicSharedBytes", "sharedBytesPerBlock", "counters", "phases"})
  public record Launch(int index, String kernel, String location, List<Integer> grid, List<Integer> block,
      int dynamicSharedBytes, int sharedBytesPerBlock, CounterSet counters, List<CounterSet> phases) {}

  @JsonPropertyOrder({"launch", "kernel", "location", "operation", "array", "counters"})
  public record Site(int launch, String kernel, String location, String operation, String array, CounterSet counters) {}

  @JsonPropertyOrder({"severity", "kind", "location", "message"})
  public record Diagnostic(String severity, String kind, String location, String message) {}

  public static RunReport of(Inputs inputs, ScanRun.Outcome o) {
    List<Launch> launches = new ArrayList<>();
    List<Site> sites = new ArrayList<>();
    List<Diagnostic> diags = new ArrayList<>();
    Counters totals = new Counters();
    for (int i = 0; i < o.launches().size(); i++) {
      LaunchRecord l = o.launches().get(i);
      totals.add(l.counters());
      launches.add(new Launch(i, l.kernel(), where(l.launchSite()), List.of(l.grid()[0], l.grid()[1], l.grid()[2]),
          List.of(l.block()[0], l.block()[1], l.block()[2]), l.dynamicSharedBytes(), l.sharedBytesPerBlock(),
          CounterSet.of(l.counters()), l.phases().stream().map(CounterSet::of).toList()));
      for (LaunchRecord.Site s : l.sites()) {
        sites.add(new Site(i, l.kernel(), where(s.span()), s.operation(), s.array(), CounterSet.of(s.counters())));
      }
      for (String w : l.warnings()) {
        diags.add(new Diagnostic("warning", "barrier", null, w));
      }
    }
    sites.sort(Comparator.comparingInt(Site::launch).thenComparing(Site::location, RunReport::byPosition));
    Diagnostic fault = o.fault() == null ? null
        : new Diagnostic("error", o.fault().kind(), where(o.fault().span()), o.fault().getMessage());
    return new RunReport(SCHEMA_VERSION, inputs, o.entry(), o.elementType(), o.correct(),
        o.mismatches().isEmpty() ? null : o.mismatches(), fault, launches, CounterSet.of(totals), sites, diags,
        o.output().isEmpty() ? null : o.output());
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
