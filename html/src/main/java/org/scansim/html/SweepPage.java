package org.scansim.html;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import org.scansim.sweep.Row;

/**
 * A sweep's page: per architecture, bank conflicts, wavefronts, SM cycles and time against n, one
 * line per kernel variant, on log axes; the best variant at each size; and the points that did
 * not run or gave a wrong result. Every text from the spec or a kernel is escaped by the template.
 */
public final class SweepPage {
  private SweepPage() {}

  /** What one chart shows: its title, its axis label and the value of a row (null: not shown). */
  private record Metric(String key, String title, String axis, Function<Row, Double> value) {}

  private static final List<Metric> METRICS = List.of(
      new Metric("conflicts", "Shared-memory bank conflicts", "conflicts (loads + stores)", r -> d(r.bankConflicts())),
      new Metric("wavefronts", "Shared-memory wavefronts", "wavefronts (loads + stores)", r -> d(r.wavefronts())),
      new Metric("cycles", "SM cycles (timing model)", "SM cycles", r -> d(r.smCycles())),
      new Metric("time", "Time (timing model)", "time (µs)", r -> r.timeNs() == null ? null : r.timeNs() / 1e3));

  private static Double d(Long v) {
    return v == null ? null : v.doubleValue();
  }

  /** The page of {@code rows}, titled by the spec's name. */
  public static String render(String spec, List<Row> rows) {
    Map<String, Object> page = new LinkedHashMap<>();
    page.put("title", "scansim sweep " + spec);
    page.put("summary", org.scansim.sweep.SweepText.summary(rows));
    page.put("fingerprint", rows.isEmpty() ? "" : rows.get(0).sweep());
    boolean kernels = rows.stream().map(Row::kernel).distinct().count() > 1;
    List<Map<String, Object>> archs = new ArrayList<>();
    int chart = 0;
    for (String arch : rows.stream().map(Row::arch).distinct().toList()) {
      List<Row> mine = rows.stream().filter(r -> r.arch().equals(arch)).toList();
      List<Map<String, Object>> charts = new ArrayList<>();
      for (Metric m : METRICS) {
        List<Charts.Series> series = new ArrayList<>();
        Map<String, Map<Integer, Double>> byLine = new LinkedHashMap<>();
        Map<String, java.util.Set<Integer>> wrong = new LinkedHashMap<>();
        for (Row r : mine) {
          Double v = r.launched() ? m.value().apply(r) : null;
          if (v != null) {
            byLine.computeIfAbsent(line(r, kernels), k -> new TreeMap<>()).put(r.n(), v);
            if (Boolean.FALSE.equals(r.correct())) {
              wrong.computeIfAbsent(line(r, kernels), k -> new java.util.TreeSet<>()).add(r.n());
            }
          }
        }
        byLine.forEach((name, points) -> series.add(new Charts.Series(name, points, wrong.getOrDefault(name, java.util.Set.of()))));
        if (!series.isEmpty()) {
          String id = "chart" + chart++;
          charts.add(Map.of("svg", Charts.againstN(id, m.title() + " on " + arch, m.axis(), series), "caption",
              m.title() + " against n on " + arch + ", one line per " + (kernels ? "kernel and variant" : "variant")
                  + "; log axes (0 at the origin); a hollow marker is a wrong result." + Charts.coinciding(series),
              "metric", m.key()));
        }
      }
      Map<String, Object> a = new LinkedHashMap<>();
      a.put("arch", arch);
      a.put("charts", charts);
      a.put("best", best(mine, kernels));
      archs.add(a);
    }
    page.put("archs", archs);
    List<Map<String, Object>> bad = new ArrayList<>();
    for (Row r : rows) {
      if (!r.launched() || Boolean.FALSE.equals(r.correct())) {
        bad.add(Map.of("kernel", r.kernel(), "variant", r.variant(), "arch", r.arch(), "n", r.n(), "status",
            !Row.RAN.equals(r.status()) ? r.status() : !r.launched() ? "launched no kernel" : "wrong result", "error",
            r.error() == null ? "" : r.error()));
      }
    }
    page.put("bad", bad);
    page.put("hasBad", !bad.isEmpty());
    page.put("charts", chart);
    return Templates.render("sweep.mustache", page);
  }

  private static String line(Row r, boolean kernels) {
    return kernels ? r.kernel() + " · " + r.variant() : r.variant();
  }

  /**
   * Per size, the variants with the fewest conflicts, the fewest cycles and the shortest time
   * among the points that ran and were not wrong (ties all named).
   */
  private static List<Map<String, Object>> best(List<Row> rows, boolean kernels) {
    Map<Integer, List<Row>> byN = new TreeMap<>();
    for (Row r : rows) {
      if (r.launched() && !Boolean.FALSE.equals(r.correct())) {
        byN.computeIfAbsent(r.n(), k -> new ArrayList<>()).add(r);
      }
    }
    List<Map<String, Object>> out = new ArrayList<>();
    byN.forEach((n, rs) -> out.add(Map.of("n", String.format(Locale.ROOT, "%,d", n), "conflicts", least(rs, Row::bankConflicts, kernels),
        "cycles", least(rs, Row::smCycles, kernels), "time", least(rs, Row::timeNs, kernels))));
    return out;
  }

  /** The variants (a list: a name may hold a comma) with the least value, and the value. */
  private static Map<String, Object> least(List<Row> rows, Function<Row, Long> value, boolean kernels) {
    Long min = rows.stream().map(value).filter(java.util.Objects::nonNull).min(Long::compare).orElse(null);
    if (min == null) {
      return Map.of("names", List.of(), "value", "–");
    }
    List<String> names = rows.stream().filter(r -> min.equals(value.apply(r))).map(r -> line(r, kernels)).toList();
    return Map.of("names", names, "value", String.format(Locale.ROOT, "%,d", min));
  }
}
