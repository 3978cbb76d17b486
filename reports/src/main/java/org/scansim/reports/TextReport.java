package org.scansim.reports;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.scansim.sim.result.Kind;

/** The readable report: result, a table per launch, the worst shared-memory sites, the degree histogram. */
public final class TextReport {
  private TextReport() {}

  /** The findings section: each finding with its source line and a caret, the proof, schedule differences. */
  static void checks(RunReport r, StringBuilder out) {
    // Without --check, findings come from --schedules alone (the outputs of other warp orders).
    String label = !r.checks().isEmpty() ? String.join(", ", r.checks())
        : r.findings().stream().anyMatch(f -> f.kind().equals(Kind.SCHEDULE_DIFFERENCE.spelling())) ? "schedules" : "none";
    out.append('\n').append("checks: ").append(label).append(": ")
        .append(r.findings().isEmpty() ? "no findings" : r.findings().size() + (r.findings().size() == 1 ? " finding" : " findings"))
        .append('\n');
    for (RunReport.FindingRecord f : r.findings()) {
      out.append(f.location() == null ? "" : f.location() + ": ").append(f.kind()).append(f.hazard() == null ? "" : " (" + f.hazard() + ")")
          .append(": ").append(f.message());
      if (f.count() > 1) {
        out.append(" [").append(f.count()).append(" times]");
      }
      out.append('\n');
      snippet(out, f.source(), f.column());
      if (f.secondLocation() != null) {
        out.append(f.secondLocation()).append(": note: the second access\n");
        snippet(out, f.secondSource(), f.secondColumn());
      }
    }
    if (r.proof() != null) {
      RunReport.Proof p = r.proof();
      out.append("scan proof: ").append(p.proved() ? "every output is exactly the " + p.scan() + " scan of the input, for any associative"
          + (p.commutativeOnly() ? " and commutative" : "") + " operator" : (p.wrongOutputs() == 1 ? "1 output is wrong" : p.wrongOutputs() + " outputs are wrong"))
          .append("\n  ⊕ graph: work ").append(p.work()).append(", depth ").append(p.depth()).append(", max fan-out ").append(p.maxFanOut())
          .append(p.maxFanOutValue() == null ? "" : " (" + p.maxFanOutValue() + ")").append("; per dependency level ")
          .append(p.maxFanOutPerLevel()).append(", per barrier phase ").append(p.maxFanOutPerPhase()).append('\n');
      if (p.reversedExample() != null) {
        out.append("  operands in reverse order, e.g. ").append(p.reversedExample()).append('\n');
      }
    }
    if (r.scheduleDifferences() != null) {
      r.scheduleDifferences().forEach(d -> out.append("schedules: ").append(d).append('\n'));
    }
  }

  private static void snippet(StringBuilder out, String source, int col) {
    if (source == null || col < 1) {
      return;
    }
    out.append("    ").append(source).append('\n').append("    ");
    for (int i = 1; i < col; i++) {
      out.append(i - 1 < source.length() && source.charAt(i - 1) == '\t' ? '\t' : ' ');
    }
    out.append("^\n");
  }

  /** Launches the table shows from the start and from the end of a run with more. */
  static final int FIRST_LAUNCHES = 20;
  static final int LAST_LAUNCHES = 10;

