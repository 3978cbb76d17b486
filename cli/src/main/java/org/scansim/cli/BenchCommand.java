package org.scansim.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.scansim.catalog.Bench;
import org.scansim.catalog.Catalog;
import org.scansim.catalog.Kernel;
import org.scansim.sim.run.ScanRun;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code scansim bench [--json]}: how fast the simulator runs the catalog's main kernels. */
@Command(
    name = "bench",
    mixinStandardHelpOptions = true,
    description = {
      "Runs the catalog's main kernels over n = 2^10 ... 2^24 and prints, per kernel and size: the "
          + "time from the start of the run to its report, simulated elements and thread instructions per "
          + "second, peak heap, and the ratio to a plain Java sequential scan of the same array timed in "
          + "the same run.",
      "Then measures the speed targets side by side: the 16M-element scan, linear scaling, two "
          + "cores against one (reports compared byte for byte) and the cost of the checkers and the scan "
          + "proof. The 16M-element scan is run three times and the fastest counts; the two ratios are "
          + "measured in five alternating rounds and the median of the rounds' ratios counts."
    })
final class BenchCommand implements Callable<Integer> {
  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @Option(names = "--json", description = "print the measurements as JSON")
  boolean json;

  @Option(names = "--kernels", split = ",", paramLabel = "NAME", description = "catalog kernels to run (default: the main ones)")
  List<String> kernels;

  @Option(names = "--min-log", defaultValue = "10", paramLabel = "E", description = "smallest size 2^E; default: ${DEFAULT-VALUE}")
  int minLog;

  @Option(names = "--max-log", defaultValue = "24", paramLabel = "E", description = "largest size 2^E; default: ${DEFAULT-VALUE}")
  int maxLog;

  @Option(names = "--step", defaultValue = "2", paramLabel = "S", description = "exponent step between sizes; default: ${DEFAULT-VALUE}")
  int step;

  @Option(names = "--threads", paramLabel = "T", description = "threads for independent blocks (default: all cores)")
  Integer threads;

  @Option(names = "--arch", defaultValue = "hopper", paramLabel = "ARCH", description = "architecture preset; default: ${DEFAULT-VALUE}")
  String arch;

  @Option(names = "--no-targets", description = "only the table: skip the target measurements")
  boolean noTargets;

  @Option(names = "--check-n", defaultValue = "1048576", paramLabel = "N", description = "size of the checker-cost measurement; default: ${DEFAULT-VALUE}")
  int checkN;

  private static final ObjectMapper JSON = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    if (minLog < 0 || maxLog > 24 || minLog > maxLog || step < 1 || checkN < 1) {
      err.println("scansim: error: need 0 <= --min-log <= --max-log <= 24, --step >= 1 and --check-n >= 1");
      return Main.INVALID_INPUT;
    }
    int t = threads == null ? Runtime.getRuntime().availableProcessors() : Math.max(1, threads);
    Bench bench;
    List<Kernel> ks = new ArrayList<>();
    try {
      bench = new Bench(CatalogLocation.load(), arch, t);
      for (String name : kernels == null ? Bench.MAIN_KERNELS : kernels) {
        ks.add(bench.kernel(name));
      }
    } catch (Catalog.CatalogException | IllegalArgumentException e) {
      err.println("scansim: error: " + e.getMessage());
      return Main.INVALID_INPUT;
    }
    String machine = Runtime.getRuntime().availableProcessors() + " cores, Java " + System.getProperty("java.version")
        + ", max heap " + Runtime.getRuntime().maxMemory() / (1 << 20) + " MB";
    if (!json) {
      out.println("scansim bench: " + machine + ", " + t + " thread(s), arch " + arch);
      out.println("time: from compiling the kernel file to the rendered report, after one warm-up run per kernel at 2^20;");
      out.println("java scan: a plain sequential scan of the same floats; ratio: time / java scan");
      out.println();
      out.printf(Locale.ROOT, "%-28s %9s %9s %12s %14s %10s %11s %9s%n", "kernel", "n", "time s", "elements/s", "thread inst/s",
          "peak MB", "java scan s", "ratio");
      out.flush();
    }
    List<Bench.Row> rows = new ArrayList<>();
    try {
      bench.warmUp(ks);
      for (Kernel k : ks) {
        for (int n : bench.sizes(k, minLog, maxLog, step)) {
          Bench.Row r = bench.measure(k, n, t);
          rows.add(r);
          if (!json) {
            out.printf(Locale.ROOT, "%-28s %9d %9.3f %12.3e %14.3e %10.0f %11.2e %9.0f%s%n", r.kernel(), r.n(), r.seconds(),
                r.elementsPerSecond(), r.threadInstructionsPerSecond(), r.peakHeapBytes() / 1e6, r.javaScanSeconds(),
                r.ratioToJavaScan(), r.correct() ? "" : "  (output wrong: a kept erratum)");
            out.flush();
          }
        }
      }
      List<Bench.Target> targets = noTargets ? List.of() : bench.targets(rows, checkN);
      if (json) {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("schemaVersion", 1);
        doc.put("machine", machine);
        doc.put("threads", t);
        doc.put("arch", arch);
        doc.put("rows", rows.stream().map(BenchCommand::row).toList());
        doc.put("targets", targets);
        out.println(JSON.writeValueAsString(doc));
      } else if (!targets.isEmpty()) {
        out.println();
        out.println("targets");
        for (Bench.Target g : targets) {
          out.printf(Locale.ROOT, "  [%s] %s: %s%n         measured: %s%n", g.met() ? "met" : "MISSED", g.name(), g.goal(), g.measured());
        }
      }
    } catch (ScanRun.UsageException e) {
      err.println("scansim: error: " + e.getMessage());
      return Main.INVALID_INPUT;
    }
    out.flush();
    return Main.OK;
  }

  private static Map<String, Object> row(Bench.Row r) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("kernel", r.kernel());
    m.put("n", r.n());
    m.put("threads", r.threads());
    m.put("seconds", r.seconds());
    m.put("elementsPerSecond", r.elementsPerSecond());
    m.put("warpInstructions", r.warpInstructions());
    m.put("threadInstructions", r.threadInstructions());
    m.put("threadInstructionsPerSecond", r.threadInstructionsPerSecond());
    m.put("peakHeapBytes", r.peakHeapBytes());
    m.put("javaScanSeconds", r.javaScanSeconds());
    m.put("ratioToJavaScan", r.ratioToJavaScan());
    m.put("correct", r.correct());
    return m;
  }
}
