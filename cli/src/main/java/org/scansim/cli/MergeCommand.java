package org.scansim.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.scansim.sweep.SweepFiles;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code scansim merge OUT SHARD...}: the shards of a sweep as the one file a single machine writes. */
@Command(
    name = "merge",
    mixinStandardHelpOptions = true,
    description = {
      "Combines the files the shards of one sweep wrote (sweep --shard I/N) into the file one uninterrupted run of the whole sweep "
          + "writes, byte for byte: every point once, in the sweep's order. Refuses rows of different sweeps, a point in two "
          + "shards, and points in none (a shard missing or unfinished). OUT and the shards are all .csv or all .jsonl."
    })
final class MergeCommand implements Callable<Integer> {
  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @Parameters(index = "0", paramLabel = "OUT", description = "the merged file (.csv or .jsonl)")
  Path out;

  @Parameters(index = "1..*", arity = "1..*", paramLabel = "SHARD", description = "the shards' files")
  List<Path> shards;

  @Option(names = "--html", paramLabel = "OUT.html", description = "also write the sweep's page with charts")
  Path html;

  @Override
  public Integer call() {
    PrintWriter err = spec.commandLine().getErr();
    SweepFiles.Format f = SweepFiles.Format.of(out);
    if (f == null || shards.stream().anyMatch(s -> SweepFiles.Format.of(s) != f)) {
      err.println("scansim: error: OUT and every SHARD are .csv files, or all .jsonl files");
      return Main.INVALID_INPUT;
    }
    if (shards.stream().anyMatch(s -> s.toAbsolutePath().normalize().equals(out.toAbsolutePath().normalize()))) {
      err.println("scansim: error: " + out + " is one of the shards: merge into another file");
      return Main.INVALID_INPUT;
    }
    if (!Outputs.distinct(err, out, html) || !Outputs.mayWrite(out, Outputs.SWEEP, err)
        || html != null && !Outputs.mayWrite(html, Outputs.PAGE, err)) {
      return Main.INVALID_INPUT;
    }
    List<SweepFiles.Line> rows;
    try {
      rows = SweepFiles.merge(shards);
    } catch (SweepFiles.SweepFileException e) {
      err.println("scansim: error: " + e.getMessage());
      return Main.INVALID_INPUT;
    }
    if (!Outputs.write(out, Outputs.SWEEP, err, () -> SweepFiles.text(rows, f)) || html != null && !Outputs.write(html, Outputs.PAGE, err,
        () -> org.scansim.html.SweepPage.render(out.toString(), rows.stream().map(SweepFiles.Line::row).toList()))) {
      return Main.INVALID_INPUT;
    }
    err.println("scansim: merged " + shards.size() + (shards.size() == 1 ? " shard" : " shards") + " into " + out + " ("
        + rows.size() + " points)" + (html == null ? "" : " and " + html));
    return Main.OK;
  }
}
