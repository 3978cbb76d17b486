package org.scansim.hardware;

import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvParser;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Nsight Compute ({@code ncu}) around a scansim run on the card: every kernel launch the host
 * code makes, profiled with the metrics the crosscheck sets beside the simulator's counters.
 * Two steps, so the program's own output never mixes with the table: {@code ncu
 * --target-processes all --metrics M --export REP COMMAND}, then {@code ncu --import REP --csv
 * --page raw --print-units base} (one row a launch, in launch order, one column a metric).
 */
public final class NsightCompute {
  /** The metrics asked for: Nsight Compute's own names, in the crosscheck table's order. */
  public static final List<String> METRICS = List.of(
      "smsp__sass_inst_executed_op_shared_ld.sum",
      "smsp__sass_inst_executed_op_shared_st.sum",
      "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum",
      "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum",
      "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum",
      "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum",
      "smsp__sass_inst_executed_op_global_ld.sum",
      "smsp__sass_inst_executed_op_global_st.sum",
      "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum",
      "l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum",
      "smsp__inst_executed.sum",
      "sm__cycles_elapsed.max",
      "gpu__time_duration.sum");

  /**
   * The metrics of a timing pass ({@code crosscheck --repeat}): the launch's cycles on its
   * busiest SM, its duration, its warp instructions, and the SM clock it ran at (cycles a second;
   * ncu locks it to the base clock unless told otherwise).
   */
  public static final List<String> TIMING = List.of(
      "sm__cycles_elapsed.max",
      "gpu__time_duration.sum",
      "smsp__inst_executed.sum",
      "sm__cycles_elapsed.avg.per_second");

  /** One profiled launch: the kernel's name as ncu prints it (its C++ signature) and each metric, in base units (ns, cycles). */
  public record Launch(String kernel, String grid, String block, Map<String, Long> metrics) {}

  private final Path ncu;

  private NsightCompute(Path ncu) {
    this.ncu = ncu;
  }

  /** {@code explicit} when given, else {@code ncu} on the PATH; empty when there is none. */
  public static Optional<NsightCompute> find(Path explicit) {
    return Tools.find("ncu", explicit).map(NsightCompute::new);
  }

  /** ncu's version line. */
  public String version() {
    return Tools.version(ncu);
  }

  /**
   * Profiles every launch of {@code command} (a scansim run on the card in a child JVM), in
   * launch order, in a temporary folder removed afterwards.
   */
  public List<Launch> profile(List<String> command, Duration limit) throws ToolFailed {
    return profile(command, limit, METRICS);
  }

  /** As above, with the {@code metrics} given ({@link #METRICS}, {@link #TIMING}). */
  public List<Launch> profile(List<String> command, Duration limit, List<String> metrics) throws ToolFailed {
    Path dir = Tools.tempDir("scansim-ncu");
    Path rep = dir.resolve("profile.ncu-rep");
    List<String> cmd = new ArrayList<>(List.of(ncu.toString(), "--target-processes", "all", "--metrics", String.join(",", metrics),
        "--export", rep.toString(), "--force-overwrite"));
    cmd.addAll(command);
    try {
      Tools.Result run = Tools.run(cmd, dir.resolve("profile.log"), limit);
      if (!Files.exists(rep)) {
        throw new ToolFailed("ncu wrote no report (exit " + run.exitCode() + "): " + lastLine(run.output()));
      }
      Tools.Result csv = Tools.run(List.of(ncu.toString(), "--import", rep.toString(), "--csv", "--page", "raw", "--print-units", "base"),
          dir.resolve("import.csv"), limit);
      if (csv.exitCode() != 0) {
        throw new ToolFailed("ncu could not read its report (exit " + csv.exitCode() + "): " + lastLine(csv.output()));
      }
      return parse(csv.output(), metrics);
    } catch (IOException e) {
      throw new ToolFailed("ncu could not be run: " + e.getMessage());
    } catch (Tools.TimedOut e) {
      throw new ToolFailed(e.getMessage());
    } finally {
      Tools.deleteTree(dir);
    }
  }

  private static String lastLine(String output) {
    return output.lines().filter(l -> !l.isBlank()).reduce((a, b) -> b).orElse("no output").trim();
  }

  /**
   * The launches of a {@code --page raw} CSV: a header row of column names, a row of units, then
   * a row a launch. Values may carry thousands separators ("214,695"); fractions are rounded.
   */
  public static List<Launch> parse(String csv) throws ToolFailed {
    return parse(csv, METRICS);
  }

  /** As above, reading the columns of {@code metrics}. */
  public static List<Launch> parse(String csv, List<String> metrics) throws ToolFailed {
    List<String[]> rows = new ArrayList<>();
    CsvMapper mapper = new CsvMapper().enable(CsvParser.Feature.WRAP_AS_ARRAY);
    int start = csv.indexOf("\"ID\"");
    if (start < 0) {
      throw new ToolFailed("ncu's table has no header row (\"ID\", ...): " + lastLine(csv));
    }
    try (MappingIterator<String[]> it = mapper.readerFor(String[].class).readValues(csv.substring(start))) {
      while (it.hasNext()) {
        rows.add(it.next());
      }
    } catch (IOException | RuntimeException e) {
      throw new ToolFailed("ncu's table could not be read: " + e.getMessage());
    }
    String[] header = rows.get(0);
    Map<String, Integer> column = new LinkedHashMap<>();
    for (int i = 0; i < header.length; i++) {
      column.put(header[i], i);
    }
    for (String need : List.of("ID", "Kernel Name", "Grid Size", "Block Size")) {
      if (!column.containsKey(need)) {
        throw new ToolFailed("ncu's table has no column \"" + need + "\"");
      }
    }
    List<Launch> launches = new ArrayList<>();
    for (String[] r : rows.subList(1, rows.size())) {
      if (r.length != header.length || r[column.get("ID")].isEmpty()) {
        continue; // the units row, or a blank line
      }
      Map<String, Long> m = new LinkedHashMap<>();
      for (String metric : metrics) {
        Integer c = column.get(metric);
        if (c != null && !r[c].isBlank() && !r[c].equals("n/a")) {
          m.put(metric, number(r[c], metric));
        }
      }
      launches.add(new Launch(r[column.get("Kernel Name")], r[column.get("Grid Size")], r[column.get("Block Size")], m));
    }
    return launches;
  }

  private static long number(String text, String metric) throws ToolFailed {
    try {
      return new BigDecimal(text.replace(",", "").trim()).setScale(0, RoundingMode.HALF_EVEN).longValueExact();
    } catch (NumberFormatException | ArithmeticException e) {
      throw new ToolFailed("ncu's value of " + metric + " is not a number: \"" + text + "\"");
    }
  }
}