  public static String render(RunReport r) {
    StringBuilder out = new StringBuilder();
    RunReport.Inputs in = r.inputs();
    out.append("scansim run ").append(in.file());
    if (in.defines() != null) {
      in.defines().forEach((k, v) -> out.append(" -D").append(k).append(v == null ? "" : "=" + v)); // -DX= defines X as nothing, -DX as 1
    }
    RunReport.Card card = r.card();
    if (card != null) {
      out.append(" --device gpu").append(card.runs() > 1 ? " --repeat " + card.runs() : "");
    }
    if (in.args() != null) {
      // A whole program: its arguments as a shell would take them back (argv[0] is the program's name).
      if (in.args().size() > 1) {
        out.append(" --");
        in.args().subList(1, in.args().size()).forEach(a -> out.append(' ').append(shellWord(a)));
      }
      out.append("  arch=").append(in.arch()).append("  program=main\n");
    } else {
      out.append("  n=").append(in.n()).append("  arch=").append(in.arch())
          .append("  entry=").append(r.entry()).append('(').append(r.elementType()).append(")\n");
    }
    if (card != null) {
      out.append("card: ").append(card.name()).append(" (").append(card.arch()).append(", driver ").append(card.driver()).append(")\n");
    }
    boolean none = r.launches().isEmpty() && r.faultedLaunch() == null;
    if (none) {
      // Said first: the result below is of a run in which no kernel ran (its output, and an entry's own message).
      boolean program = in.args() != null;
      out.append("no kernel ran: the ").append(program ? "program" : "host entry").append(" launched none")
          .append(!program && Boolean.FALSE.equals(r.correct()) && r.fault() == null
              ? "; the output holds what cudaMalloc left there (all bits set: NaN as floats, -1 as ints)" : "").append('\n');
      if (!program && r.output() != null) {
        out.append("program output\n").append(r.output()).append(r.output().endsWith("\n") ? "" : "\n");
      }
    }
    if (r.fault() != null) {
      out.append("fault: ").append(r.fault().location() == null ? "" : r.fault().location() + ": ").append(r.fault().message()).append('\n');
      snippet(out, r.fault().source(), r.fault().column());
    } else if (r.exitStatus() != null) {
      out.append("exit status: ").append(r.exitStatus()).append(r.exitStatus() == 0 ? " (success)\n" : " (the program's failure)\n");
    } else {
      out.append(r.correct() == null ? "result: not checked (pass --expect inclusive|exclusive)\n"
          : r.correct() ? "result: correct " + in.scan() + " scan\n" : "result: WRONG, not an " + in.scan() + " scan\n");
      // A wrong output's lines; with a right (or unchecked) one, a card's later run that differed from its first.
      if (r.mismatches() != null) {
        r.mismatches().forEach(m -> out.append("  ").append(m).append('\n'));
      }
    }
    if (r.checks() != null) {
      checks(r, out);
    }
    if (card != null && !r.launches().isEmpty()) {
      cardLaunches(r, out);
      diagnosticsAndOutput(r, out);
      return out.toString();
    }
    if (none) {
      // A program that ends before its first launch (an error check that exits, a usage message): no tables.
      for (RunReport.Diagnostic d : r.diagnostics()) {
        out.append('\n').append(d.severity()).append(": ").append(d.message()).append('\n');
      }
      return out.toString();
    }
    out.append('\n').append("launches\n");
    List<String[]> rows = new ArrayList<>();
    rows.add(new String[] {"#", "kernel", "grid", "block", "smem B", "warp inst", "thread inst", "shared ld/st",
        "wavefronts ld/st", "conflicts ld/st", "max deg", "global ld/st", "sectors ld/st", "barriers", "work"});
    List<RunReport.Launch> launches = r.launches();
    // A host loop may launch thousands of kernels: the first and the last of them, and the total.
    boolean elided = launches.size() > FIRST_LAUNCHES + LAST_LAUNCHES;
    for (int i = 0; i < launches.size(); i++) {
      if (elided && i == FIRST_LAUNCHES) {
        rows.add(new String[] {"…", "", "", "", "", "", "", "", "", "", "", "", "", "", ""});
        i = launches.size() - LAST_LAUNCHES;
      }
      RunReport.Launch l = launches.get(i);
      rows.add(launchRow(String.valueOf(l.index()), l.kernel(), dims(l.grid()), dims(l.block()),
          String.valueOf(l.sharedBytesPerBlock()), l.counters()));
    }
    RunReport.FaultedLaunch faulted = r.faultedLaunch();
    if (faulted != null) {
      String[] row = new String[rows.get(0).length];
      java.util.Arrays.fill(row, "-");
      row[0] = String.valueOf(faulted.index());
      row[1] = faulted.kernel();
      row[2] = dims(faulted.grid());
      row[3] = dims(faulted.block());
      rows.add(row);
    }
    if (launches.size() > 1) {
      rows.add(launchRow("", "total", "", "", "", r.totals()));
    }
    // Two tables of the same rows, so that each fits a terminal (one was 163 characters wide):
    // the launch and its instructions, then its memory traffic.
    table(columns(rows, LAUNCH_COLUMNS), out);
    if (faulted != null) {
      out.append("  (launch ").append(faulted.index()).append(" faulted: its counters are not reported)\n");
    }
    if (elided) {
      notShown(launches.size(), out);
    }
    out.append('\n').append("memory per launch\n");
    table(columns(rows, MEMORY_COLUMNS), out);
    if (r.totals().timing() != null && r.launches().stream().anyMatch(l -> l.timing() != null)) {
      timing(r, elided, out); // none when the only launch faulted: no empty tables
    }
    List<RunReport.Site> shared = new ArrayList<>(r.sites().stream()
        .filter(s -> s.counters().sharedLoadInstructions() + s.counters().sharedStoreInstructions() > 0).toList());
    if (!shared.isEmpty()) {
      shared.sort(Comparator.comparingLong((RunReport.Site s) -> -(conflicts(s.counters())))
          .thenComparing(RunReport.Site::location, RunReport::byPosition).thenComparingInt(RunReport.Site::launch));
      out.append('\n').append("shared-memory sites, most bank conflicts first\n");
      List<String[]> srows = new ArrayList<>();
      // "#": the launch, as numbered in the launches table (one source line may run in several).
      srows.add(new String[] {"#", "location", "array", "op", "warp inst", "wavefronts", "conflicts", "max deg"});
      for (RunReport.Site s : shared.subList(0, Math.min(10, shared.size()))) {
        CounterSet c = s.counters();
        boolean load = s.operation().equals("ld");
        srows.add(new String[] {String.valueOf(s.launch()), s.location(), s.array() == null ? "?" : s.array(), s.operation(),
            String.valueOf(load ? c.sharedLoadInstructions() : c.sharedStoreInstructions()),
            String.valueOf(load ? c.sharedLoadWavefronts() : c.sharedStoreWavefronts()), String.valueOf(conflicts(c)),
            String.valueOf(c.maxConflictDegree())});
      }
      table(srows, out);
    }
    List<Long> hist = r.totals().conflictDegreeHistogram();
    if (!hist.isEmpty()) {
      out.append('\n').append("conflict degree histogram (shared request groups)\n");
      List<String[]> hrows = new ArrayList<>();
      hrows.add(new String[] {"degree", "requests"});
      for (int d = 0; d < hist.size(); d++) {
        if (hist.get(d) > 0) {
          hrows.add(new String[] {d + 1 + "-way", String.valueOf(hist.get(d))});
        }
      }
      table(hrows, out);
    }
    diagnosticsAndOutput(r, out);
    return out.toString();
  }

