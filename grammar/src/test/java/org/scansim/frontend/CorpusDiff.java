package org.scansim.frontend;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** A readable line diff of an expected and an actual text, for the diagnostics corpus. */
final class CorpusDiff {
  private CorpusDiff() {}

  /**
   * The two texts compared line by line (longest common subsequence): {@code -} lines only
   * expected, {@code +} lines only printed, two-space lines in both; each line between |...| so that
   * trailing blanks show, and a missing final newline is said.
   */
  static String describe(String expected, String actual) {
    List<String> a = lines(expected);
    List<String> b = lines(actual);
    int[][] lcs = new int[a.size() + 1][b.size() + 1];
    for (int i = a.size() - 1; i >= 0; i--) {
      for (int j = b.size() - 1; j >= 0; j--) {
        lcs[i][j] = a.get(i).equals(b.get(j)) ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
      }
    }
    StringBuilder out = new StringBuilder("--- expected\n+++ actual\n");
    int i = 0;
    int j = 0;
    while (i < a.size() || j < b.size()) {
      if (i < a.size() && j < b.size() && a.get(i).equals(b.get(j))) {
        out.append("  |").append(a.get(i++)).append("|\n");
        j++;
      } else if (i < a.size() && (j == b.size() || lcs[i + 1][j] >= lcs[i][j + 1])) {
        out.append("- |").append(a.get(i++)).append("|\n");
      } else {
        out.append("+ |").append(b.get(j++)).append("|\n");
      }
    }
    if (expected.endsWith("\n") != actual.endsWith("\n")) {
      out.append(expected.endsWith("\n") ? "(the output lacks the final newline)\n" : "(the expectation lacks the final newline)\n");
    }
    return out.toString();
  }

  private static List<String> lines(String text) {
    List<String> out = new ArrayList<>(Arrays.asList(text.split("\n", -1)));
    if (!out.isEmpty() && out.get(out.size() - 1).isEmpty()) {
      out.remove(out.size() - 1);
    }
    return out;
  }
}
