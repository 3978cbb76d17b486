package org.scansim.grade;

import java.util.ArrayList;
import java.util.List;

/**
 * The summary of a folder: one row per submission in the order given (sorted by file name),
 * columns {@code submission, score, max_score} and one per test (its score; for a test without
 * points, {@code passed} or {@code failed}). RFC 4180: CRLF line ends, a field quoted when it
 * holds a comma, a double quote, CR or LF, quotes doubled inside.
 */
public final class SummaryCsv {
  private SummaryCsv() {}

  public static String render(List<String> testNames, List<Graded> graded) {
    StringBuilder out = new StringBuilder();
    List<String> header = new ArrayList<>(List.of("submission", "score", "max_score"));
    header.addAll(testNames);
    row(header, out);
    for (Graded g : graded) {
      List<String> cells = new ArrayList<>();
      cells.add(g.name());
      cells.add(Scoring.number(g.results().score()));
      cells.add(Scoring.number(g.results().maxScore()));
      for (String name : testNames) {
        GradescopeResults.Test t = g.results().tests().stream().filter(x -> x.name().equals(name)).findFirst().orElse(null);
        if (t == null) {
          cells.add("");
        } else if (t.maxScore().signum() == 0) {
          cells.add(t.status());
        } else {
          cells.add(Scoring.number(t.score()));
        }
      }
      row(cells, out);
    }
    return out.toString();
  }

  private static void row(List<String> cells, StringBuilder out) {
    for (int i = 0; i < cells.size(); i++) {
      out.append(i == 0 ? "" : ",").append(field(cells.get(i)));
    }
    out.append("\r\n");
  }

  static String field(String s) {
    boolean quote = s.indexOf(',') >= 0 || s.indexOf('"') >= 0 || s.indexOf('\r') >= 0 || s.indexOf('\n') >= 0;
    return quote ? "\"" + s.replace("\"", "\"\"") + "\"" : s;
  }
}
