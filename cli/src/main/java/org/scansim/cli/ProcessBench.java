package org.scansim.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.scansim.hardware.Tools;

/**
 * {@code bench --processes}: the speed issue's rows as a user meets them, each a fresh process of
 * an installation's own launcher (a release's {@code bin/scansim} or a checkout's {@code
 * ./scansim}), in alternating rounds with another installation ({@code --against DIR}: the release
 * or checkout of the version before), medians compared. Wall time is measured here; CPU time
 * (user and system, the process and its children) by bash's {@code times}, which the launcher
 * needs anyway. Where the installation has {@code bench/numba_compare.py} and Numba is installed,
 * Numba's CUDA simulator is timed per element against the large run. A jar cannot build another
 * commit: {@code tools/bench/process-table.sh REV} makes REV's checkout and runs this against it.
 */
final class ProcessBench {
  /** One row: a command line run in the installation's own folder. */
  record Row(String name, String what, List<String> args) {}

  /** An installation: its folder and launcher. */
  record Side(String label, Path home, Path launcher) {}

  /** One process: wall and CPU seconds, or why it failed (null when it did not). */
  record Sample(double wall, double cpu, String failure) {
    static Sample failed(String why) {
      return new Sample(Double.NaN, Double.NaN, why);
    }

    boolean ok() {
      return failure == null;
    }
  }

  static final int BIG_N = 1 << 24;

  private final List<Side> sides;
  private final int rounds;
  private final Path work;
  private final Path subs;
  private final Path spec;

  private ProcessBench(List<Side> sides, int rounds, Path work) {
    this.sides = sides;
    this.rounds = rounds;
    this.work = work;
    this.subs = work.resolve("submissions");
    this.spec = sides.get(sides.size() - 1).home().resolve("examples/grading/inclusive_scan.json");
  }

  /** The whole program of the program row, from each installation's own examples. */
  static final String PROGRAM = "examples/programs/scan_main.cu";

  /** The rows, as the speed issue measured them. */
  List<Row> rows(Side side) {
    String blelloch = "kernels/harris/blelloch.cu";
    List<Row> rows = new ArrayList<>(List.of(
        new Row("big", "Harris's scan at 2^24, timing on", List.of("run", "harris/scan_large_array", "--n", String.valueOf(BIG_N))),
        new Row("no-timing", "the same, --no-timing", List.of("run", "harris/scan_large_array", "--n", String.valueOf(BIG_N), "--no-timing")),
        new Row("small", "a one-block run", List.of("run", blelloch, "--n", "1024")),
        new Row("check", "check of a small file", List.of("check", blelloch)),
        new Row("grade", "grade, 30 submissions x 8 sizes", List.of("grade", subs.toString(), "--spec", spec.toString(),
            "--out", grades(side).toString()))));
    // A whole program, main and host loops included, at 2^24: left out for an installation from before programs ran.
    if (Files.isRegularFile(side.home().resolve(PROGRAM))) {
      rows.add(new Row("program", "whole program at 2^24 (scan_main)", List.of("run", PROGRAM, "--", String.valueOf(BIG_N))));
    }
    return rows;
  }

  private Path grades(Side side) {
    return work.resolve("grades-" + side.label());
  }

  /** The installation in {@code home} (its launcher), or null when it has none. */
  static Side side(String label, Path home) {
    for (Path l : List.of(home.resolve("bin/scansim"), home.resolve("scansim"))) {
      if (Files.isRegularFile(l) && Files.isExecutable(l)) {
        return new Side(label, home.toAbsolutePath().normalize(), l.toAbsolutePath().normalize());
      }
    }
    return null;
  }

  /** Runs the rounds and prints the table (or JSON); the exit code. */
  static int run(String home, Path against, int rounds, boolean json, PrintWriter out, PrintWriter err) throws Exception {
    if (home == null) {
      err.println("scansim: error: bench --processes runs scansim's launcher, and this JVM was not started by one"
          + " (run ./scansim or bin/scansim)");
      return Main.INVALID_INPUT;
    }
    List<Side> sides = new ArrayList<>();
    for (Path h : against == null ? List.of(Path.of(home)) : List.of(against, Path.of(home))) {
      Side s = side(sides.isEmpty() && against != null ? "base" : "new", h);
      if (s == null) {
        err.println("scansim: error: " + h + " is not a scansim installation: it has neither bin/scansim (a release) nor"
            + " ./scansim (a checkout)");
        return Main.INVALID_INPUT;
      }
      sides.add(s);
    }
    Path work = Files.createTempDirectory("scansim-processes");
    try {
      return new ProcessBench(sides, rounds, work).measure(json, out, err);
    } finally {
      Tools.deleteTree(work);
    }
  }