  private static void diagnosticsAndOutput(RunReport r, StringBuilder out) {
    for (RunReport.Diagnostic d : r.diagnostics()) {
      out.append('\n').append(d.severity()).append(": ").append(d.message()).append('\n');
    }
    appendOutput(r, out);
  }

  /**
   * A card's launches: shape, dynamic shared memory, and time by CUDA events (with several runs,
   * the median and the fastest and slowest), where the host code launched it.
   */
  private static void cardLaunches(RunReport r, StringBuilder out) {
    boolean several = r.card().runs() > 1;
    out.append('\n').append("launches (time by CUDA events").append(several ? ": the median of " + r.card().runs() + " runs" : "")
        .append(")\n");
    List<String[]> rows = new ArrayList<>();
    rows.add(several ? new String[] {"#", "kernel", "grid", "block", "dyn smem B", "median ms", "fastest", "slowest", "location"}
        : new String[] {"#", "kernel", "grid", "block", "dyn smem B", "time ms", "location"});
    List<RunReport.Launch> launches = r.launches();
    boolean elided = launches.size() > FIRST_LAUNCHES + LAST_LAUNCHES;
    for (int i = 0; i < launches.size(); i++) {
      if (elided && i == FIRST_LAUNCHES) {
        String[] gap = new String[rows.get(0).length];
        java.util.Arrays.fill(gap, "");
        gap[0] = "…";
        rows.add(gap);
        i = launches.size() - LAST_LAUNCHES;
      }
      RunReport.Launch l = launches.get(i);
      RunReport.CardTime t = l.cardTime();
      String where = l.location() == null ? "" : l.location();
      rows.add(several ? new String[] {String.valueOf(l.index()), l.kernel(), dims(l.grid()), dims(l.block()),
          String.valueOf(l.dynamicSharedBytes()), millis(t.medianMillis()), millis(t.fastestMillis()), millis(t.slowestMillis()), where}
          : new String[] {String.valueOf(l.index()), l.kernel(), dims(l.grid()), dims(l.block()), String.valueOf(l.dynamicSharedBytes()),
              millis(t.medianMillis()), where});
    }
    table(rows, out);
    if (elided) {
      notShown(launches.size(), out);
    }
  }

