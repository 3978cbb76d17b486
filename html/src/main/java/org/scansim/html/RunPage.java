package org.scansim.html;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.scansim.reports.BankHeat;
import org.scansim.reports.CounterSet;
import org.scansim.reports.RunReport;

/**
 * A run's page: per shared-memory site, a heat map of the words each bank served in each barrier
 * phase and the site's conflict-degree histogram; the run's histogram; per timed launch, its
 * cycles per barrier phase with what bank conflicts add; the scan circuit where the run drew one;
 * and the tables of the text report, whose text closes the page. Every text of the kernel (names,
 * {@code printf} output, findings) is escaped by the template.
 */
public final class RunPage {
  private RunPage() {}

  /**
   * The most sites a page draws (each a heat map and a histogram), those with the most bank
   * conflicts first; the table lists them all. A page of the catalog at 2^16 stays under 1 MB.
   */
  static final int MAX_SITES = 12;

  /** Barrier phases a heat map shows as rows; its last row sums the later ones. */
  static final int MAX_HEAT_ROWS = 24;

  /** The launches whose cycles per phase a page draws; the table lists them all. */
  static final int MAX_LAUNCH_CHARTS = 8;

  /** Barrier phases a chart shows apart; the last bar sums the rest. */
  static final int MAX_PHASES = 24;

  /**
   * What the page shows beside the report: the text report, the banks' heat (or null), the
   * circuit's SVG (or null), why there is no circuit (or null), and the circuit's work (its ⊕
   * whose results reach an output; -1 without a circuit).
   */
  public record Extras(String text, List<BankHeat.Launch> heat, int banks, String circuitSvg, String noCircuit, long circuitWork) {
    /** Without a circuit's work (-1). */
    public Extras(String text, List<BankHeat.Launch> heat, int banks, String circuitSvg, String noCircuit) {
      this(text, heat, banks, circuitSvg, noCircuit, -1);
    }
  }