  private int measure(boolean json, PrintWriter out, PrintWriter err) throws Exception {
    Files.createDirectories(subs);
    Path examples = sides.get(sides.size() - 1).home().resolve("examples/grading/submissions");
    List<Path> sources;
    try (var files = Files.list(examples)) {
      sources = files.filter(p -> p.toString().endsWith(".cu")).sorted().toList();
    }
    for (int copy = 1; copy <= 5; copy++) {
      for (Path f : sources) {
        String stem = f.getFileName().toString().replaceAll("\\.cu$", "");
        Files.copy(f, subs.resolve(stem + "_" + copy + ".cu"));
      }
    }
    // Each side once before the rounds: a launcher that builds, or makes its class-data archive, does it then.
    for (Side s : sides) {
      Sample first = time(s.home(), s.launcher().toString(), List.of("check", "kernels/harris/blelloch.cu"));
      if (!first.ok()) {
        err.println("scansim: error: " + s.label() + " (" + s.home() + "): check kernels/harris/blelloch.cu failed: " + first.failure());
        return Main.FAILED;
      }
    }
    Map<String, Map<String, List<Sample>>> samples = new LinkedHashMap<>();
    List<Double> floor = new ArrayList<>();
    String java = ProcessHandle.current().info().command().orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    for (int r = 0; r < rounds; r++) {
      for (Side s : sides) {
        for (Row row : rows(s)) {
          if (row.name().equals("grade")) {
            Tools.deleteTree(grades(s));
          }
          Sample t = time(s.home(), s.launcher().toString(), row.args());
          if (!t.ok()) {
            err.println("scansim: error: " + s.label() + " (" + s.home() + "): " + String.join(" ", row.args()) + " failed: " + t.failure());
            return Main.FAILED;
          }
          samples.computeIfAbsent(row.name(), k -> new LinkedHashMap<>()).computeIfAbsent(s.label(), k -> new ArrayList<>()).add(t);
        }
        if (!json) {
          out.flush();
          err.println("bench --processes: round " + (r + 1) + " of " + rounds + ", " + s.label() + " done");
        }
      }
      Sample f = time(work, java, List.of("-version"));
      floor.add(f.wall()); // NaN when even a bare JVM failed
    }
    Boolean sameGrades = sides.size() < 2 ? null : gradeResults(sides.get(0)).equals(gradeResults(sides.get(1)));
    JsonNode numba = numba(sides.get(sides.size() - 1).home(), err);
    ObjectNode report = report(samples, floor, sameGrades, numba);
    if (json) {
      out.println(new ObjectMapper().writerWithDefaultPrettyPrinter().writeValueAsString(report));
    } else {
      printTable(report, out);
    }
    return Main.OK;
  }

  /** The grade row's results, every submission's in name order. */
  private String gradeResults(Side s) throws IOException {
    StringBuilder all = new StringBuilder();
    try (var dirs = Files.list(grades(s))) {
      for (Path d : dirs.sorted().toList()) {
        Path results = d.resolve("results.json");
        if (Files.isRegularFile(results)) {
          all.append(d.getFileName()).append('\n').append(Files.readString(results, StandardCharsets.UTF_8));
        }
      }
    }
    return all.toString();
  }

  /**
   * The wrapper each timed process runs in: in the folder given first ($0), the command's output
   * to the file given second, then the shell's {@code times} (in the C locale's format) on ours.
   */
  private static final String TIMES = "cd \"$0\" || exit 125; out=\"$1\"; shift; \"$@\" >\"$out\" 2>&1 </dev/null; s=$?; "
      + "LC_ALL=C; times; exit $s";
  private static final Pattern CHILDREN = Pattern.compile("(\\d+)m([\\d.]+)s (\\d+)m([\\d.]+)s");

  /** How long one process may take: a 2^24 run takes seconds, so this only ends a hung one. */
  static Duration timeout = Duration.ofMinutes(30);

