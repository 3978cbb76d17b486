package org.scansim.sweep;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * A sweep's rows at a glance, for a terminal: per architecture, a table of sizes × variants (and
 * kernels) of shared-memory bank conflicts, then one of the timing model's SM cycles. A value of a
 * wrong result is marked {@code *}; a point that did not run shows {@code -} (its row says why).
 */
public final class SweepText {
  private SweepText() {}

  private record Table(String title, Function<Row, Long> value) {}

  private static final List<Table> TABLES = List.of(new Table("shared-memory bank conflicts (loads + stores)", Row::bankConflicts),
      new Table("SM cycles (timing model)", Row::smCycles));

  public static String render(List<Row> rows) {
    StringBuilder s = new StringBuilder();
    boolean kernels = rows.stream().map(Row::kernel).distinct().count() > 1;
    List<String> columns = rows.stream().map(r -> column(r, kernels)).distinct().toList();
    for (Table t : TABLES) {
      if (rows.stream().noneMatch(r -> t.value().apply(r) != null)) {
        continue;
      }
      s.append(s.length() == 0 ? "" : "\n").append(t.title()).append('\n');
      List<List<String>> lines = new ArrayList<>();
      List<String> head = new ArrayList<>(List.of("arch", "n"));
      head.addAll(columns);
      lines.add(head);
      Map<String, Map<String, Row>> byPoint = new LinkedHashMap<>();
      for (Row r : rows) {
        byPoint.computeIfAbsent(r.arch() + "\u0000" + r.n(), k -> new LinkedHashMap<>()).put(column(r, kernels), r);
      }
      byPoint.forEach((key, cells) -> {
        Row any = cells.values().iterator().next();
        List<String> line = new ArrayList<>(List.of(any.arch(), String.format(Locale.ROOT, "%,d", any.n())));
        for (String c : columns) {
          Row r = cells.get(c);
          Long v = r == null || !r.launched() ? null : t.value().apply(r);
          line.add(v == null ? "-" : String.format(Locale.ROOT, "%,d", v) + (Boolean.FALSE.equals(r.correct()) ? "*" : ""));
        }
        lines.add(line);
      });
      int[] width = new int[head.size()];
      for (List<String> l : lines) {
        for (int i = 0; i < l.size(); i++) {
          width[i] = Math.max(width[i], l.get(i).length());
        }
      }
      for (List<String> l : lines) {
        StringBuilder line = new StringBuilder();
        for (int i = 0; i < l.size(); i++) {
          String cell = l.get(i);
          String pad = " ".repeat(width[i] - cell.length());
          line.append(i == 0 ? "" : "  ").append(i == 0 ? cell + pad : pad + cell);
        }
        s.append(line.toString().stripTrailing()).append('\n');
      }
    }
    if (rows.stream().anyMatch(r -> Boolean.FALSE.equals(r.correct()) || !r.launched())) {
      s.append("\n* a wrong result; - no result (the point did not run to its end, or launched no kernel: its row says why)\n");
    }
    return s.toString();
  }

  /** How the points went: "48 points: 44 ran (33 correct, 11 wrong), 4 refused". */
  public static String summary(List<Row> rows) {
    Map<String, Long> by = new java.util.TreeMap<>();
    rows.forEach(r -> by.merge(r.status(), 1L, Long::sum));
    // A point whose host code launched no kernel is shown as '-' (no counters), not '*': said apart
    // here too, whatever its output, so that the parts add up to the points that ran.
    long correct = rows.stream().filter(r -> Boolean.TRUE.equals(r.correct()) && r.launched()).count();
    long wrong = rows.stream().filter(r -> Boolean.FALSE.equals(r.correct()) && r.launched()).count();
    long noKernel = rows.stream().filter(r -> Row.RAN.equals(r.status()) && !r.launched()).count();
    long unchecked = rows.stream().filter(r -> r.launched() && r.correct() == null).count();
    long findings = rows.stream().filter(r -> r.findings() != null && r.findings() > 0).count();
    StringBuilder s = new StringBuilder(rows.size() + (rows.size() == 1 ? " point" : " points"));
    String sep = ": ";
    for (Map.Entry<String, Long> e : by.entrySet()) {
      s.append(sep).append(e.getValue()).append(' ').append(e.getKey());
      if (e.getKey().equals(Row.RAN)) {
        List<String> parts = new ArrayList<>();
        if (correct + wrong > 0) {
          parts.add(correct + " correct");
          parts.add(wrong + " wrong");
        }
        if (unchecked > 0 && correct + wrong > 0) {
          parts.add(unchecked + " not checked");
        }
        if (noKernel > 0) {
          parts.add(noKernel + " launched no kernel");
        }
        if (findings > 0) {
          parts.add(findings + " with findings");
        }
        s.append(parts.isEmpty() ? "" : " (" + String.join(", ", parts) + ")");
      }
      sep = ", ";
    }
    return s.toString();
  }

  private static String column(Row r, boolean kernels) {
    return kernels ? r.kernel() + " " + r.variant() : r.variant();
  }
}
