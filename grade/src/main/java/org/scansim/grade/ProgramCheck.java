package org.scansim.grade;

import java.util.ArrayList;
import java.util.List;

/**
 * Compares what a whole program printed with what a run of the assignment expects: line by
 * line, exactly, except that spaces and tabs at the end of a line and empty lines at the end of
 * the output do not count (an editor's or a shell's, not the program's); and the exit status.
 */
final class ProgramCheck {
  private ProgramCheck() {}

  /** How many differing lines a result shows. */
  static final int SHOWN = 5;

  /** Where {@code printed} and {@code status} differ from the case: empty when they agree. */
  static List<String> differences(Assignment.ProgramCase c, String printed, Integer status) {
    List<String> out = new ArrayList<>();
    List<String> want = lines(c.output());
    List<String> got = lines(printed);
    int differing = 0;
    for (int i = 0; i < Math.max(want.size(), got.size()); i++) {
      String w = i < want.size() ? want.get(i) : null;
      String g = i < got.size() ? got.get(i) : null;
      if (w != null && w.equals(g)) {
        continue;
      }
      if (++differing <= SHOWN) {
        out.add("line " + (i + 1) + ": " + (g == null ? "missing" : "printed \"" + g + "\"")
            + (w == null ? ", past the expected output's end" : ", expected \"" + w + "\""));
      }
    }
    if (differing > SHOWN) {
      out.add("... " + (differing - SHOWN) + " more differing lines");
    }
    int exit = status == null ? 0 : status;
    if (exit != c.exitStatus()) {
      out.add("exit status " + exit + ", expected " + c.exitStatus());
    }
    return out;
  }

  /** The text's lines without their trailing blanks, and without the empty lines that end it. */
  static List<String> lines(String text) {
    List<String> out = new ArrayList<>();
    for (String line : text.split("\n", -1)) {
      out.add(line.replaceAll("[ \t\r]+$", ""));
    }
    while (!out.isEmpty() && out.get(out.size() - 1).isEmpty()) {
      out.remove(out.size() - 1);
    }
    return out;
  }
}
