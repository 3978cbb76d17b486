package org.scansim.hardware;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * NVIDIA's compute-sanitizer around a scansim run on the card, one tool at a time (memcheck,
 * racecheck, synccheck, initcheck), its report read back as findings: what it says, the source
 * lines it names ({@code -lineinfo}), the first thread and block, and how many times it said it.
 * The report goes to a file of its own ({@code --log-file}), apart from the program's output.
 */
public final class Sanitizer {
  /** The tools run, in order. */
  public static final List<String> TOOLS = List.of("memcheck", "racecheck", "synccheck", "initcheck");

  /**
   * One kind of error the tool reported, aggregated over the threads it reported it for.
   *
   * @param at the source positions it names, as {@code FILE:LINE} with the file's name only
   */
  public record Finding(String tool, String what, List<String> at, String thread, String block, int count) {
    /**
     * Whether this is a host API call failing after a kernel's fault ("Program hit
     * CUDA_ERROR_LAUNCH_FAILED ... on CUDA API call to cuEventQuery"): a consequence of another
     * finding, not a defect of its own.
     */
    public boolean consequence() {
      return what.startsWith("Program hit ");
    }
  }

  /** One tool's report: its findings and its summary line ("ERROR SUMMARY: 1 error"). */
  public record Report(String tool, List<Finding> findings, String summary) {}

  private final Path sanitizer;

  private Sanitizer(Path sanitizer) {
    this.sanitizer = sanitizer;
  }

  /** {@code explicit} when given, else {@code compute-sanitizer} on the PATH; empty when there is none. */
  public static Optional<Sanitizer> find(Path explicit) {
    return Tools.find("compute-sanitizer", explicit).map(Sanitizer::new);
  }

  /** compute-sanitizer's version line. */
  public String version() {
    return Tools.version(sanitizer);
  }

  /** Runs {@code command} under {@code tool}; the report is read from its log file in a temporary folder removed afterwards. */
  public Report check(String tool, List<String> command, Duration limit) throws ToolFailed {
    Path dir = Tools.tempDir("scansim-sanitizer");
    Path log = dir.resolve(tool + ".log");
    List<String> cmd = new ArrayList<>(List.of(sanitizer.toString(), "--tool", tool, "--target-processes", "all", "--log-file", log.toString(), "--print-limit", "1000"));
    if (tool.equals("racecheck")) {
      cmd.addAll(List.of("--racecheck-report", "hazard"));
    }
    cmd.addAll(command);
    try {
      Tools.Result run = Tools.run(cmd, dir.resolve(tool + ".out"), limit);
      if (!Files.exists(log)) {
        throw new ToolFailed("compute-sanitizer --tool " + tool + " wrote no report");
      }
      Report r = parse(tool, new String(Files.readAllBytes(log), java.nio.charset.StandardCharsets.UTF_8));
      if (r.summary().isEmpty() && r.findings().isEmpty()) {
        // No summary: the tool did not get to the end (the program could not start, or stopped).
        throw new ToolFailed("compute-sanitizer --tool " + tool + " ended without a summary (exit " + run.exitCode()
            + "): " + run.output().lines().filter(l -> !l.isBlank()).reduce((a, b) -> b).orElse("no output").trim());
      }
      return r;
    } catch (IOException e) {
      throw new ToolFailed("compute-sanitizer could not be run: " + e.getMessage());
    } catch (Tools.TimedOut e) {
      throw new ToolFailed(e.getMessage());
    } finally {
      Tools.deleteTree(dir);
    }
  }

  private static final Pattern AT = Pattern.compile("\\bin (?:.*/)?([^/:]+?):(\\d+)");
  private static final Pattern THREAD = Pattern.compile("by thread (\\(\\d+,\\d+,\\d+\\)) in block (\\(\\d+,\\d+,\\d+\\))");
  private static final Pattern COUNT = Pattern.compile("\\s*\\[(\\d+) hazards?\\]\\s*$");

  /**
   * The findings of one tool's log: each unindented line after the {@code =========} prefix
   * opens a finding (but not the banner, summaries and the program's exit), indented lines add
   * its positions, thread and block. Findings with the same text and positions are one, counted.
   */
  public static Report parse(String tool, String log) {
    Map<String, Finding> found = new LinkedHashMap<>();
    String summary = "";
    String what = null;
    List<String> at = new ArrayList<>();
    String thread = null;
    String block = null;
    int count = 0;
    List<String> lines = new ArrayList<>(log.lines().toList());
    lines.add("========= "); // closes the last finding
    for (String raw : lines) {
      if (!raw.startsWith("=========")) {
        continue;
      }
      String line = raw.substring(9);
      boolean detail = line.startsWith("     ") || line.startsWith("\t");
      if (detail && what != null) {
        Matcher m = AT.matcher(line);
        if (m.find()) {
          at.add(m.group(1) + ":" + m.group(2));
        }
        Matcher t = THREAD.matcher(line);
        if (t.find() && thread == null) {
          thread = t.group(1);
          block = t.group(2);
        }
        Matcher c = COUNT.matcher(line);
        if (c.find()) {
          count += Integer.parseInt(c.group(1)); // racecheck: one count a pair of accesses
        }
        continue;
      }
      if (what != null) {
        String key = what + " " + at;
        Finding f = found.get(key);
        int times = Math.max(count, 1);
        found.put(key, f == null ? new Finding(tool, what, List.copyOf(at), thread, block, times)
            : new Finding(tool, what, f.at(), f.thread(), f.block(), f.count() + times));
        what = null;
      }
      String text = line.trim();
      if (text.isEmpty() || text.equals("COMPUTE-SANITIZER") || text.startsWith("Target application")) {
        continue;
      }
      if (text.contains("SUMMARY")) {
        summary = summary.isEmpty() ? text : summary + "; " + text;
        continue;
      }
      at = new ArrayList<>();
      thread = null;
      block = null;
      count = 0;
      Matcher m = AT.matcher(text);
      if (m.find()) {
        at.add(m.group(1) + ":" + m.group(2));
      }
      Matcher c = COUNT.matcher(text);
      if (c.find()) {
        count = Integer.parseInt(c.group(1));
        text = text.substring(0, c.start());
      }
      what = text.replaceFirst("^Error: ", "").replaceAll(" at __(shared|global|local)__ 0x[0-9a-f]+ in block \\(\\d+,\\d+,\\d+\\) :", " in __$1__ memory").replaceAll("\\+0x[0-9a-f]+", "").replaceAll("(?:/[^/\\s]+)+/([^/\\s]+:\\d+)", "$1");
    }
    return new Report(tool, List.copyOf(found.values()), summary);
  }
}