  public static String render(RunReport r, Extras x) {
    Map<String, Object> page = new LinkedHashMap<>();
    String title = x.text().lines().findFirst().orElse("scansim run");
    page.put("title", title);
    page.put("result", x.text().lines().skip(1).findFirst().orElse(""));
    int[] chart = {0};
    List<Map<String, Object>> launches = new ArrayList<>();
    for (RunReport.Launch l : r.launches()) {
      CounterSet c = l.counters();
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("index", l.index());
      m.put("kernel", l.kernel());
      m.put("grid", dims(l.grid()));
      m.put("block", dims(l.block()));
      m.put("warpInstructions", n(c.warpInstructions()));
      m.put("barriers", n(c.barriers()));
      m.put("wavefronts", n(c.sharedLoadWavefronts()) + " / " + n(c.sharedStoreWavefronts()));
      m.put("conflicts", n(c.sharedLoadBankConflicts()) + " / " + n(c.sharedStoreBankConflicts()));
      m.put("cycles", l.timing() == null ? "–" : n(l.timing().smCycles()));
      if (l.index() < MAX_LAUNCH_CHARTS && l.timing() != null && l.timing().phaseCycles() != null && !l.timing().phaseCycles().isEmpty()) {
        Map<String, Map<String, Long>> bars = new LinkedHashMap<>();
        Map<String, Long> rest = new LinkedHashMap<>();
        Map<String, Long> conflicts = new LinkedHashMap<>();
        List<Long> pc = l.timing().phaseCycles();
        List<Long> cc = l.timing().phaseConflictCycles();
        for (int p = 0; p < pc.size(); p++) {
          long k = cc == null || p >= cc.size() ? 0 : cc.get(p);
          String bar = p < MAX_PHASES - 1 ? String.valueOf(p) : (MAX_PHASES - 1) + "+"; // the rest summed in one bar
          rest.merge(bar, pc.get(p) - k, Long::sum);
          conflicts.merge(bar, k, Long::sum);
        }
        bars.put("without bank conflicts", rest);
        bars.put("added by bank conflicts", conflicts);
        m.put("phases", Charts.bars("chart" + chart[0]++, "Launch " + l.index() + " (" + l.kernel() + "): cycles per barrier phase",
            "barrier phase of the slowest block", "SM cycles", bars, Charts.WIDTH, Charts.HEIGHT));
      }
      launches.add(m);
    }
    if (r.faultedLaunch() != null) {
      RunReport.FaultedLaunch f = r.faultedLaunch();
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("index", f.index());
      m.put("kernel", f.kernel() + " (faulted)");
      m.put("grid", dims(f.grid()));
      m.put("block", dims(f.block()));
      for (String k : List.of("warpInstructions", "barriers", "wavefronts", "conflicts", "cycles")) {
        m.put(k, "–");
      }
      launches.add(m);
    }
    page.put("launches", launches);
    page.put("moreLaunches", r.launches().size() > MAX_LAUNCH_CHARTS ? "The cycles per phase are drawn for the first " + MAX_LAUNCH_CHARTS
        + " of " + r.launches().size() + " launches." : "");
    List<Long> histogram = r.totals().conflictDegreeHistogram();
    if (histogram != null && !histogram.isEmpty()) {
      page.put("histogram", Charts.bars("chart" + chart[0]++, "Conflict degree of shared requests", "degree (wavefronts a request took)",
          "requests", Map.of("requests", degrees(histogram)), Charts.WIDTH, Charts.HEIGHT));
    }
    List<Map<String, Object>> sites = new ArrayList<>();
    // The drawn sites by place: a load and a store of one source position side by side, under its source line.
    Map<String, Map<String, Object>> groups = new LinkedHashMap<>();
    // Which sites are drawn: the most conflicted first, in the table's order among equals.
    java.util.Set<RunReport.Site> toDraw = new java.util.HashSet<>(r.sites().stream()
        .filter(s -> s.counters().sharedLoadInstructions() + s.counters().sharedStoreInstructions() > 0 && heat(x.heat(), s) != null)
        .sorted(java.util.Comparator.comparingLong((RunReport.Site s) -> -(s.counters().sharedLoadBankConflicts()
            + s.counters().sharedStoreBankConflicts())))
        .limit(MAX_SITES).toList());
    for (RunReport.Site s : r.sites()) {
      CounterSet c = s.counters();
      if (c.sharedLoadInstructions() + c.sharedStoreInstructions() == 0) {
        continue;
      }
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("launch", s.launch());
      m.put("location", s.location());
      m.put("operation", s.operation());
      m.put("array", s.array() == null ? "" : s.array());
      m.put("instructions", n(c.sharedLoadInstructions() + c.sharedStoreInstructions()));
      m.put("wavefronts", n(c.sharedLoadWavefronts() + c.sharedStoreWavefronts()));
      m.put("conflicts", n(c.sharedLoadBankConflicts() + c.sharedStoreBankConflicts()));
      m.put("maxDegree", c.maxConflictDegree());
      long[][] whole = heat(x.heat(), s);
      long[][] heat = fold(whole);
      if (toDraw.contains(s)) {
        String at = lineAndColumn(s.location());
        String what = s.operation().equals("ld") ? "load" : s.operation().equals("st") ? "store" : s.operation();
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("what", what);
        d.put("heat", Charts.heatMap("chart" + chart[0]++, at + " " + what + (s.array() == null ? "" : " " + s.array()),
            "bank", whole.length > MAX_HEAT_ROWS ? "barrier phase (the last row: " + (MAX_HEAT_ROWS - 1) + " and later)" : "barrier phase", heat,
            Charts.WIDTH, Math.min(560, 160 + 22 * heat.length)));
        if (c.conflictDegreeHistogram() != null && !c.conflictDegreeHistogram().isEmpty()) {
          d.put("degrees", Charts.bars("chart" + chart[0]++, "Conflict degree of the " + what + "s at " + at, "degree", "requests",
              Map.of("requests", degrees(c.conflictDegreeHistogram())), 360, Charts.HEIGHT));
        }
        Map<String, Object> g = groups.computeIfAbsent(s.launch() + " " + s.location(), k -> {
          Map<String, Object> n = new LinkedHashMap<>();
          n.put("location", s.location());
          n.put("launch", s.launch());
          n.put("array", s.array() == null ? "" : s.array());
          n.put("source", s.source() == null ? "" : s.source().strip());
          n.put("drawn", new ArrayList<Map<String, Object>>());
          return n;
        });
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> members = (List<Map<String, Object>>) g.get("drawn");
        members.add(d);
      }
      sites.add(m);
    }
    page.put("sites", sites);
    page.put("siteGroups", new ArrayList<>(groups.values()));
    page.put("hasSites", !sites.isEmpty());
    page.put("banks", x.banks());
    page.put("moreSites", toDraw.size() < sites.size() ? "The " + toDraw.size() + " of " + sites.size() + " shared-memory sites with the most bank"
        + " conflicts are drawn; the table lists them all." : "");
    List<Map<String, Object>> findings = new ArrayList<>();
    if (r.findings() != null) {
      for (RunReport.FindingRecord f : r.findings()) {
        findings.add(Map.of("kind", f.kind() + (f.hazard() == null ? "" : " (" + f.hazard() + ")"), "location",
            f.location() == null ? "" : f.location(), "source", f.source() == null ? "" : f.source().strip(), "message", f.message(),
            "count", f.count() > 1 ? n(f.count()) + " times" : "once"));
      }
    }
    page.put("findings", findings);
    page.put("hasFindings", !findings.isEmpty());
    if (x.circuitSvg() != null) {
      int at = x.circuitSvg().indexOf("<svg");
      page.put("circuit", at < 0 ? "" : x.circuitSvg().substring(at));
      // Two works on one page: the proof's counts every ⊕ the run did, the circuit only those an output depends on.
      long proofWork = r.proof() == null ? -1 : r.proof().work();
      page.put("circuitWork", x.circuitWork() < 0 ? "" : proofWork > x.circuitWork()
          ? "It draws the " + n(x.circuitWork()) + " ⊕ whose results reach an output; the scan proof's work, " + n(proofWork)
              + ", counts every ⊕ the run did, " + n(proofWork - x.circuitWork()) + " of them with results no output uses"
              + " (overwritten, or outside the n outputs)."
          : "Its work, " + n(x.circuitWork()) + " ⊕, is the scan proof's: every ⊕ the run did reaches an output.");
    }
    page.put("noCircuit", x.noCircuit() == null ? "" : x.noCircuit());
    page.put("text", x.text());
    page.put("charts", chart[0]);
    return Templates.render("run.mustache", page);
  }

