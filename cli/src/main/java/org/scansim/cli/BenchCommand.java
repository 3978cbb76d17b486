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
          + "measured in five alternating rounds and the median of the rounds' ratios counts. Each two-core "
          + "round also times two one-thread runs at once: the machine's own ceiling for two threads.",
      "Each kernel, and the target measurements, run in a JVM of their own (as JMH forks its "
          + "benchmarks): the JIT compiles the engine for the kernel at hand, as in a user's run of it, "
          + "not for every kernel run before it. --no-fork runs everything in this JVM.",
      "--processes measures instead what a user meets: the 2^24 scan with and without timing, a one-block "
          + "run, a check, a grade of 30 submissions and a whole program at 2^24 (examples/programs/scan_main.cu), "
          + "each a fresh process of this installation's launcher, medians of --rounds alternating rounds, side by side with another installation (--against DIR: "
          + "the release or checkout of the version before), and Numba's CUDA simulator where it is installed."
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

  @Option(names = "--no-fork", negatable = false, description = "run every kernel in this JVM instead of one JVM each")
  boolean noFork;

  @Option(names = "--processes", description = "time the commands a user runs as fresh processes of the launcher (see above)")
  boolean processes;

  @Option(names = "--against", paramLabel = "DIR", description = "with --processes: another installation (a release or a checkout) to run side by side")
  java.nio.file.Path against;

  @Option(names = "--rounds", paramLabel = "R", description = "with --processes: alternating rounds; default: 5")
  Integer rounds;

  /** Set on the JVMs a bench starts: measure what the other options say and print each result as a line of JSON. */
  @Option(names = "--forked", hidden = true)
  boolean forked;

  /** With --forked: only the measured targets, no table. */
  @Option(names = "--targets-only", hidden = true)
  boolean targetsOnly;

  private static final ObjectMapper JSON = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    if (minLog < 0 || maxLog > 24 || minLog > maxLog || step < 1 || checkN < 1) {
      err.println("scansim: error: need 0 <= --min-log <= --max-log <= 24, --step >= 1 and --check-n >= 1");
      return Main.INVALID_INPUT;
    }
    if (processes || against != null || rounds != null) {
      if (!processes || rounds != null && rounds < 1) {
        err.println("scansim: error: " + (processes ? "--rounds must be at least 1" : "--against and --rounds go with --processes"));
        return Main.INVALID_INPUT;
      }
      return ProcessBench.run(System.getProperty("scansim.home"), against, rounds == null ? 5 : rounds, json, out, err);
    }
    int t = ThreadsOption.resolve(threads, err);
    if (t < 0) {
      return Main.INVALID_INPUT;
    }
    Bench bench;
    List<Kernel> ks = new ArrayList<>();
    try {
      org.scansim.sim.arch.Architectures.preset(arch); // an unknown one: said here, before any output
      bench = new Bench(CatalogLocation.load(), arch, t);
      for (String name : kernels == null ? Bench.MAIN_KERNELS : kernels) {
        ks.add(bench.kernel(name));
      }
    } catch (Catalog.CatalogException | IllegalArgumentException e) {
      err.println("scansim: error: " + e.getMessage());
      return Main.INVALID_INPUT;
    }
    if (forked) {
      return forkedRun(bench, ks, t, out, err);
    }
    String machine = Runtime.getRuntime().availableProcessors() + " cores, Java " + System.getProperty("java.version")
        + ", max heap " + Runtime.getRuntime().maxMemory() / (1 << 20) + " MB";
    if (!json) {
      out.println("scansim bench: " + machine + ", " + t + " thread(s), arch " + arch);
      out.println("time: from compiling the kernel file to the rendered report, after one warm-up run per kernel at 2^20"
          + (noFork ? ", all kernels in this JVM;" : ", each kernel in a JVM of its own;"));
      out.println("java scan: a plain sequential scan of the same floats; ratio: time / java scan");
      out.println();
      out.printf(Locale.ROOT, "%-28s %9s %9s %12s %14s %10s %11s %9s%n", "kernel", "n", "time s", "elements/s", "thread inst/s",
          "peak MB", "java scan s", "ratio");
      out.flush();
    }
    List<Bench.Row> rows = new ArrayList<>();
    try {
      List<Bench.Target> targets;
      if (noFork) {
        bench.warmUp(ks);
        for (Kernel k : ks) {
          noteSkipped(bench, k, out, err);
          for (int n : bench.sizes(k, minLog, maxLog, step)) {
            Bench.Row r = bench.measure(k, n, t);
            rows.add(r);
            printRow(out, r);
          }
        }
        targets = noTargets ? List.of() : bench.targets(rows, checkN);
      } else {
        for (Kernel k : ks) {
          noteSkipped(bench, k, out, err);
          int code = fork(t, List.of("--kernels", k.name()), line -> {
            Bench.Row r = JSON.treeToValue(line.get("row"), Bench.Row.class);
            rows.add(r);
            printRow(out, r);
          }, err);
          if (code != Main.OK) {
            return code;
          }
        }
        List<Bench.Target> measured = new ArrayList<>();
        if (!noTargets) {
          int code = fork(t, List.of("--kernels", Bench.TARGET_KERNEL, "--targets-only"),
              line -> measured.add(JSON.treeToValue(line.get("target"), Bench.Target.class)), err);
          if (code != Main.OK) {
            return code;
          }
        }
        targets = noTargets ? List.of() : Bench.targets(measured, rows, t);
      }
      if (json) {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("schemaVersion", 1);
        doc.put("machine", machine);
        doc.put("threads", t);
        doc.put("arch", arch);
        doc.put("jvmPerKernel", !noFork);
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

  private void printRow(PrintWriter out, Bench.Row r) {
    if (!json) {
      out.printf(Locale.ROOT, "%-28s %9d %9.3f %12.3e %14.3e %10.0f %11.2e %9.0f%s%n", r.kernel(), r.n(), r.seconds(),
          r.elementsPerSecond(), r.threadInstructionsPerSecond(), r.peakHeapBytes() / 1e6, r.javaScanSeconds(),
          r.ratioToJavaScan(), r.correct() ? "" : "  (output wrong: a kept erratum)");
      out.flush();
    }
  }

  /** Runs in a JVM a bench started: the table's rows of the kernels asked for, or the measured targets, one JSON line each. */
  private int forkedRun(Bench bench, List<Kernel> ks, int t, PrintWriter out, PrintWriter err) throws Exception {
    try {
      bench.warmUp(ks);
      if (targetsOnly) {
        for (Bench.Target g : bench.measuredTargets(checkN)) {
          out.println(JSON_LINE.writeValueAsString(Map.of("target", g)));
          out.flush();
        }
        return Main.OK;
      }
      for (Kernel k : ks) {
        for (int n : bench.sizes(k, minLog, maxLog, step)) {
          out.println(JSON_LINE.writeValueAsString(Map.of("row", bench.measure(k, n, t))));
          out.flush();
        }
      }
      return Main.OK;
    } catch (ScanRun.UsageException e) {
      err.println("scansim: error: " + e.getMessage());
      return Main.INVALID_INPUT;
    }
  }

  /** Says which of the asked sizes a kernel does not take (on standard error with --json, whose output is the JSON). */
  private void noteSkipped(Bench bench, Kernel k, PrintWriter out, PrintWriter err) {
    String skipped = bench.skipped(k, minLog, maxLog, step);
    if (skipped != null) {
      PrintWriter to = json ? err : out;
      to.println("note: " + skipped);
      to.flush();
    }
  }

  private static final ObjectMapper JSON_LINE = JsonMapper.builder().build();

  /** What a forked JVM's line of JSON is turned into. */
  @FunctionalInterface
  private interface LineHandler {
    void accept(com.fasterxml.jackson.databind.JsonNode line) throws java.io.IOException;
  }

  /**
   * Runs {@code bench --forked} with this run's options, {@code t} threads and {@code extra} in a new JVM (this one's
   * java, class path and -D/-X options), handing each line it prints to {@code handler}; its
   * error output goes to ours. Returns its exit status.
   */
  private int fork(int t, List<String> extra, LineHandler handler, PrintWriter err) throws Exception {
    List<String> cmd = new ArrayList<>();
    cmd.add(java.nio.file.Path.of(System.getProperty("java.home"), "bin", "java").toString());
    for (String a : java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments()) {
      if (a.startsWith("-D") || a.startsWith("-X") && !a.startsWith("-Xrunjdwp")) {
        cmd.add(a);
      }
    }
    cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName(), "bench", "--forked",
        "--arch", arch, "--threads", String.valueOf(t),
        "--min-log", String.valueOf(minLog), "--max-log", String.valueOf(maxLog), "--step", String.valueOf(step),
        "--check-n", String.valueOf(checkN)));
    cmd.addAll(extra);
    Process p;
    try {
      p = new ProcessBuilder(cmd).start();
    } catch (java.io.IOException e) {
      err.println("scansim: error: cannot start a JVM for the benchmark (" + e.getMessage() + "); --no-fork runs it in this one");
      return Main.FAILED;
    }
    p.getOutputStream().close();
    // Its error output goes to ours as it comes (read beside its results, so that neither pipe fills up).
    Thread errors = new Thread(() -> {
      try (java.io.BufferedReader r = reader(p.getErrorStream())) {
        for (String line = r.readLine(); line != null; line = r.readLine()) {
          synchronized (err) {
            err.println(line);
            err.flush();
          }
        }
      } catch (java.io.IOException e) {
        // the JVM went away: its exit status says how
      }
    }, "scansim-bench-stderr");
    errors.start();
    try (java.io.BufferedReader r = reader(p.getInputStream())) {
      for (String line = r.readLine(); line != null; line = r.readLine()) {
        if (line.startsWith("{")) {
          handler.accept(JSON.readTree(line));
        } else if (!line.isBlank()) {
          synchronized (err) {
            err.println(line); // not a result: whatever else the JVM printed
          }
        }
      }
    } finally {
      if (p.isAlive() && !p.waitFor(10, java.util.concurrent.TimeUnit.SECONDS)) {
        p.destroyForcibly(); // we stopped reading its results: it must not run on alone
      }
      errors.join();
    }
    int code = p.waitFor();
    if (code != Main.OK) {
      err.println("scansim: error: the benchmark's JVM for " + String.join(" ", extra) + " exited with status " + code);
    }
    return code;
  }

  private static java.io.BufferedReader reader(java.io.InputStream in) {
    return new java.io.BufferedReader(new java.io.InputStreamReader(in, java.nio.charset.StandardCharsets.UTF_8));
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
