package org.scansim.sim.check;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.scansim.frontend.diag.Span;
import org.scansim.sim.memory.Shadow;

/**
 * After a run with the init check: which elements of an output hold a value derived from an
 * uninitialised read, grouped by the read ({@link InitCheck}'s origins) as ranges, "out[40..63]".
 */
public final class InitReach {
  private InitReach() {}

  /**
   * The ranges of the {@code length} elements of {@code size} bytes in the buffer whose shadow is
   * {@code shadow}, named {@code outName}, each under the read its value came from.
   */
  public static Map<Span, String> of(Shadow shadow, int size, int length, String outName, List<Span> origins) {
    Map<Span, String> reach = new LinkedHashMap<>();
    // Each site's ranges are built as the outputs go by: a list of every index would hold n of
    // them when nothing was written (a run that faulted before its stores).
    Map<Integer, Ranges> bySite = new LinkedHashMap<>();
    for (int i = 0; i < length; i++) {
      int u = shadow.undef[(i * size) >>> 2];
      if (u != 0) {
        bySite.computeIfAbsent(u, k -> new Ranges(outName)).add(i);
      }
    }
    for (Map.Entry<Integer, Ranges> e : bySite.entrySet()) {
      reach.put(origins.get(e.getKey() - 1), e.getValue().text());
    }
    return reach;
  }

  /** Increasing indices as at most four ranges, "out[2..7], out[10], …": the ellipsis when there are more. */
  private static final class Ranges {
    private static final int SHOWN = 4;
    private final String name;
    private final StringBuilder text = new StringBuilder();
    private int first = -1;
    private int last = -1;
    private int shown;
    private boolean more;

    Ranges(String name) {
      this.name = name;
    }

    void add(int i) {
      if (more) {
        return;
      }
      if (first >= 0 && i == last + 1) {
        last = i;
        return;
      }
      close();
      if (!more) {
        first = i;
        last = i;
      }
    }

    private void close() {
      if (first < 0) {
        return;
      }
      if (shown == SHOWN) {
        more = true;
      } else {
        text.append(shown == 0 ? "" : ", ").append(name).append('[').append(first);
        if (last > first) {
          text.append("..").append(last);
        }
        text.append(']');
        shown++;
      }
      first = -1;
    }

    String text() {
      close();
      return more ? text + ", …" : text.toString();
    }
  }
}
