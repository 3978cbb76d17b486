package org.scansim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The compiler directives a large program's run adds ({@link HotMethods}): Java takes them through
 * its diagnostic command, and every method they name is one the simulator has (a renamed method
 * would silently lose C2's code; only the speed would show it).
 */
class HotMethodsTest {
  @Test
  void javaTakesTheDirectivesAndTheyNameTheSimulatorsOwnMethods() throws Exception {
    String text;
    try (InputStream in = HotMethods.class.getResourceAsStream("hot-methods.json")) {
      text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    Matcher m = Pattern.compile("\"(org/scansim/[\\w/]+?)(\\*?)\\.([\\w*]+)\"").matcher(text);
    List<String> named = new ArrayList<>();
    while (m.find()) {
      String className = m.group(1).replace('/', '.');
      boolean prefix = !m.group(2).isEmpty(); // HostLoop*: the hidden classes of compiled host loops
      String method = m.group(3);
      named.add(m.group());
      if (prefix) {
        assertThat(className).isEqualTo("org.scansim.sim.host.HostLoop"); // the name HostLoops gives them
        continue;
      }
      Class<?> c = Class.forName(className);
      String stem = method.endsWith("*") ? method.substring(0, method.length() - 1) : method;
      assertThat(method.equals("*") || java.util.Arrays.stream(c.getDeclaredMethods()).anyMatch(x -> method.endsWith("*")
          ? x.getName().startsWith(stem) : x.getName().equals(method))).as(m.group()).isTrue();
    }
    assertThat(named).hasSizeGreaterThanOrEqualTo(8).contains("\"org/scansim/sim/host/HostLoop*.*\"", "\"org/scansim/sim/engine/BlockFlow.*\"");
    assertThat(text).contains("{ match: \"*.*\", c2: { Exclude: true } }");

    assertThat(HotMethods.add()).isTrue();
    try {
      String printed = String.valueOf(HotMethods.diagnostic("compilerDirectivesPrint"));
      assertThat(printed).contains("org/scansim/sim/host/HostLoop*.*").contains("org/scansim/sim/engine/BlockFlow.*");
    } finally {
      HotMethods.diagnostic("compilerDirectivesRemove"); // the two this added: C2 for everything again
      HotMethods.diagnostic("compilerDirectivesRemove");
    }
  }
}
