package org.scansim.grade;

import java.util.List;

/**
 * The readable report of one graded submission: the assignment, the score, a table of the tests,
 * then each test's output (failures explained at their source lines).
 */
final class ReportText {
  private ReportText() {}

  static String render(Assignment a, String name, GradescopeResults r) {
    StringBuilder out = new StringBuilder();
    out.append("scansim grade ").append(Scoring.clean(name)).append('\n');
    out.append("assignment: ").append(a.title()).append('\n');
    out.append("entry:      ").append(a.entry().spelling()).append('\n');
    if (a.isProgram()) {
      out.append("runs:       ").append(a.program().size()).append(a.program().size() == 1 ? " run" : " runs").append(" of the program on ")
          .append(a.arch().name()).append('\n');
    } else {
      out.append("runs:       ").append(a.scanName()).append(" scan on ").append(a.arch().name())
          .append(" at n = ").append(String.join(", ", a.sizes().stream().map(String::valueOf).toList())).append('\n');
    }
    out.append("score:      ").append(Scoring.number(r.score())).append(" / ").append(Scoring.number(r.maxScore())).append('\n');
    out.append('\n');
    List<GradescopeResults.Test> tests = r.tests();
    int width = 0;
    for (GradescopeResults.Test t : tests) {
      width = Math.max(width, points(t).length());
    }
    for (GradescopeResults.Test t : tests) {
      String p = points(t);
      out.append("  ").append(t.passed() ? "PASS" : "FAIL").append("  ").append(" ".repeat(width - p.length())).append(p)
          .append("  ").append(t.name()).append('\n');
    }
    for (GradescopeResults.Test t : tests) {
      out.append('\n').append("== ").append(t.name()).append(": ").append(t.passed() ? "passed" : "failed").append(", ")
          .append(points(t)).append(" ==\n");
      out.append(t.output());
    }
    return out.toString();
  }

  private static String points(GradescopeResults.Test t) {
    return Scoring.number(t.score()) + "/" + Scoring.number(t.maxScore());
  }
}