  /** "38:13" of "kernels/harris/blelloch.cu:38:13": a chart's title fits its width. */
  private static String lineAndColumn(String location) {
    String[] p = location.split(":");
    return p.length < 3 ? location : p[p.length - 2] + ":" + p[p.length - 1];
  }

  /** The site's phase × bank table, or null when no request of it was heard. */
  private static long[][] heat(List<BankHeat.Launch> heat, RunReport.Site s) {
    if (heat == null || s.launch() >= heat.size()) {
      return null;
    }
    return heat.get(s.launch()).sites().get(BankHeat.key(s.location(), s.operation()));
  }

  /** A heat map's rows, at most {@link #MAX_HEAT_ROWS}: the last sums the later phases (null stays null). */
  static long[][] fold(long[][] rows) {
    if (rows == null || rows.length <= MAX_HEAT_ROWS) {
      return rows;
    }
    long[][] out = java.util.Arrays.copyOf(rows, MAX_HEAT_ROWS);
    out[MAX_HEAT_ROWS - 1] = rows[MAX_HEAT_ROWS - 1].clone();
    for (int p = MAX_HEAT_ROWS; p < rows.length; p++) {
      for (int b = 0; b < rows[p].length; b++) {
        out[MAX_HEAT_ROWS - 1][b] += rows[p][b];
      }
    }
    return out;
  }

  /** A histogram's bins by degree, 1 first. */
  private static Map<String, Long> degrees(List<Long> histogram) {
    Map<String, Long> out = new LinkedHashMap<>();
    for (int d = 0; d < histogram.size(); d++) {
      out.put(String.valueOf(d + 1), histogram.get(d));
    }
    return out;
  }

  private static String dims(List<? extends Number> d) {
    return d.get(0) + "×" + d.get(1) + "×" + d.get(2);
  }

  private static String n(long v) {
    return String.format(Locale.ROOT, "%,d", v);
  }
}
