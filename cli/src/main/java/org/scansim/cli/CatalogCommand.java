package org.scansim.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.scansim.catalog.Catalog;
import org.scansim.catalog.Kernel;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code scansim catalog [NAME] [--json]}: the kernels, their sources and what they should show. */
@Command(
    name = "catalog",
    mixinStandardHelpOptions = true,
    description = {
      "Lists the catalog's kernels with their source, scan, sizes and work formula.",
      "With a NAME, everything the metadata says about that kernel. Run one with scansim run NAME."
    })
final class CatalogCommand implements Callable<Integer> {
  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @Parameters(index = "0", arity = "0..1", paramLabel = "NAME", description = "a catalog name, e.g. harris/blelloch")
  String name;

  @Option(names = "--json", description = "print the metadata as JSON")
  boolean json;

  private static final ObjectMapper JSON = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    Catalog catalog;
    try {
      catalog = CatalogLocation.load();
    } catch (Catalog.CatalogException e) {
      err.println("scansim: error: " + e.getMessage());
      return Main.INVALID_INPUT;
    }
    List<Kernel> shown = catalog.kernels();
    if (name != null) {
      Kernel k = catalog.find(name).orElse(null);
      if (k == null) {
        err.println("scansim: error: no kernel '" + name + "' in the catalog" + hint(catalog.near(name)));
        return Main.INVALID_INPUT;
      }
      shown = List.of(k);
    }
    if (json) {
      List<Map<String, Object>> rows = new ArrayList<>();
      for (Kernel k : shown) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("file", catalog.root().getParent().relativize(k.file()).toString());
        m.putAll(JSON.convertValue(k, Map.class));
        rows.add(m);
      }
      out.println(JSON.writeValueAsString(name == null ? rows : rows.get(0)));
    } else if (name != null) {
      describe(catalog, shown.get(0), out);
    } else {
      table(shown, out);
    }
    out.flush();
    return Main.OK;
  }

  static String hint(List<String> near) {
    return near.isEmpty() ? " (scansim catalog lists them)" : "; did you mean " + String.join(", ", near) + "?";
  }

  /** The widest line of the list, so that it fits a terminal (it was 184 characters wide on one line per kernel). */
  static final int WIDTH = 100;

  /**
   * Two lines per kernel: its name, scan and sizes in columns, then, indented, its work formula
   * and its source, cut at {@link #WIDTH} ({@code scansim catalog NAME} has them whole).
   */
  private static void table(List<Kernel> ks, PrintWriter out) {
    String[] head = {"name", "scan", "sizes"};
    List<String[]> rows = new ArrayList<>();
    for (Kernel k : ks) {
      rows.add(new String[] {k.name() + (k.erratum() != null ? " *" : ""), k.scan(), k.sizes().describe()});
    }
    int[] w = new int[head.length];
    for (int c = 0; c < head.length; c++) {
      w[c] = head[c].length();
      for (String[] r : rows) {
        w[c] = Math.max(w[c], r[c].length());
      }
    }
    print(out, head, w);
    out.println("    work; source");
    for (int i = 0; i < ks.size(); i++) {
      Kernel k = ks.get(i);
      print(out, rows.get(i), w);
      String second = "    work " + k.work().formula() + "; " + shortDoc(k.source().document()) + ", " + k.source().where();
      out.println(second.length() > WIDTH ? second.substring(0, WIDTH - 1).stripTrailing() + "…" : second);
    }
    out.println();
    out.println(ks.size() + " kernels; * keeps an erratum of the printed text (scansim catalog NAME says which).");
  }

  private static void print(PrintWriter out, String[] r, int[] w) {
    StringBuilder s = new StringBuilder();
    for (int c = 0; c < r.length; c++) {
      s.append(c == r.length - 1 ? r[c] : String.format("%-" + w[c] + "s  ", r[c]));
    }
    out.println(s.toString().stripTrailing());
  }

  /** "Harris, Sengupta and Owens, Parallel ..." -> "Harris et al."; otherwise the text before the first comma. */
  static String shortDoc(String doc) {
    String[] parts = doc.split(",\\s*");
    if (parts.length > 2 && parts[1].contains(" and ")) {
      return parts[0] + " et al.";
    }
    return parts[0];
  }

  private static void describe(Catalog catalog, Kernel k, PrintWriter out) {
    out.println(k.name() + ": " + k.title());
    out.println("  file:     " + catalog.root().getParent().relativize(k.file())
        + (k.defines().isEmpty() ? "" : " " + defines(k.defines())));
    k.definesOn().forEach((arch, d) -> out.println("  on " + arch + ":   " + defines(d)));
    out.println("  source:   " + k.source().document() + ", " + k.source().where());
    out.println("  scan:     " + k.scan());
    out.println("  sizes:    " + k.sizes().describe());
    out.println("  work:     " + k.work().formula() + " (" + switch (k.work().check()) {
      case "exact" -> "exact at every size";
      case "pow2" -> "exact at powers of two";
      case "atMax" -> "exact at the largest size";
      case "atMost" -> "an upper bound";
      default -> "not checked";
    } + ")");
    if (k.depth() != null) {
      out.println("  depth:    " + k.depth());
    }
    for (Kernel.Property p : k.properties()) {
      out.println("  property: on " + p.arch() + " at n = " + p.n() + ", " + p.counter() + " " + p.expectation() + ": " + p.text());
    }
    if (k.erratum() != null) {
      out.println("  erratum:  " + k.erratum().text()
          + (k.erratum().wrongFrom() == null ? " (results stay right)" : " (wrong results from n = " + k.erratum().wrongFrom() + ")"));
    }
    if (k.notes() != null) {
      out.println("  notes:    " + k.notes());
    }
  }

  private static String defines(Map<String, String> d) {
    return String.join(" ", d.entrySet().stream().map(e -> "-D" + e.getKey() + (e.getValue().isEmpty() ? "" : "=" + e.getValue())).toList());
  }
}
