package org.scansim.reports;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.scansim.sim.check.Circuit;
import org.scansim.sim.run.ScanRun;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/** The SVG pictures of the three Handbook networks, read back with the JDK's XML parser. */
class CircuitSvgTest {
  private static final String SVG_NS = "http://www.w3.org/2000/svg";

  static Document parse(String svg) throws Exception {
    DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
    f.setNamespaceAware(true);
    f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
    f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
    DocumentBuilder b = f.newDocumentBuilder();
    b.setErrorHandler(null);
    return b.parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
  }

  private static List<Element> elements(Document d, String tag) {
    NodeList list = d.getElementsByTagNameNS(SVG_NS, tag);
    List<Element> out = new ArrayList<>();
    for (int i = 0; i < list.getLength(); i++) {
      out.add((Element) list.item(i));
    }
    return out;
  }

  private static List<Element> withClass(Document d, String tag, String cls) {
    return elements(d, tag).stream().filter(e -> List.of(e.getAttribute("class").split(" ")).contains(cls)).toList();
  }

  /** Node circles per row, top to bottom. */
  private static List<Integer> circlesPerRow(Document d) {
    Map<Double, Integer> rows = new TreeMap<>();
    for (Element c : withClass(d, "circle", "node")) {
      rows.merge(Double.parseDouble(c.getAttribute("cy")), 1, Integer::sum);
    }
    return List.copyOf(rows.values());
  }

  /** The text of an element without its tooltip. */
  private static String label(Element text) {
    return text.getLastChild().getTextContent();
  }

  private static String tooltip(Element e) {
    return e.getElementsByTagNameNS(SVG_NS, "title").item(0).getTextContent();
  }

  @Test
  void koggeStoneHasOneRowPerLevelWithItsNodes() throws Exception {
    Circuit c = Networks.koggeStone(16);
    Document d = parse(CircuitSvg.render(c));
    assertThat(d.getDocumentElement().getLocalName()).isEqualTo("svg");
    assertThat(d.getDocumentElement().getAttribute("version")).isEqualTo("1.1");
    assertThat(circlesPerRow(d)).containsExactly(15, 14, 12, 8);
    NodeList inputTexts = withClass(d, "g", "inputs").get(0).getElementsByTagNameNS(SVG_NS, "text");
    List<String> inputs = new ArrayList<>();
    for (int i = 0; i < inputTexts.getLength(); i++) {
      inputs.add(inputTexts.item(i).getTextContent());
    }
    assertThat(inputs).hasSize(16).startsWith("x0", "x1").endsWith("x15");
    List<String> outputs = withClass(d, "text", "output").stream().map(CircuitSvgTest::label).toList();
    assertThat(outputs).hasSize(16).startsWith("x0", "x0..x1", "x0..x2").endsWith("x0..x15");
    List<String> tips = withClass(d, "circle", "node").stream().map(CircuitSvgTest::tooltip).toList();
    assertThat(tips).contains("x0..x1 = x0 ⊕ x1 (depth 1)", "x0..x15 = x0..x7 ⊕ x8..x15 (depth 4)");
    String legend = withClass(d, "g", "legend").get(0).getTextContent();
    assertThat(legend).contains("work 49").contains("depth 4").contains("max fan-out 4 (x0)").contains("at one level 2");
    // Inclusive outputs come straight down their own wires.
    for (Element out : withClass(d, "line", "out")) {
      assertThat(out.getAttribute("x1")).isEqualTo(out.getAttribute("x2"));
    }
    assertThat(withClass(d, "text", "wrong")).isEmpty();
  }

  @Test
  void sklanskyFansEightNodesFromX0ToX7AtTheLastLevel() throws Exception {
    Document d = parse(CircuitSvg.render(Networks.sklansky(16)));
    assertThat(circlesPerRow(d)).containsExactly(8, 8, 8, 8);
    List<Element> level4 = withClass(d, "circle", "node").stream().filter(e -> tooltip(e).endsWith("(depth 4)")).toList();
    assertThat(level4).hasSize(8);
    String row4 = level4.get(0).getAttribute("cy");
    String row3 = withClass(d, "circle", "node").stream().filter(e -> tooltip(e).startsWith("x0..x7 ="))
        .findFirst().orElseThrow().getAttribute("cy");
    String wire7 = withClass(d, "circle", "node").stream().filter(e -> tooltip(e).startsWith("x0..x7 ="))
        .findFirst().orElseThrow().getAttribute("cx");
    List<Element> fans = withClass(d, "line", "fan").stream().filter(l -> l.getAttribute("y2").equals(row4)).toList();
    // Each level-4 node's other operand arrives down its own wire: the only fans are x0..x7's.
    assertThat(fans).hasSize(8).allSatisfy(l -> {
      assertThat(l.getAttribute("x1")).isEqualTo(wire7);
      assertThat(l.getAttribute("y1")).isEqualTo(row3);
    });
    assertThat(withClass(d, "g", "legend").get(0).getTextContent()).contains("max fan-out 8 (x0..x7)");
  }

  @Test
  void brentKungRowsAreDataflowLevels() throws Exception {
    Document d = parse(CircuitSvg.render(Networks.brentKungInclusive(16), ScanRun.Expect.INCLUSIVE, "pmpp/brent_kung n=16"));
    assertThat(circlesPerRow(d)).containsExactly(8, 5, 4, 5, 3, 1);
    assertThat(withClass(d, "text", "title").get(0).getTextContent()).isEqualTo("pmpp/brent_kung n=16");
    assertThat(withClass(d, "text", "wrong")).isEmpty();
    assertThat(withClass(d, "g", "legend").get(0).getTextContent()).contains("work 26").contains("depth 6");
  }

