package org.scansim.frontend;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Turns repeated {@code -D NAME[=VALUE]} options into the preprocessor's ordered map (run, sweep, crosscheck). */
public final class Defines {
  private Defines() {}

  /** {@code NAME} (defined, no value: null) or {@code NAME=VALUE} options, in order, as the preprocessor takes them. */
  public static Map<String, String> parse(List<String> options) {
    Map<String, String> out = new LinkedHashMap<>();
    if (options == null) {
      return out;
    }
    for (String d : options) {
      int eq = d.indexOf('=');
      if (eq < 0) {
        out.put(d, null);
      } else {
        out.put(d.substring(0, eq), d.substring(eq + 1));
      }
    }
    return out;
  }
}