  /** The note under a launches table that left the middle of {@code launches} out. */
  private static void notShown(int launches, StringBuilder out) {
    out.append("  (").append(launches - FIRST_LAUNCHES - LAST_LAUNCHES)
        .append(" launches not shown; the JSON report, --json OUT, has every one)\n");
  }

  private static String millis(double ms) {
    return String.format(java.util.Locale.ROOT, "%.3f", ms);
  }

  /** An entry's output, part of its report; a whole program's is its own, printed before the report as the program prints it. */
  private static void appendOutput(RunReport r, StringBuilder out) {
    if (r.output() != null && r.inputs().args() == null) {
      out.append('\n').append("program output\n").append(r.output());
      if (!r.output().endsWith("\n")) {
        out.append('\n');
      }
    }
  }

  /** {@code word} as a POSIX shell reads it back: bare when it is plain, else in single quotes. */
  static String shellWord(String word) {
    return !word.isEmpty() && word.matches("[A-Za-z0-9_./=:,+@%^-]+") ? word : "'" + word.replace("'", "'\\''") + "'";
  }

  /** The timing model's cycles and time per launch ({@code run --timing}). */
  private static void timing(RunReport r, boolean elided, StringBuilder out) {
    out.append('\n').append("time per launch (timing model: ").append(r.totals().timing().model()).append(")\n");
    List<String[]> rows = new ArrayList<>();
    // Of a launch's cycles: its fixed cost, and what its bank conflicts add.
    rows.add(new String[] {"#", "kernel", "SM cycles", "time us", "blocks/SM", "waves", "bound", "fixed", "conflicts add"});
    List<RunReport.Launch> launches = r.launches();
    for (int i = 0; i < launches.size(); i++) {
      if (elided && i == FIRST_LAUNCHES) {
        rows.add(new String[] {"…", "", "", "", "", "", "", "", ""});
        i = launches.size() - LAST_LAUNCHES;
      }
      RunReport.Launch l = launches.get(i);
      CounterSet.Timing t = l.timing();
      if (t != null) {
        rows.add(new String[] {String.valueOf(l.index()), l.kernel(), String.format(java.util.Locale.ROOT, "%,d", t.smCycles()),
            String.format(java.util.Locale.ROOT, "%.2f", t.durationNs() / 1000.0), String.valueOf(t.blocksPerSm()), String.valueOf(t.waves()),
            t.bound(), cycles(t.fixedCycles()), cycles(t.conflictCycles())});
      }
    }
    CounterSet.Timing total = r.totals().timing();
    if (launches.size() > 1) {
      rows.add(new String[] {"", "total", String.format(java.util.Locale.ROOT, "%,d", total.smCycles()),
          String.format(java.util.Locale.ROOT, "%.2f", total.durationNs() / 1000.0), "", "", "", cycles(total.fixedCycles()),
          cycles(total.conflictCycles())});
    }
    table(rows, out);
    out.append('\n').append("where the warps' cycles go (warp-cycles by Nsight Compute's stall reason; the busiest source lines)\n");
    for (int i = 0; i < launches.size(); i++) {
      if (elided && i == FIRST_LAUNCHES) {
        out.append("  …\n");
        i = launches.size() - LAST_LAUNCHES;
      }
      RunReport.Launch l = launches.get(i);
      CounterSet.Timing t = l.timing();
      if (t == null || t.stalls() == null) {
        continue;
      }
      out.append("  ").append(l.index()).append("  ").append(l.kernel()).append(": ").append(shares(t.stalls())).append('\n');
      for (int k = 0; k < Math.min(STALL_LINES, t.lines().size()); k++) {
        CounterSet.LineStalls line = t.lines().get(k);
        out.append("       ").append(line.location()).append("  ").append(shares(line.stalls())).append('\n');
      }
    }
  }

