package org.scansim.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.scansim.hardware.Sanitizer;
import org.scansim.sim.check.Finding;
import org.scansim.sim.result.Kind;

/**
 * compute-sanitizer's findings on the card beside the simulator's checkers' on the same run: a
 * sanitizer finding is also the simulator's when a checker of the same family reported a finding
 * at one of the source lines it names (memcheck: bounds and invalid addresses; racecheck: races
 * and warp-synchronous hazards; synccheck: divergent barriers and deadlocks; initcheck:
 * uninitialised reads). A host API call failing after a kernel's fault is shown as its consequence.
 */
final class CrosscheckSanitizer {
  private CrosscheckSanitizer() {}

  /** A sanitizer finding, and whether the simulator reported it too. */
  record Gpu(String tool, String what, List<String> at, String thread, String block, int count, boolean alsoSimulator,
      boolean consequence) {}

  /** A simulator finding ({@link Finding#key()} and its sentence), and whether the sanitizer reported it too. */
  record Sim(String key, String at, String message, boolean alsoSanitizer) {}

  /** Both lists; {@code allFound}: every sanitizer finding is also the simulator's. */
  record Check(List<String> summaries, List<Gpu> sanitizer, List<Sim> simulator, boolean allFound) {}

  static Set<Kind> family(String tool) {
    return switch (tool) {
      case "memcheck" -> Set.of(Kind.OUT_OF_BOUNDS, Kind.INVALID_ADDRESS, Kind.USE_AFTER_FREE);
      case "racecheck" -> Set.of(Kind.RACE, Kind.WARP_SYNCHRONOUS);
      case "synccheck" -> Set.of(Kind.DIVERGENT_BARRIER, Kind.DEADLOCK);
      case "initcheck" -> Set.of(Kind.UNINITIALISED_READ);
      default -> Set.of();
    };
  }

  static Check compare(List<Sanitizer.Report> reports, List<Finding> findings) {
    List<Gpu> gpu = new ArrayList<>();
    List<String> summaries = new ArrayList<>();
    boolean[] matched = new boolean[findings.size()];
    for (Sanitizer.Report r : reports) {
      summaries.add(r.tool() + ": " + (r.summary().isEmpty() ? "no summary" : r.summary()));
      for (Sanitizer.Finding f : r.findings()) {
        boolean also = false;
        for (int i = 0; i < findings.size(); i++) {
          Finding s = findings.get(i);
          if (family(r.tool()).contains(s.kind()) && shareALine(f.at(), s)) {
            also = true;
            matched[i] = true;
          }
        }
        gpu.add(new Gpu(f.tool(), f.what(), f.at(), f.thread(), f.block(), f.count(), also, f.consequence()));
      }
    }
    List<Sim> sim = new ArrayList<>();
    for (int i = 0; i < findings.size(); i++) {
      Finding s = findings.get(i);
      sim.add(new Sim(s.key(), at(s), s.message(), matched[i]));
    }
    return new Check(summaries, gpu, sim, gpu.stream().allMatch(g -> g.alsoSimulator() || g.consequence()));
  }

  private static boolean shareALine(List<String> at, Finding s) {
    for (String a : at) {
      int colon = a.lastIndexOf(':');
      String file = a.substring(0, colon);
      int line = Integer.parseInt(a.substring(colon + 1));
      for (var span : new org.scansim.frontend.diag.Span[] {s.first(), s.second()}) {
        if (span != null && span.line() == line && span.file() != null && baseName(span.file().name()).equals(file)) {
          return true;
        }
      }
    }
    return false;
  }

  private static String baseName(String name) {
    return name.substring(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1);
  }

  private static String at(Finding s) {
    StringBuilder b = new StringBuilder();
    for (var span : new org.scansim.frontend.diag.Span[] {s.first(), s.second()}) {
      if (span != null && span.file() != null) {
        b.append(b.length() == 0 ? "" : " ").append(baseName(span.file().name())).append(':').append(span.line());
      }
    }
    return b.toString();
  }
}
