package org.scansim.cli;

import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.scansim.frontend.Frontend;
import org.scansim.sim.run.ScanRun;
import org.scansim.pipeline.RunSpec;

/**
 * {@code scansim run FILE --n N1,N2,...}: the same kernel at several sizes, each timed, one row a
 * size: its time per element and where the time goes. Each share is the least one resource alone
 * needs, as a share of the predicted time: the launches' fixed cost, issuing the instructions on the
 * SMs the blocks occupy, and moving the device-memory traffic at the card's bandwidth. They overlap;
 * what none of them explains is latency the warps do not hide.
 */
final class ScalingView {
  private ScalingView() {}

  /**
   * One size's row: its time and where it goes, and its counts over every launch (warp
   * instructions, shared loads and stores, their bank conflicts and the worst degree, work).
   */
  record Row(long n, String result, int launches, long smCycles, double timeUs, double nsPerElement, double fixedShare,
      double issueShare, double memoryShare, String boundBy, @com.fasterxml.jackson.annotation.JsonIgnore org.scansim.sim.result.Fault.Budget budget,
      @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
      org.scansim.reports.CounterSet counters) {}

  /** What the run was: file, preset, card, defines. */
  record Inputs(String file, String arch, String card, Map<String, String> defines, long seed, int residentBlocks, String timingModel) {}

  /**
   * Runs each size with a fresh timing observer, each with the whole budgets; a size that faults or
   * is refused is a row that says so.
   */
  static List<Row> run(Frontend.Result compiled, RunSpec spec, List<Integer> sizes) {
    List<Row> rows = new ArrayList<>();
    for (int n : sizes) {
      org.scansim.pipeline.SimRun run;
      try {
        run = org.scansim.pipeline.Runner.simulate(compiled, spec, n, org.scansim.pipeline.Runner.Extras.NONE);
      } catch (ScanRun.UsageException e) {
        rows.add(new Row(n, "refused: " + e.getMessage(), 0, 0, 0, 0, 0, 0, 0, "-", null, null));
        continue;
      }
      ScanRun.Outcome o = run.outcome();
      if (o.fault() != null) {
        rows.add(new Row(n, "fault: " + o.fault().getMessage(), 0, 0, 0, 0, 0, 0, 0, "-", o.fault().budget(), null));
        continue;
      }
      org.scansim.catalog.CatalogRun.Timed t = new org.scansim.catalog.CatalogRun.Timed(o, run.launches());
      long cycles = t.cycles();
      long ns = t.nanos();
      double c = Math.max(1, cycles);
      double fixedShare = t.fixedCycles() / c;
      double issueShare = t.issueBoundCycles() / c;
      double memoryShare = t.memoryBoundCycles() / c;
      String bound = fixedShare >= Math.max(issueShare, memoryShare) ? "fixed cost" : issueShare >= memoryShare ? "issue" : "memory";
      if (Math.max(fixedShare, Math.max(issueShare, memoryShare)) < 0.5) {
        bound = "latency";
      }
      String result = o.correct() == null ? "ran" : o.correct() ? "correct" : "WRONG";
      if (t.launches().isEmpty()) {
        bound = "-"; // nothing ran: no time to share out
      }
      org.scansim.reports.CounterSet totals = run.report().totals();
      rows.add(new Row(n, result, t.launches().size(), cycles, ns / 1e3, (double) ns / n, fixedShare, issueShare, memoryShare, bound,
          null, totals.withTiming(null))); // the time is the row's own columns
    }
    return rows;
  }

  static String text(String header, Inputs in, List<Row> rows) {
    StringBuilder s = new StringBuilder(header).append('\n');
    s.append("time per size (timing model: ").append(in.timingModel()).append(")\n");
    s.append(String.format(Locale.ROOT, "%12s  %-8s  %8s  %12s  %11s  %10s  %5s  %5s  %6s  %s%n", "n", "result", "launches", "SM cycles",
        "time us", "ns/element", "fixed", "issue", "memory", "bound by"));
    for (Row r : rows) {
      if (r.launches() == 0) {
        s.append(String.format(Locale.ROOT, "%,12d  %s%s%n", r.n(), r.result(), r.result().equals("WRONG") || r.result().equals("correct")
            || r.result().equals("ran") ? " (no launch)" : ""));
        continue;
      }
      s.append(String.format(Locale.ROOT, "%,12d  %-8s  %8d  %,12d  %,11.2f  %10.3f  %4.0f%%  %4.0f%%  %5.0f%%  %s%n", r.n(), r.result(),
          r.launches(), r.smCycles(), r.timeUs(), r.nsPerElement(), 100 * r.fixedShare(), 100 * r.issueShare(), 100 * r.memoryShare(),
          r.boundBy()));
    }
    if (rows.stream().anyMatch(r -> r.counters() != null)) {
      counts(rows, s);
    }
    s.append("\nfixed: the launches' fixed cost; issue: the least the instructions take to issue on the SMs the blocks occupy;\n")
        .append("memory: the least the device-memory traffic takes at the card's bandwidth; each a share of the time. They overlap;\n")
        .append("a size none of them bounds by half is bound by latency the warps do not hide (docs/timing.md).\n");
    return s.toString();
  }

  /** Per size with counts: warp instructions, shared loads and stores, their bank conflicts, the worst degree, work. */
  private static void counts(List<Row> rows, StringBuilder s) {
    s.append("\nshared memory and work per size (every launch together)\n");
    s.append(String.format(Locale.ROOT, "%12s  %13s  %15s  %17s  %7s  %13s%n", "n", "warp inst", "shared ld/st", "conflicts ld/st",
        "max deg", "work"));
    for (Row r : rows) {
      if (r.counters() == null) {
        continue;
      }
      org.scansim.reports.CounterSet c = r.counters();
      s.append(String.format(Locale.ROOT, "%,12d  %,13d  %15s  %17s  %7d  %,13d%n", r.n(), c.warpInstructions(),
          c.sharedLoadInstructions() + "/" + c.sharedStoreInstructions(), c.sharedLoadBankConflicts() + "/" + c.sharedStoreBankConflicts(),
          c.maxConflictDegree(), c.work()));
    }
  }

  static String json(Inputs in, List<Row> rows) throws com.fasterxml.jackson.core.JsonProcessingException {
    Map<String, Object> doc = new LinkedHashMap<>();
    doc.put("schemaVersion", 1);
    doc.put("kind", "scaling");
    doc.put("inputs", in);
    doc.put("rows", rows);
    return JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build().writeValueAsString(doc) + "\n";
  }
}
