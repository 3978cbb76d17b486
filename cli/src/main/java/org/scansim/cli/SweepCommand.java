package org.scansim.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.scansim.catalog.Catalog;
import org.scansim.sweep.Plan;
import org.scansim.sweep.Row;
import org.scansim.sweep.Sweep;
import org.scansim.sweep.SweepFiles;
import org.scansim.sweep.SweepSpec;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code scansim sweep SPEC}: every point of kernels × variants × architectures × sizes, in one JVM on all cores. */
@Command(
    name = "sweep",
    mixinStandardHelpOptions = true,
    description = {
      "Runs every point of a sweep spec (YAML or JSON: kernels, variants of -D defines, sizes, archs, options) in one JVM on all "
          + "cores and writes one row per point: its counters, the timing model's cycles and time, whether it was correct, its "
          + "findings, or why it did not run. The rows are the same for any thread count, and in the spec's order.",
      "Exit 0 when every point has its row, whatever the points' results; 2 for a spec or a file that cannot be used."
    })
final class SweepCommand implements Callable<Integer> {
  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @Parameters(index = "0", paramLabel = "SPEC", description = "the sweep's .yaml, .yml or .json file")
  Path specFile;

  @Option(names = "--csv", paramLabel = "OUT.csv",
      description = "write the rows as CSV and a summary table on standard output (without --csv and --jsonl: the CSV on standard output)")
  Path csv;

  @Option(names = "--jsonl", paramLabel = "OUT.jsonl", description = "write the rows as JSON lines")
  Path jsonl;

  @Option(names = "--html", paramLabel = "OUT.html", description = "also write a page with charts of the rows against n (all of the shard's rows)")
  Path html;

  @Option(names = "--resume", description = "keep the rows the outputs already hold (of this sweep) and run the points after them")
  boolean resume;

  @Option(names = "--shard", paramLabel = "I/N",
      description = "run the I-th of N slices of the points (I from 0: every N-th point from the I-th); scansim merge combines the shards")
  String shard;

