package org.scansim.reports;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import org.scansim.sim.check.Circuit;
import org.scansim.sim.check.Circuit.Node;
import org.scansim.sim.run.ScanRun;

/**
 * A scan circuit as a standalone SVG 1.1 picture in the style of the CUDA Handbook's figures
 * (§13.3, figures 13.6 to 13.11): the inputs x0 .. x(n-1) on top, one vertical wire per element
 * index, one row per dependency level (a ⊕ one level below its deeper operand), every ⊕ a dot on
 * the wire of its column (see {@link CircuitLayout} for which column) with a line, the fan, from
 * the wire of its other operand at the row above, and the outputs labelled at the bottom.
 *
 * <p>A ⊕ with the identity as an operand (a copy, as in the down-sweep of Harris's Listing 2) is
 * a hollow dot; a ⊕ whose value is not a contiguous range is red, and so is an output that is not
 * what the expected scan needs. Every dot and output label has a tooltip. The same circuit gives
 * byte-identical SVG: no clock, no hash order, numbers printed with {@link Locale#ROOT}.
 */
public final class CircuitSvg {
  private static final int LEFT = 40; // room for the level numbers
  private static final int COL = 32;
  private static final int ROW = 32;
  private static final int RADIUS = 4;
  private static final double CHAR = 6.0; // width of a 10px monospace character, for sizing only
  private static final String RED = "#d62728";
  private static final String WIRE = "#999999";

  private CircuitSvg() {}

  /** The circuit, with no title and no expected scan (no output is marked wrong). */
  public static String render(Circuit c) {
    return render(c, null, null);
  }

