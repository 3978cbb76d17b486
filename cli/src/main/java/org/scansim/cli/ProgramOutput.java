package org.scansim.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.scansim.frontend.Defines;
import org.scansim.frontend.Frontend;
import org.scansim.reports.JsonReport;
import org.scansim.reports.RunReport;
import org.scansim.reports.TextReport;
import org.scansim.sim.arch.Architecture;
import org.scansim.sim.check.Check;
import org.scansim.sim.run.ProgramRun;
import org.scansim.sim.run.ScanRun;

/**
 * {@code scansim run prog.cu [-- ARGS...]}: a whole program, run as it would run on a GPU
 * machine. Its own output comes first, as it prints it; then the report of every launch it made,
 * with the checkers and the timing model as for an entry. scansim's exit status is the
 * program's, or 3 on a fault.
 */
final class ProgramOutput {
  private final RunCommand c;
  private final PrintWriter out;
  /** Where messages go: held (jit's) until the run answers the launcher's question, then realErr. */
  private PrintWriter err;
  private final PrintWriter realErr;
  private final CompilerChoice jit;

  ProgramOutput(RunCommand c, PrintWriter out, PrintWriter err, CompilerChoice jit) {
    this.c = c;
    this.out = out;
    this.realErr = err;
    this.err = jit.messages();
    this.jit = jit;
  }

  int run() {
    String refused = c.entry != null || c.kernelOptions.kernel != null
        ? (c.entry != null ? "--entry" : "--kernel") + " runs a host entry or a kernel over --n N elements: give --n N"
        : c.expect != null || !c.op.equals("sum") ? "--expect and --op check an entry's output over --n N elements; a program checks its own"
        : c.device.equals("gpu") ? "--device gpu runs a host entry over --n N elements; build a whole program with nvcc to run it on the card"
        : c.repeat != 1 ? "--repeat runs on the card only (--device gpu)"
        : c.schedules < 0 || c.wallSeconds < 0 || c.residentBlocks < 0 ? "--schedules, --wall-seconds and --resident-blocks must not be negative"
        : c.maxInstructions < 1 ? "--max-instructions must be at least 1, not " + c.maxInstructions
        : c.filesFrom != null && !java.nio.file.Files.isDirectory(c.filesFrom) ? "--files-from " + c.filesFrom + ": no such folder"
        : null;
    if (refused != null || !c.kernelOptions.valid(null, c.device, 1, err)) {
      if (refused != null) {
        err.println("scansim: error: " + refused);
      }
      return Main.INVALID_INPUT;
    }
    List<String> extraFiles = extraFiles();
    for (int k = 0; k < extraFiles.size(); k++) {
      String f = extraFiles.get(k);
      if (!isSource(f)) {
        // The files up to the first word that is not one stay before --; that word and the rest
        // (and any arguments already after --) follow it.
        List<String> sources = new ArrayList<>(List.of(c.target));
        sources.addAll(extraFiles.subList(0, k));
        List<String> arguments = new ArrayList<>(extraFiles.subList(k, extraFiles.size()));
        arguments.addAll(c.programArgs == null ? List.of() : c.programArgs);
        err.println("scansim: error: " + f + ": the files before -- are the program's translation units (.cu, .cpp, .c); its"
            + " arguments follow --: scansim run " + String.join(" ", sources) + " -- " + String.join(" ", arguments));
        return Main.INVALID_INPUT;
      }
    }
    int workers = ThreadsOption.resolve(c.threads, err);
    Architecture a = workers < 0 ? null : Targets.architecture(c.arch, err);
    if (a == null) {
      return Main.INVALID_INPUT;
    }
    Targets.Target t = Targets.resolve(c.target, a, c.defines, null, err);
    if (t == null) {
      return Main.INVALID_INPUT;
    }
    Path file = t.file();
    if (c.json != null && !Outputs.mayWrite(c.json, Outputs.REPORT, err) || c.html != null && !Outputs.mayWrite(c.html, Outputs.PAGE, err)) {
      return Main.INVALID_INPUT;
    }
    List<Path> files = new ArrayList<>(List.of(file));
    extraFiles.forEach(f -> files.add(Path.of(f)));
    List<Path> all = new ArrayList<>(files);
    all.add(c.json);
    all.add(c.html);
    if (!Outputs.distinct(err, all.toArray(new Path[0]))) {
      return Main.INVALID_INPUT; // no report may replace one of the program's files
    }
    Frontend.Result compiled = Compilation.compile(files, t.defines(), c.includeDirs, c.forcedIncludes, err);
    if (compiled.ok() && c.wantsC2(jit, compiled.ir())) {
      return Main.OK; // the launcher starts the run again with both compilers
    }
    jit.release();
    err = realErr;
    if (!compiled.ok()) {
      return Main.INVALID_INPUT;
    }
    if (ProgramRun.main(compiled) == null) {
      err.println("scansim: error: " + file + " has no main() to run as a program: give --n N to run its host entry over N elements"
          + " (or --kernel NAME --grid G --block B to launch a kernel)");
      return Main.INVALID_INPUT;
    }
    java.util.Set<Check> checks;
    try {
      checks = Check.parse(c.check == null ? "" : String.join(",", c.check), false); // a program's data is its own: no proof
    } catch (IllegalArgumentException e) {
      err.println("scansim: error: --check: " + e.getMessage());
      return Main.INVALID_INPUT;
    }
    if (checks.contains(Check.PROOF)) {
      err.println("scansim: error: --check proof proves an entry's output the scan of its input (--n N --expect KIND); a program's data"
          + " is its own");
      return Main.INVALID_INPUT;
    }
    org.scansim.timing.TimingPlan timing = c.timing(a, err);
    if (timing == null) {
      return Main.INVALID_INPUT;
    }
    org.scansim.reports.BankHeat heat = c.html == null ? null : new org.scansim.reports.BankHeat(a.sharedMemoryBanks(), a.bankWidthBytes());
    org.scansim.pipeline.RunSpec spec = org.scansim.pipeline.RunSpec.of(file.toString(), a)
        .withDefines(new java.util.TreeMap<>(Defines.parse(t.defines()))).withChecks(checks, c.schedules, false)
        .withTiming(timing).withOrder(c.seed, c.residentBlocks, workers).withBudgets(c.maxInstructions, c.wallSeconds * 1000, c.memory);
    List<String> argv = new ArrayList<>();
    argv.add(programName(file));
    if (c.programArgs != null) {
      argv.addAll(c.programArgs);
    }
    org.scansim.pipeline.SimRun run;
    try {
      run = org.scansim.pipeline.Runner.program(compiled, spec, files.stream().map(Path::toString).toList(), argv, new ProgramRun.Io((c.filesFrom != null ? c.filesFrom : Path.of(""))
          .toAbsolutePath(), standardInput()), new org.scansim.pipeline.Runner.Extras(LongLaunchNote.forRun(err, c.maxInstructions, c.wallSeconds), heat));
    } catch (ScanRun.UsageException e) {
      err.println("scansim: error: " + e.getMessage());
      return Main.INVALID_INPUT;
    }
    ScanRun.Outcome o = run.outcome();
    RunReport report = run.report();
    // The program's own output, as it prints it; then scansim's report of it.
    out.print(o.output());
    if (!o.output().isEmpty()) {
      out.println(o.output().endsWith("\n") ? "" : "\n");
    }
    String text = TextReport.render(report);
    out.print(text);
    out.flush();
    if (c.html != null && !Outputs.write(c.html, Outputs.PAGE, err, () -> org.scansim.html.RunPage.render(report,
        new org.scansim.html.RunPage.Extras(o.output() + (o.output().isEmpty() ? "" : "\n") + text, heat.launches(), a.sharedMemoryBanks(),
            null, null)))
        || c.json != null && !Outputs.write(c.json, Outputs.REPORT, err, () -> JsonReport.render(report))) {
      return Main.INVALID_INPUT;
    }
    if (o.fault() != null) {
      Outputs.budgetNote(o.fault().budget(), c.maxInstructions, c.wallSeconds, "program", false, err);
      return Main.KERNEL_FAULT;
    }
    return o.exitStatus() != 0 ? o.exitStatus() : o.findings().isEmpty() ? Main.OK : Main.FAILED;
  }