  @Test
  void exclusiveOutputsAreWiredInFromTheLeftAndCopiesAreHollow() throws Exception {
    Circuit c = Networks.blellochExclusive(8);
    Document d = parse(CircuitSvg.render(c, ScanRun.Expect.EXCLUSIVE, null));
    List<String> outputs = withClass(d, "text", "output").stream().map(CircuitSvgTest::label).toList();
    assertThat(outputs).containsExactly("0", "x0", "x0..x1", "x0..x2", "x0..x3", "x0..x4", "x0..x5", "x0..x6");
    assertThat(withClass(d, "text", "wrong")).isEmpty();
    List<Element> outLines = withClass(d, "line", "out");
    assertThat(outLines).hasSize(7).allSatisfy(l ->
        assertThat(Double.parseDouble(l.getAttribute("x2")) - Double.parseDouble(l.getAttribute("x1"))).isEqualTo(32.0));
    assertThat(withClass(d, "circle", "copy")).hasSize(3)
        .allSatisfy(e -> assertThat(e.getAttribute("fill")).isEqualTo("#ffffff"));
    assertThat(withClass(d, "circle", "copy").stream().map(CircuitSvgTest::tooltip))
        .contains("x0..x3 = 0 ⊕ x0..x3 (depth 3)");
    // Against the wrong expectation every output is marked, with what it should have held.
    Document asInclusive = parse(CircuitSvg.render(c, ScanRun.Expect.INCLUSIVE, null));
    assertThat(withClass(asInclusive, "text", "wrong")).hasSize(8);
    assertThat(tooltip(withClass(asInclusive, "text", "wrong").get(1))).isEqualTo("out[1] = x0, expected x0..x1");
  }

  @Test
  void aValueThatIsNotARangeIsRedAndNamesItsOperands() throws Exception {
    Networks.Builder b = new Networks.Builder(4);
    int a = b.op(0, 1);         // x0..x1
    int c = b.op(1, 2);         // x1..x2
    int bad = b.op(a, c);       // x0..x1 ⊕ x1..x2: x1 counted twice
    int worse = b.op(bad, 3);
    Circuit circuit = b.circuit(new int[] {0, a, bad, worse});
    Document d = parse(CircuitSvg.render(circuit, ScanRun.Expect.INCLUSIVE, null));
    List<Element> red = withClass(d, "circle", "invalid");
    assertThat(red).hasSize(2).allSatisfy(e -> assertThat(e.getAttribute("fill")).isEqualTo("#d62728"));
    assertThat(tooltip(red.get(0))).isEqualTo("x0..x1 ⊕ x1..x2 = not a contiguous range of inputs (depth 2)");
    assertThat(tooltip(red.get(1))).isEqualTo("[x0..x1⊕x1..x2] ⊕ x3 = not a contiguous range of inputs (depth 3)");
    assertThat(withClass(d, "text", "wrong").stream().map(CircuitSvgTest::label)).containsExactly("[x0..x1⊕x1..x2]", "[[…]⊕x3]");
    assertThat(withClass(d, "g", "legend").get(0).getTextContent()).contains("2 not a contiguous range");
  }

  @Test
  void outputsNotFromTheInputAreMarked() throws Exception {
    Networks.Builder b = new Networks.Builder(2);
    Document d = parse(CircuitSvg.render(b.circuit(new int[] {0, Circuit.NONE})));
    assertThat(withClass(d, "text", "wrong").stream().map(CircuitSvgTest::label)).containsExactly("?");
  }

  @Test
  void sameCircuitGivesTheSameBytesInAnyLocale() {
    String first = CircuitSvg.render(Networks.sklansky(16), ScanRun.Expect.INCLUSIVE, "t");
    assertThat(first).contains(".5\""); // rotated output labels sit between whole pixels
    Locale before = Locale.getDefault();
    try {
      Locale.setDefault(Locale.GERMANY);
      assertThat(CircuitSvg.render(Networks.sklansky(16), ScanRun.Expect.INCLUSIVE, "t")).isEqualTo(first);
    } finally {
      Locale.setDefault(before);
    }
  }

  @Test
  void textIsEscapedAndCharactersXmlForbidsAreReplaced() throws Exception {
    String title = "a<b & \"c\" 'd' \u0001 \ud800 é ⊕";
    Document d = parse(CircuitSvg.render(Networks.koggeStone(4), null, title));
    assertThat(withClass(d, "text", "title").get(0).getTextContent()).isEqualTo("a<b & \"c\" 'd' \ufffd \ufffd é ⊕");
  }

  @Test
  void nodesSharingAWireAndALevelAreSetSideBySide() throws Exception {
    Networks.Builder b = new Networks.Builder(2);
    int one = b.op(0, 1);
    int two = b.op(0, 1); // the same sum computed twice
    Document d = parse(CircuitSvg.render(b.circuit(new int[] {0, two})));
    List<Element> nodes = withClass(d, "circle", "node");
    assertThat(nodes).hasSize(2);
    assertThat(nodes.get(0).getAttribute("cy")).isEqualTo(nodes.get(1).getAttribute("cy"));
    assertThat(nodes.get(0).getAttribute("cx")).isNotEqualTo(nodes.get(1).getAttribute("cx"));
    assertThat(one).isNotEqualTo(two);
  }

  @Test
  void emptyCircuitIsStillAPicture() throws Exception {
    Document d = parse(CircuitSvg.render(new Circuit(0, List.of(), new int[0])));
    assertThat(withClass(d, "circle", "node")).isEmpty();
  }
}