  /**
   * The circuit.
   *
   * @param expect the scan the outputs should hold (outputs that do not are red); null: unknown
   * @param title  a line above the picture (e.g. the kernel and n); null: none
   */
  public static String render(Circuit c, ScanRun.Expect expect, String title) {
    CircuitGraph g = new CircuitGraph(c);
    CircuitLayout lay = new CircuitLayout(g);
    StringBuilder s = new StringBuilder();
    int top = title == null ? 8 : 28;
    double y0 = top + 20;
    double wireEnd = y0 + g.levels * ROW + ROW / 2.0;
    double outTop = wireEnd + 16;
    int[] outputs = c.outputs();
    int longest = 1;
    for (int out : outputs) {
      longest = Math.max(longest, g.name(out).length());
    }
    boolean rotate = longest * CHAR > COL - 4;
    double labelArea = rotate ? longest * CHAR + 8 : 16;
    double legendY = outTop + labelArea + 16;
    String summary = CircuitStats.summary(g);
    String key = "rows: dependency levels · ● x ⊕ y · ○ 0 ⊕ y (a copy) · red: not a contiguous range, or a wrong output";
    double width = Math.max(LEFT + lay.columns * COL + 8, LEFT + Math.max(summary.length(), key.length()) * CHAR + 8);
    double height = legendY + 24;

    s.append("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n");
    s.append("<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"").append(num(width))
        .append("\" height=\"").append(num(height)).append("\" viewBox=\"0 0 ").append(num(width)).append(' ')
        .append(num(height)).append("\" font-family=\"monospace\" font-size=\"10\">\n");
    s.append("<title>").append(escape(title == null ? "scan circuit, " + summary : title)).append("</title>\n");
    s.append("<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n");
    if (title != null) {
      s.append("<text class=\"title\" x=\"").append(LEFT).append("\" y=\"16\" font-size=\"12\">").append(escape(title)).append("</text>\n");
    }

    // Inputs on top, one wire per column, level numbers on the left.
    s.append("<g class=\"inputs\" text-anchor=\"middle\">\n");
    for (int col = 0; col < c.n(); col++) {
      s.append("<text x=\"").append(num(wire(col))).append("\" y=\"").append(num(y0 - 8)).append("\">x").append(col).append("</text>\n");
    }
    s.append("</g>\n<g class=\"levels\" text-anchor=\"end\" fill=\"#777777\">\n");
    for (int l = 1; l <= g.levels; l++) {
      s.append("<text x=\"").append(LEFT - 8).append("\" y=\"").append(num(y0 + l * ROW + 3.5)).append("\">").append(l).append("</text>\n");
    }
    s.append("</g>\n<g class=\"wires\" stroke=\"").append(WIRE).append("\" stroke-width=\"1\">\n");
    for (int col = 0; col < lay.columns; col++) {
      line(s, null, wire(col), y0 - 4, wire(col), wireEnd, null);
    }
    s.append("</g>\n");

    List<Integer> order = new ArrayList<>();
    for (int i = 0; i < g.size(); i++) {
      if (!g.node(i).isInput()) {
        order.add(i);
      }
    }
    order.sort(Comparator.<Integer>comparingInt(i -> g.level[i]).thenComparingInt(i -> lay.column[i]).thenComparingInt(i -> i));

    // Fans: from the other operand's wire at the row above, or from the operand itself when its
    // wire has been overwritten since (or it is the row above).
    s.append("<g class=\"fans\" stroke=\"#000000\" stroke-width=\"1.2\">\n");
    for (int p : order) {
      Node v = g.node(p);
      int left = g.position(v.left());
      int right = g.position(v.right());
      for (int q : right == left ? new int[] {left} : new int[] {left, right}) {
        if (q < 0) {
          continue;
        }
        int from = g.level[q];
        int above = g.level[p] - 1;
        int col = lay.column[q];
        boolean held = from < above && lay.wireHolds(col, from, above);
        if (held && col == lay.column[p]) {
          continue; // the node's own wire brings it
        }
        double x1 = held ? wire(col) : x(lay, q);
        double y1 = held ? y0 + above * ROW : y0 + from * ROW;
        if (from == above && col == lay.column[p] && lay.offset[q] == lay.offset[p]) {
          continue; // straight down the wire from the row above
        }
        line(s, "fan", x1, y1, x(lay, p), y0 + g.level[p] * ROW, v.valid() ? null : RED);
      }
    }
    s.append("</g>\n");

    // Outputs: straight down their wire, or wired in from where their value is (Figure 13.7).
    s.append("<g class=\"outputs\" stroke=\"#000000\" stroke-width=\"1\">\n");
    for (int i = 0; i < outputs.length; i++) {
      int p = g.position(outputs[i]);
      if (p < 0) {
        continue;
      }
      int col = lay.column[p];
      boolean held = lay.wireHolds(col, g.level[p], Integer.MAX_VALUE);
      double x1 = held ? wire(col) : x(lay, p);
      double y1 = held ? wireEnd : y0 + g.level[p] * ROW;
      line(s, "out", x1, y1, wire(i), outTop, null);
    }
    s.append("</g>\n");

    s.append("<g class=\"nodes\">\n");
    for (int p : order) {
      Node v = g.node(p);
      String fill = !v.valid() ? RED : g.withIdentity(p) ? "#ffffff" : "#000000";
      String stroke = v.valid() ? "#000000" : RED;
      s.append("<circle class=\"").append(v.valid() ? g.withIdentity(p) ? "node copy" : "node" : "node invalid")
          .append("\" cx=\"").append(num(x(lay, p))).append("\" cy=\"").append(num(y0 + g.level[p] * ROW))
          .append("\" r=\"").append(RADIUS).append("\" fill=\"").append(fill).append("\" stroke=\"").append(stroke)
          .append("\" stroke-width=\"1.2\"><title>").append(escape(g.describe(p))).append("</title></circle>\n");
    }
    s.append("</g>\n");

    s.append("<g class=\"output-labels\" text-anchor=\"").append(rotate ? "start" : "middle").append("\">\n");
    for (int i = 0; i < outputs.length; i++) {
      String name = g.name(outputs[i]);
      String want = expected(expect, i);
      boolean wrong = outputs[i] == Circuit.NONE || g.position(outputs[i]) < 0 && outputs[i] != Circuit.IDENTITY
          || want != null && !want.equals(name);
      double tx = rotate ? wire(i) - 3.5 : wire(i);
      double ty = rotate ? outTop + 4 : outTop + 12;
      s.append("<text class=\"").append(wrong ? "output wrong" : "output").append("\" x=\"").append(num(tx)).append("\" y=\"")
          .append(num(ty)).append('"');
      if (rotate) {
        s.append(" transform=\"rotate(90 ").append(num(tx)).append(' ').append(num(ty)).append(")\"");
      }
      if (wrong) {
        s.append(" fill=\"").append(RED).append('"');
      }
      s.append("><title>").append(escape("out[" + i + "] = " + name + (wrong && want != null ? ", expected " + want : "")))
          .append("</title>").append(escape(name)).append("</text>\n");
    }
    s.append("</g>\n");

    s.append("<g class=\"legend\">\n");
    s.append("<text x=\"").append(LEFT).append("\" y=\"").append(num(legendY)).append("\">").append(escape(summary)).append("</text>\n");
    s.append("<text x=\"").append(LEFT).append("\" y=\"").append(num(legendY + 14)).append("\" fill=\"#555555\">")
        .append(escape(key)).append("</text>\n");
    s.append("</g>\n</svg>\n");
    return s.toString();
  }

  /** The name out[i] should hold, or null when no scan is expected. */
  static String expected(ScanRun.Expect expect, int i) {
    if (expect == null) {
      return null;
    }
    if (expect == ScanRun.Expect.INCLUSIVE) {
      return CircuitGraph.range(0, i);
    }
    return i == 0 ? "0" : CircuitGraph.range(0, i - 1);
  }

  private static double wire(int col) {
    return LEFT + COL / 2.0 + col * COL;
  }

  private static double x(CircuitLayout lay, int p) {
    return wire(lay.column[p]) + lay.offset[p] * 10;
  }

  private static void line(StringBuilder s, String cls, double x1, double y1, double x2, double y2, String stroke) {
    s.append("<line");
    if (cls != null) {
      s.append(" class=\"").append(cls).append('"');
    }
    s.append(" x1=\"").append(num(x1)).append("\" y1=\"").append(num(y1)).append("\" x2=\"").append(num(x2))
        .append("\" y2=\"").append(num(y2)).append('"');
    if (stroke != null) {
      s.append(" stroke=\"").append(stroke).append('"');
    }
    s.append("/>\n");
  }

  /** A coordinate: an integer when it is one, else one decimal; never locale-dependent. */
  static String num(double v) {
    double r = Math.rint(v * 10) / 10;
    return r == Math.rint(r) ? Long.toString((long) r) : String.format(Locale.ROOT, "%.1f", r);
  }

  /** Text for XML content and attribute values: markup characters escaped, characters XML 1.0 forbids replaced. */
  static String escape(String text) {
    StringBuilder out = new StringBuilder(text.length());
    text.codePoints().forEach(cp -> {
      switch (cp) {
        case '&' -> out.append("&amp;");
        case '<' -> out.append("&lt;");
        case '>' -> out.append("&gt;");
        case '"' -> out.append("&quot;");
        case '\'' -> out.append("&apos;");
        default -> {
          boolean allowed = cp == 0x9 || cp == 0xA || cp == 0xD || cp >= 0x20 && cp <= 0xD7FF
              || cp >= 0xE000 && cp <= 0xFFFD || cp >= 0x10000 && cp <= 0x10FFFF;
          out.appendCodePoint(allowed ? cp : 0xFFFD);
        }
      }
    });
    return out.toString();
  }
}
