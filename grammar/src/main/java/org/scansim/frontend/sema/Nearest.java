package org.scansim.frontend.sema;

import java.util.Collection;

/**
 * The declared name nearest a misspelt one, for "did you mean" notes: the fewest single-character
 * edits (Levenshtein), at most one edit for every three characters of the name, ties broken by
 * the alphabet so that a report is the same every run.
 */
final class Nearest {
  private Nearest() {}

  /** The candidate nearest {@code name}, or null when none is near enough. */
  static String of(String name, Collection<String> candidates) {
    int limit = Math.max(1, name.length() / 3);
    String best = null;
    int bestDistance = limit + 1;
    for (String c : candidates) {
      if (c.equals(name) || Math.abs(c.length() - name.length()) > limit) {
        continue;
      }
      int d = distance(name, c, limit);
      if (d < bestDistance || d == bestDistance && best != null && c.compareTo(best) < 0) {
        best = c;
        bestDistance = d;
      }
    }
    return bestDistance <= limit ? best : null;
  }

  /** The edit distance of a and b, or a number past {@code limit} once it must exceed it. */
  private static int distance(String a, String b, int limit) {
    int[] prev = new int[b.length() + 1];
    int[] cur = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      prev[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      cur[0] = i;
      int rowMin = cur[0];
      for (int j = 1; j <= b.length(); j++) {
        int sub = prev[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
        cur[j] = Math.min(sub, Math.min(prev[j] + 1, cur[j - 1] + 1));
        rowMin = Math.min(rowMin, cur[j]);
      }
      if (rowMin > limit) {
        return limit + 1;
      }
      int[] t = prev;
      prev = cur;
      cur = t;
    }
    return prev[b.length()];
  }
}