  private static String cycles(Long c) {
    return c == null ? "" : String.format(java.util.Locale.ROOT, "%,d", c);
  }

  /** Source lines listed per launch under "where the warps' cycles go". */
  static final int STALL_LINES = 3;

  /** "barrier 41%, selected 22%, ...": the reasons with a share of at least 1 %, the largest first. */
  private static String shares(java.util.Map<String, Long> stalls) {
    long sum = stalls.values().stream().mapToLong(Long::longValue).sum();
    if (sum == 0) {
      return "no cycles";
    }
    return stalls.entrySet().stream().filter(e -> e.getValue() * 100 >= sum)
        .sorted(java.util.Map.Entry.<String, Long>comparingByValue().reversed())
        .map(e -> e.getKey() + " " + Math.round(100.0 * e.getValue() / sum) + "%")
        .collect(java.util.stream.Collectors.joining(", "));
  }

  /** The launches table's columns: #, kernel, grid, block, smem B, warp inst, thread inst, barriers, work. */
  private static final int[] LAUNCH_COLUMNS = {0, 1, 2, 3, 4, 5, 6, 13, 14};
  /** The memory table's: #, kernel, shared ld/st, wavefronts ld/st, conflicts ld/st, max deg, global ld/st, sectors ld/st. */
  private static final int[] MEMORY_COLUMNS = {0, 1, 7, 8, 9, 10, 11, 12};

  private static List<String[]> columns(List<String[]> rows, int[] keep) {
    List<String[]> out = new ArrayList<>();
    for (String[] r : rows) {
      String[] p = new String[keep.length];
      for (int i = 0; i < keep.length; i++) {
        p[i] = r[keep[i]];
      }
      out.add(p);
    }
    return out;
  }

  private static long conflicts(CounterSet c) {
    return c.sharedLoadBankConflicts() + c.sharedStoreBankConflicts();
  }

  private static String[] launchRow(String idx, String kernel, String grid, String block, String smem, CounterSet c) {
    return new String[] {idx, kernel, grid, block, smem, String.valueOf(c.warpInstructions()),
        String.valueOf(c.threadInstructions()), c.sharedLoadInstructions() + "/" + c.sharedStoreInstructions(),
        c.sharedLoadWavefronts() + "/" + c.sharedStoreWavefronts(),
        c.sharedLoadBankConflicts() + "/" + c.sharedStoreBankConflicts(), String.valueOf(c.maxConflictDegree()),
        c.globalLoadInstructions() + "/" + c.globalStoreInstructions(), c.globalLoadSectors() + "/" + c.globalStoreSectors(),
        String.valueOf(c.barriers()), String.valueOf(c.work())};
  }

  private static String dims(List<? extends Number> d) {
    return d.get(0) + "x" + d.get(1) + "x" + d.get(2);
  }

  /** Left-aligned text columns, right-aligned numbers, two spaces apart. */
  static void table(List<String[]> rows, StringBuilder out) {
    int cols = rows.get(0).length;
    int[] w = new int[cols];
    for (String[] r : rows) {
      for (int i = 0; i < cols; i++) {
        w[i] = Math.max(w[i], r[i].length());
      }
    }
    for (String[] r : rows) {
      StringBuilder line = new StringBuilder("  ");
      for (int i = 0; i < cols; i++) {
        boolean numeric = !r[i].isEmpty() && r[i].chars().allMatch(ch -> Character.isDigit(ch) || ch == '/' || ch == ',' || ch == '.');
        String cell = numeric ? " ".repeat(w[i] - r[i].length()) + r[i] : r[i] + " ".repeat(w[i] - r[i].length());
        line.append(cell).append(i + 1 < cols ? "  " : "");
      }
      out.append(line.toString().stripTrailing()).append('\n');
    }
  }
}
