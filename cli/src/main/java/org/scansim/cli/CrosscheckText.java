package org.scansim.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/** The crosscheck as text: a line a size, then the counters table and the sanitizer's findings where there are any. */
final class CrosscheckText {
  private CrosscheckText() {}

  static String text(Path file, String card, String arch, List<CrosscheckRow> rows) {
    StringBuilder s = new StringBuilder();
    s.append("crosscheck ").append(file).append(": the simulator (").append(arch).append(") against ").append(card).append('\n');
    for (CrosscheckRow r : rows) {
      s.append("n = ").append(r.n()).append(": launches ").append(r.launchesEqual() ? "the same (" + r.simLaunches().size() + ")" : "DIFFER")
          .append("; result: simulator ").append(verdict(r.simCorrect())).append(", GPU ").append(verdict(r.gpuCorrect()))
          .append("; outputs ").append(r.outputs()).append(String.format(Locale.ROOT, "; GPU time %.3f ms%n", r.gpuMillis()));
      if (!r.launchesEqual()) {
        s.append("  simulator: ").append(r.simLaunches()).append("\n  GPU:       ").append(r.gpuLaunches()).append('\n');
      }
      for (String d : r.differences()) {
        s.append("  ").append(d).append('\n');
      }
      if (r.countersNote() != null) {
        s.append("  counters: ").append(r.countersNote()).append('\n');
      }
      if (r.counters() != null) {
        counters(s, r);
      }
      if (r.timingNote() != null) {
        s.append("  cycles: ").append(r.timingNote()).append('\n');
      }
      if (r.timing() != null) {
        timing(s, r.timing());
      }
      if (r.sanitizer() != null) {
        sanitizer(s, r.sanitizer());
      }
    }
    return s.toString();
  }

  private static void counters(StringBuilder s, CrosscheckRow r) {
    for (CrosscheckCounters.Launch l : r.counters()) {
      String name = l.launch() < r.gpuLaunches().size() ? r.gpuLaunches().get(l.launch()) : l.kernel();
      s.append(String.format(Locale.ROOT, "  launch %d %s%n    %-58s %14s %14s%n", l.launch(), name, "Nsight Compute metric", "GPU", "simulator"));
      for (CrosscheckCounters.Metric m : l.metrics()) {
        s.append(String.format(Locale.ROOT, "    %-58s %14s %14s  %s%n", m.name(), number(m.gpu()), number(m.simulator()),
            m.differs() ? "DIFFERENT" : m.verdict()));
      }
    }
  }

  private static void timing(StringBuilder s, List<CrosscheckTiming.Launch> timing) {
    for (CrosscheckTiming.Launch l : timing) {
      s.append(String.format(Locale.ROOT, "  launch %d %s on the card, %d runs (median, fastest .. slowest): %s SM cycles (%s .. %s), %s ns%s%n",
          l.launch(), l.kernel(), l.runs(), spread(l.smCycles(), 0), spread(l.smCycles(), 1), spread(l.smCycles(), 2), spread(l.durationNs(), 0),
          l.smClockHz() == null ? "" : String.format(Locale.ROOT, " at %.2f GHz", l.smClockHz().median() / 1e9)));
      if (l.modelSmCycles() != null && l.smCycles() != null) {
        s.append(String.format(Locale.ROOT, "    the timing model%s: %s SM cycles (%+.1f%% of the card's median)%n",
            l.modelCard() == null ? "" : " (" + l.modelCard() + "'s parameters)", number(l.modelSmCycles()),
            100.0 * (l.modelSmCycles() - l.smCycles().median()) / l.smCycles().median()));
      }
    }
  }

  private static String spread(CrosscheckTiming.Spread v, int which) {
    return v == null ? "-" : number(which == 0 ? v.median() : which == 1 ? v.min() : v.max());
  }

  private static void sanitizer(StringBuilder s, CrosscheckSanitizer.Check c) {
    s.append("  compute-sanitizer: ").append(String.join("; ", c.summaries())).append('\n');
    for (CrosscheckSanitizer.Gpu g : c.sanitizer()) {
      s.append("    ").append(g.alsoSimulator() ? "[also the simulator's] " : g.consequence() ? "[after the kernel's fault] " : "[ONLY THE SANITIZER] ").append(g.tool()).append(": ")
          .append(g.what()).append(g.at().isEmpty() ? "" : " at " + String.join(", ", g.at()))
          .append(g.thread() == null ? "" : ", thread " + g.thread() + " block " + g.block())
          .append(g.count() > 1 ? ", " + g.count() + " times" : "").append('\n');
    }
    for (CrosscheckSanitizer.Sim f : c.simulator()) {
      if (!f.alsoSanitizer()) {
        s.append("    [only the simulator] ").append(f.key()).append(f.at().isEmpty() ? "" : " at " + f.at()).append('\n');
      }
    }
    if (c.sanitizer().isEmpty() && c.simulator().isEmpty()) {
      s.append("    no findings on either\n");
    }
  }

  private static String number(Long v) {
    return v == null ? "-" : String.format(Locale.ROOT, "%,d", v);
  }

  private static String verdict(Boolean correct) {
    return correct == null ? "-" : correct ? "correct" : "wrong";
  }
}