  /**
   * The program's name, its argv[0]: the file's stem as a build would name it and a shell start
   * it ({@code ./scan} for scan.cu), so that a usage message prints what it would on the card.
   */
  static String programName(Path file) {
    String name = file.getFileName().toString();
    int dot = name.lastIndexOf('.');
    return "./" + (dot > 0 ? name.substring(0, dot) : name);
  }

  /** Whether a word before -- names a translation unit by its extension. */
  private static boolean isSource(String f) {
    return f.matches(".*\\.(cu|cpp|cc|cxx|c|C)$");
  }

  /**
   * The words after FILE that come before {@code --} (or all of them, without it): further
   * translation units of the program; the program's arguments are the words after {@code --}.
   */
  private List<String> extraFiles() {
    List<String> original = c.spec.commandLine().getParseResult().originalArgs();
    int dashes = original.indexOf("--");
    int after = dashes < 0 ? 0 : original.size() - dashes - 1;
    List<String> positional = c.programArgs == null ? List.of() : c.programArgs;
    List<String> files = new ArrayList<>(positional.subList(0, Math.max(0, positional.size() - after)));
    if (!files.isEmpty()) {
      c.programArgs = positional.subList(files.size(), positional.size());
    }
    return files;
  }

  /**
   * The program's standard input: scansim's, read once when the program first reads it (at most
   * the bytes a file may hold), the same bytes for every schedule.
   */
  private static java.util.function.Supplier<byte[]> standardInput() {
    byte[][] read = new byte[1][];
    return () -> {
      if (read[0] == null) {
        try {
          read[0] = System.in.readNBytes(64 << 20);
        } catch (java.io.IOException e) {
          read[0] = new byte[0];
        }
      }
      return read[0];
    };
  }
}
