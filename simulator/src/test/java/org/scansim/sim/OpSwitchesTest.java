package org.scansim.sim;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.scansim.frontend.ir.Op;

/**
 * Every switch over an instruction's {@link Op} in the simulator names every op and has no
 * {@code default}: a new op is a failing test (or, for a switch expression, a compile error)
 * until each pass says what it does with it. The facts that do not need a pass of their own
 * (unit, purity, scan operator, control, taint) are the op's, in {@link Op}'s table.
 */
class OpSwitchesTest {
  /** A switch over an instruction's op: {@code x.op}, {@code x.op()}, {@code x.y.op()}, or a variable {@code Op op}. */
  private static final Pattern SWITCH = Pattern.compile("switch \\(((?:\\w+(?:\\(\\))?\\.)+op(?:\\(\\))?|op)\\) \\{");

  @Test
  void everySwitchOverAnOpNamesEveryOp() throws IOException {
    Path main = Path.of("src/main/java/org/scansim/sim"); // Maven runs a module's tests in its folder
    List<String> incomplete = new ArrayList<>();
    int switches = 0;
    try (Stream<Path> files = Files.walk(main)) {
      for (Path f : files.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
        String s = Files.readString(f);
        Matcher m = SWITCH.matcher(s);
        while (m.find()) {
          if (m.group(1).equals("op") && !declaresOp(s.substring(0, m.start()))) {
            continue;
          }
          Set<String> labels = new LinkedHashSet<>();
          boolean hasDefault = labels(s, m.end(), labels);
          switches++;
          Set<String> missing = new LinkedHashSet<>();
          for (Op op : Op.values()) {
            if (!labels.contains(op.name())) {
              missing.add(op.name());
            }
          }
          if (hasDefault || !missing.isEmpty()) {
            int line = (int) s.substring(0, m.start()).chars().filter(c -> c == '\n').count() + 1;
            incomplete.add(main.relativize(f) + ":" + line + (hasDefault ? " has a default" : "") + (missing.isEmpty() ? ""
                : " misses " + missing));
          }
        }
      }
    }
    assertThat(switches).as("switches over Op found").isGreaterThan(20);
    assertThat(incomplete).isEmpty();
  }

  /** Whether the nearest declaration of a variable {@code op} before a switch declares it an {@link Op}. */
  private static boolean declaresOp(String before) {
    Matcher d = Pattern.compile("\\b(\\w+) op\\b").matcher(before);
    String type = null;
    while (d.find()) {
      type = d.group(1);
    }
    return "Op".equals(type);
  }

  /**
   * Collects the case labels at the top level of the switch body starting at {@code from};
   * returns whether it has a default. Skips comments, strings and characters, and nested bodies.
   */
  private static boolean labels(String s, int from, Set<String> labels) {
    int depth = 0;
    boolean hasDefault = false;
    for (int i = from; i < s.length(); i++) {
      char c = s.charAt(i);
      if (s.startsWith("//", i)) {
        i = s.indexOf('\n', i);
      } else if (s.startsWith("/*", i)) {
        i = s.indexOf("*/", i) + 1;
      } else if (c == '"' || c == '\'') {
        int j = i + 1;
        while (s.charAt(j) != c) {
          j += s.charAt(j) == '\\' ? 2 : 1;
        }
        i = j;
      } else if (c == '{' || c == '(') {
        depth++;
      } else if (c == '}' || c == ')') {
        if (depth == 0) {
          return hasDefault;
        }
        depth--;
      } else if (depth == 0 && !Character.isJavaIdentifierPart(s.charAt(i - 1))) {
        if (s.startsWith("default", i) && !Character.isJavaIdentifierPart(s.charAt(i + 7))) {
          hasDefault = true;
        } else if (s.startsWith("case ", i)) {
          Matcher l = Pattern.compile("case ([A-Z_,\\s]+?)\\s*(->|:)").matcher(s).region(i, s.length());
          if (l.lookingAt()) {
            Arrays.stream(l.group(1).split(",")).map(String::strip).forEach(labels::add);
          }
        }
      }
    }
    throw new IllegalStateException("an unterminated switch");
  }
}