  @Option(names = "--threads", paramLabel = "T", description = "points run at once (default: all cores); the rows are the same for any T")
  Integer threads;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    int[] sh = shard(err);
    if (sh == null) {
      return Main.INVALID_INPUT;
    }
    int workers = ThreadsOption.resolve(threads, err);
    if (workers < 0) {
      return Main.INVALID_INPUT;
    }
    List<Path> outputs = new ArrayList<>();
    if (csv != null) {
      outputs.add(csv);
    }
    if (jsonl != null) {
      outputs.add(jsonl);
    }
    if (csv != null && SweepFiles.Format.of(csv) != SweepFiles.Format.CSV || jsonl != null && SweepFiles.Format.of(jsonl) != SweepFiles.Format.JSONL) {
      err.println("scansim: error: --csv writes a .csv file and --jsonl a .jsonl file");
      return Main.INVALID_INPUT;
    }
    if (resume && outputs.isEmpty()) {
      err.println("scansim: error: --resume continues the rows of --csv or --jsonl: name the file the interrupted sweep wrote");
      return Main.INVALID_INPUT;
    }
    for (Path p : outputs) {
      if (!Outputs.mayWrite(p, resume ? Outputs.resumed() : Outputs.SWEEP, err)) {
        return Main.INVALID_INPUT;
      }
    }
    if (!Outputs.distinct(err, csv, jsonl, html, specFile)) {
      return Main.INVALID_INPUT;
    }
    if (html != null && !Outputs.mayWrite(html, Outputs.PAGE, err)) {
      return Main.INVALID_INPUT;
    }
    Plan plan;
    try {
      SweepSpec s = SweepSpec.read(specFile);
      Catalog catalog = null;
      String problem = null;
      try {
        catalog = CatalogLocation.load();
      } catch (Catalog.CatalogException e) {
        problem = e.getMessage();
      }
      plan = Plan.of(s, catalog, problem);
    } catch (SweepSpec.SpecException | Plan.PlanException e) {
      err.println(e.getMessage());
      return Main.INVALID_INPUT;
    }
    Sweep.Result result;
    SweepProgress progress = new SweepProgress(err, TerminalProgress.standardErrorIsATerminal());
    // Stopped (Ctrl-C, a batch system's SIGTERM), the sweep says how to go on; its files hold whole rows.
    Thread hint = new Thread(() -> {
      System.err.println();
      System.err.println("scansim: sweep stopped" + (outputs.isEmpty() ? "" : "; the same command with --resume goes on from the rows written"));
    });
    boolean hinted = false;
    try {
      Runtime.getRuntime().addShutdownHook(hint);
      hinted = true;
    } catch (IllegalStateException e) {
      // the JVM is already shutting down
    }
    try {
      result = Sweep.run(plan, outputs, resume, sh[0], sh[1], workers, progress);
    } catch (SweepFiles.SweepFileException e) {
      err.println("scansim: error: " + e.getMessage());
      return Main.INVALID_INPUT;
    } catch (IOException e) {
      err.println("scansim: error: cannot write the sweep's rows: " + e.getMessage());
      return Main.INVALID_INPUT;
    } finally {
      progress.close();
      if (hinted) {
        try {
          Runtime.getRuntime().removeShutdownHook(hint);
        } catch (IllegalStateException e) {
          // shutting down: the hint is printing
        }
      }
    }
    if (outputs.isEmpty()) {
      Sweep.print(result, SweepFiles.Format.CSV, out::print);
    } else {
      out.print(org.scansim.sweep.SweepText.render(result.rows()));
    }
    out.flush();
    if (html != null && !Outputs.write(html, Outputs.PAGE, err, () -> org.scansim.html.SweepPage.render(specFile.toString(), result.rows()))) {
      return Main.INVALID_INPUT;
    }
    // Why variants did not compile, once each: the rows say it too, but a typo in a define should not hide in a CSV.
    java.util.Map<String, String> broken = new java.util.LinkedHashMap<>();
    result.rows().stream().filter(r -> Row.DOES_NOT_COMPILE.equals(r.status()))
        .forEach(r -> broken.putIfAbsent(r.kernel() + ", variant '" + r.variant() + "'", r.error()));
    broken.entrySet().stream().limit(10).forEach(e -> err.println("scansim: note: " + e.getKey() + " does not compile: " + e.getValue()));
    if (broken.size() > 10) {
      err.println("scansim: note: " + (broken.size() - 10) + " more variants do not compile (their rows say why)");
    }
    String kept = result.kept() == 0 ? "" : result.ran() == 0 ? " (all done already)" : " (" + result.kept() + " kept from the interrupted sweep)";
    err.println("scansim: " + org.scansim.sweep.SweepText.summary(result.rows()) + kept
        + (outputs.isEmpty() && html == null ? "" : "; wrote " + String.join(", ", written(outputs, html))));
    return Main.OK;
  }

  private static List<String> written(List<Path> outputs, Path html) {
    List<String> out = new ArrayList<>(outputs.stream().map(Path::toString).toList());
    if (html != null) {
      out.add(html.toString());
    }
    return out;
  }

  /** {@code --shard}'s I and N (0 and 1 without it), or null after printing why it is not one. */
  private int[] shard(PrintWriter err) {
    if (shard == null) {
      return new int[] {0, 1};
    }
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("(\\d{1,6})/(\\d{1,6})").matcher(shard.strip());
    if (m.matches()) {
      int i = Integer.parseInt(m.group(1));
      int n = Integer.parseInt(m.group(2));
      if (n >= 1 && i < n) {
        return new int[] {i, n};
      }
    }
    err.println("scansim: error: --shard takes I/N with 0 <= I < N (0/4 … 3/4, as a Slurm array's task id counts), not '" + shard + "'");
    return null;
  }

}
