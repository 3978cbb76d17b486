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
 * Every switch over an instruction's {@link Op} in the simulator and the IR either names every op,
 * so that a new op is a failing test (or, for a switch expression, a compile error) until the pass
 * says what it does with it, or has a {@code default} arm after a comment {@code // other ops:}
 * saying what any other op, a new one too, gets there (the generic path, no optimisation, a stop):
 * a pass that evaluates or optimises a few ops, whatever the rest are. The facts that do not need a
 * pass of their own (unit, purity, scan operator, control, taint, form, access, associativity)
 * are the op's, in {@link Op}'s table, and passes read them.
 */
class OpSwitchesTest {
  /** A switch over an instruction's op: {@code x.op}, {@code x.op()}, {@code x.y.op()}, or a variable {@code Op op}. */
  private static final Pattern SWITCH = Pattern.compile("switch \\(((?:\\w+(?:\\(\\))?\\.)+op(?:\\(\\))?|op)\\) \\{");

  @Test
  void everySwitchOverAnOpNamesEveryOpOrSaysWhatTheOthersGet() throws IOException {
    List<String> incomplete = new ArrayList<>();
    int exhaustive = check(Path.of("src/main/java/org/scansim/sim"), incomplete) // Maven runs a module's tests in its folder
        + check(Path.of("../grammar/src/main/java/org/scansim/frontend/ir"), incomplete)
        + check(Path.of("../grammar/src/test/java/org/scansim/frontend/ir"), incomplete); // the IR's verifier
    // Where the meaning differs op by op: the IR's printer and verifier, the interpreter's general
    // path, the host interpreter, the timing model's costs (the timing module's own test).
    assertThat(exhaustive).as("switches naming every op").isGreaterThanOrEqualTo(4);
    assertThat(incomplete).isEmpty();
  }

  /** Adds to {@code incomplete} each switch under {@code main} that neither names every op nor says what the others get; returns how many name every op. */
  private static int check(Path main, List<String> incomplete) throws IOException {
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
          int defaultAt = labels(s, m.end(), labels);
          if (!labels.stream().allMatch(OpSwitchesTest::isOp)) {
            continue; // a switch over another enum's op (an expression's operator)
          }
          Set<String> missing = new LinkedHashSet<>();
          for (Op op : Op.values()) {
            if (!labels.contains(op.name())) {
              missing.add(op.name());
            }
          }
          int line = (int) s.substring(0, m.start()).chars().filter(c -> c == '\n').count() + 1;
          if (defaultAt >= 0) {
            if (!saysWhatOthersGet(s, defaultAt)) {
              incomplete.add(main.relativize(f) + ":" + line + " has a default without an // other ops: comment before it");
            }
          } else if (!missing.isEmpty()) {
            incomplete.add(main.relativize(f) + ":" + line + " misses " + missing);
          } else {
            switches++;
          }
        }
      }
    }
    return switches;
  }

  private static boolean isOp(String name) {
    return Arrays.stream(Op.values()).anyMatch(o -> o.name().equals(name));
  }

  /** Whether the lines just before the {@code default} at {@code at} are a comment that starts {@code // other ops:}. */
  private static boolean saysWhatOthersGet(String s, int at) {
    int lineStart = s.lastIndexOf('\n', at) + 1;
    for (int end = lineStart - 1; end > 0; ) {
      int start = s.lastIndexOf('\n', end - 1) + 1;
      String line = s.substring(start, end).strip();
      if (!line.startsWith("//")) {
        return false;
      }
      if (line.startsWith("// other ops:")) {
        return true;
      }
      end = start - 1;
    }
    return false;
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
   * returns where its default is, or -1. Skips comments, strings and characters, and nested bodies.
   */
  private static int labels(String s, int from, Set<String> labels) {
    int depth = 0;
    int hasDefault = -1;
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
          hasDefault = i;
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