  /**
   * One process of {@code command args} in {@code dir}: its wall and CPU seconds, or, when it
   * failed or ran past {@link #timeout} (stopped with its children, by {@link Tools#run}), why,
   * with the last lines it printed. Its output files are removed either way.
   */
  static Sample time(Path dir, String command, List<String> args) throws IOException {
    Path output = Files.createTempFile("scansim-process", ".txt");
    Path times = Files.createTempFile("scansim-times", ".txt");
    try {
      List<String> cmd = new ArrayList<>(List.of("bash", "-c", TIMES, dir.toString(), output.toString(), command));
      cmd.addAll(args);
      long start = System.nanoTime();
      Tools.Result r;
      try {
        r = Tools.run(cmd, times, timeout);
      } catch (Tools.TimedOut e) {
        return Sample.failed("stopped after " + timeout.toSeconds() + " s" + lastLines(output));
      }
      double wall = (System.nanoTime() - start) / 1e9;
      if (r.exitCode() != 0) {
        return Sample.failed("exit " + r.exitCode() + lastLines(output));
      }
      // times: the shell's own user and system time, then its children's.
      Matcher m = CHILDREN.matcher(r.output());
      double cpu = Double.NaN;
      if (m.find() && m.find()) {
        cpu = Integer.parseInt(m.group(1)) * 60 + Double.parseDouble(m.group(2)) + Integer.parseInt(m.group(3)) * 60
            + Double.parseDouble(m.group(4));
      }
      return new Sample(wall, cpu, null);
    } finally {
      Files.deleteIfExists(times);
      Files.deleteIfExists(output);
    }
  }

  /** The last five lines a process printed, as the end of a message. */
  private static String lastLines(Path output) throws IOException {
    List<String> lines = Files.readAllLines(output, StandardCharsets.UTF_8);
    return lines.isEmpty() ? "" : "; its last lines:\n  " + String.join("\n  ", lines.subList(Math.max(0, lines.size() - 5), lines.size()));
  }

  /** Numba's seconds per element, from the installation's comparison script, or null where it cannot run (no python3, no Numba). */
  private static JsonNode numba(Path home, PrintWriter err) throws IOException {
    if (!Files.isRegularFile(home.resolve("bench/numba_compare.py"))) {
      return null;
    }
    Path log = Files.createTempFile("scansim-numba", ".json");
    try {
      Tools.Result r = Tools.run(List.of("bash", "-c", "cd \"$0\" && exec python3 bench/numba_compare.py --numba-only --json 2>/dev/null",
          home.toString()), log, timeout);
      return r.exitCode() != 0 ? null : new ObjectMapper().readTree(r.output());
    } catch (Tools.TimedOut e) {
      return null;
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      err.println("scansim: note: Numba's comparison printed no JSON");
      return null;
    } finally {
      Files.deleteIfExists(log);
    }
  }

  static double median(double[] v) {
    double[] s = v.clone();
    Arrays.sort(s);
    return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  }

  private ObjectNode report(Map<String, Map<String, List<Sample>>> samples, List<Double> floor, Boolean sameGrades, JsonNode numba) {
    ObjectMapper m = new ObjectMapper();
    ObjectNode r = m.createObjectNode();
    r.put("rounds", rounds);
    r.put("cores", Runtime.getRuntime().availableProcessors());
    r.put("java", System.getProperty("java.version"));
    ObjectNode installs = r.putObject("installations");
    for (Side s : sides) {
      installs.put(s.label(), s.home().toString());
    }
    ArrayNode rows = r.putArray("rows");
    for (Row row : rows(sides.get(sides.size() - 1))) {
      ObjectNode o = rows.addObject();
      o.put("row", row.name());
      o.put("what", row.what());
      o.put("command", String.join(" ", row.name().equals("grade") ? List.of("grade", "SUBMISSIONS", "--spec", "SPEC", "--out", "DIR")
          : row.args()));
      for (Side s : sides) {
        List<Sample> list = samples.get(row.name()).get(s.label());
        if (list == null) {
          o.putNull(s.label()); // a row this installation cannot run (the program row, before programs ran)
          continue;
        }
        ObjectNode side = o.putObject(s.label());
        side.put("median", median(list.stream().mapToDouble(Sample::wall).toArray()));
        ArrayNode wall = side.putArray("wall");
        ArrayNode cpu = side.putArray("cpu");
        list.forEach(x -> {
          wall.add(round(x.wall()));
          cpu.add(round(x.cpu()));
        });
      }
      if (sides.size() == 2 && o.get("base").isObject()) {
        o.put("newOverBase", o.get("new").get("median").asDouble() / o.get("base").get("median").asDouble());
      }
    }
    ObjectNode cost = r.putObject("timingCost");
    for (Side s : sides) {
      List<Sample> big = samples.get("big").get(s.label());
      List<Sample> plain = samples.get("no-timing").get(s.label());
      double[] ratios = new double[big.size()];
      for (int i = 0; i < ratios.length; i++) {
        ratios[i] = big.get(i).cpu() / plain.get(i).cpu();
      }
      cost.put(s.label(), median(ratios));
    }
    r.put("floor", median(floor.stream().mapToDouble(Double::doubleValue).toArray()));
    if (sameGrades != null) {
      r.put("sameGrades", sameGrades);
    }
    if (numba != null && numba.has("numbaSecondsPerElement")) {
      ObjectNode n = r.putObject("numba");
      n.put("simulator", numba.path("numba").asText());
      n.put("n", numba.path("n").asInt());
      n.put("secondsPerElement", numba.path("numbaSecondsPerElement").asDouble());
      double scansimPe = rows.get(0).get("new").get("median").asDouble() / BIG_N;
      n.put("scansimSecondsPerElement", scansimPe);
      n.put("ratio", numba.path("numbaSecondsPerElement").asDouble() / scansimPe);
    }
    return r;
  }

