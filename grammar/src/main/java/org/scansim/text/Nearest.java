package org.scansim.text;

import java.util.Collection;
import java.util.Locale;
import org.apache.commons.text.similarity.LevenshteinDistance;

/**
 * The known name nearest a misspelt one, for every "did you mean" scansim says (a declaration, a
 * label, an architecture, a catalog kernel, a checker, a spec's field or value): the fewest
 * single-character edits (Levenshtein, Apache Commons Text), at most one edit for every three
 * characters of the name unless a caller gives its own limit, ties broken by the alphabet so that
 * a message is the same every run.
 */
public final class Nearest {
  private Nearest() {}

  /** The candidate nearest {@code name} within one edit per three characters (at least one), or null. */
  public static String of(String name, Collection<String> candidates) {
    return of(name, candidates, Math.max(1, name.length() / 3), false);
  }

  /**
   * The candidate nearest {@code name} within {@code limit} edits, or null; {@code ignoreCase}:
   * compared in lower case (the candidate is returned as it is spelt).
   */
  public static String of(String name, Collection<String> candidates, int limit, boolean ignoreCase) {
    LevenshteinDistance distance = new LevenshteinDistance(limit);
    String key = ignoreCase ? name.toLowerCase(Locale.ROOT) : name;
    String best = null;
    int bestDistance = limit + 1;
    for (String c : candidates) {
      if (c.equals(name)) {
        continue;
      }
      String other = ignoreCase ? c.toLowerCase(Locale.ROOT) : c;
      int d = distance.apply(key, other); // -1: past the limit
      if (d >= 0 && (d < bestDistance || d == bestDistance && c.compareTo(best) < 0)) {
        best = c;
        bestDistance = d;
      }
    }
    return best;
  }

  /** {@code " (did you mean "x"?)"} for a name found near (null: none), or "": the hint of messages that quote names in double quotes. */
  public static String quoted(String near) {
    return near == null ? "" : " (did you mean \"" + near + "\"?)";
  }

  /** {@code " (did you mean 'x'?)"} for the nearest candidate, or "". */
  public static String hint(String name, Collection<String> candidates) {
    String near = of(name, candidates);
    return near == null ? "" : " (did you mean '" + near + "'?)";
  }
}