  private static double round(double v) {
    return Math.round(v * 1000) / 1000.0;
  }

  private void printTable(ObjectNode r, PrintWriter out) {
    boolean two = sides.size() == 2;
    out.printf(Locale.ROOT, "scansim bench --processes: %d%s round%s, %d cores, Java %s; medians of fresh launcher processes%n",
        rounds, two ? " alternating" : "", rounds == 1 ? "" : "s", r.get("cores").asInt(), r.get("java").asText());
    for (Side s : sides) {
      out.printf(Locale.ROOT, "%-5s %s%n", s.label() + ":", s.launcher());
    }
    out.println();
    if (two) {
      out.printf(Locale.ROOT, "%-10s %-34s %9s %9s %9s%n", "row", "what", "base s", "new s", "new/base");
    } else {
      out.printf(Locale.ROOT, "%-10s %-34s %9s%n", "row", "what", "s");
    }
    for (JsonNode row : r.get("rows")) {
      if (two && !row.get("base").isObject()) {
        out.printf(Locale.ROOT, "%-10s %-34s %9s %9.2f %9s%n", row.get("row").asText(), row.get("what").asText(), "-",
            row.get("new").get("median").asDouble(), "-");
      } else if (two) {
        out.printf(Locale.ROOT, "%-10s %-34s %9.2f %9.2f %9.3f%n", row.get("row").asText(), row.get("what").asText(),
            row.get("base").get("median").asDouble(), row.get("new").get("median").asDouble(), row.get("newOverBase").asDouble());
      } else {
        out.printf(Locale.ROOT, "%-10s %-34s %9.2f%n", row.get("row").asText(), row.get("what").asText(),
            row.get("new").get("median").asDouble());
      }
    }
    out.println();
    JsonNode cost = r.get("timingCost");
    out.printf(Locale.ROOT, "timing's cost (CPU of big over no-timing, each round's pair): %s%n",
        two ? String.format(Locale.ROOT, "base %.3f, new %.3f", cost.get("base").asDouble(), cost.get("new").asDouble())
            : String.format(Locale.ROOT, "%.3f", cost.get("new").asDouble()));
    out.printf(Locale.ROOT, "floor (a JVM that starts and prints its version): %.2f s%n", r.get("floor").asDouble());
    if (r.has("sameGrades")) {
      out.println(r.get("sameGrades").asBoolean() ? "grade: the same results from both sides" : "grade: THE RESULTS DIFFER");
    }
    JsonNode n = r.get("numba");
    if (n != null) {
      out.printf(Locale.ROOT, "Numba: %s at n = %d: %.3e s per element; the big row: %.3e s per element; %,.0fx%n",
          n.get("simulator").asText(), n.get("n").asInt(), n.get("secondsPerElement").asDouble(),
          n.get("scansimSecondsPerElement").asDouble(), n.get("ratio").asDouble());
    } else {
      out.println("Numba: not measured (bench/numba_compare.py and Numba are needed)");
    }
  }
}
