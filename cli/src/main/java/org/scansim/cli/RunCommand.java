package org.scansim.cli;

import org.scansim.frontend.Defines;

import org.scansim.sim.result.Fault;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.scansim.pipeline.Sizes;
import org.scansim.frontend.Frontend;
import org.scansim.reports.RunReport;
import org.scansim.sim.arch.Architecture;
import org.scansim.sim.arch.Architectures;
import org.scansim.sim.check.Check;
import org.scansim.sim.run.ScanRun;
import org.scansim.pipeline.RunSpec;
import org.scansim.pipeline.Runner;
import org.scansim.pipeline.SimRun;
import org.scansim.pipeline.Device;
import org.scansim.pipeline.DeviceUnavailable;
import org.scansim.pipeline.RunResult;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code scansim run FILE --n N ...}: simulate a kernel file's entry and report what it did. */
@Command(
    name = "run",
    mixinStandardHelpOptions = true,
    description = {
      "Runs a kernel file's host entry void NAME(const T *in, T *out, int n), or with --kernel one of its __global__ functions, on the simulated GPU "
          + "and reports per launch and per source access: instructions, shared-memory bank conflicts, "
          + "global sectors, barriers and work (applications of the scan operator)."
    })
final class RunCommand implements Callable<Integer> {
  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @Parameters(index = "0", paramLabel = "FILE|NAME", description = "the .cu file, or a catalog name (scansim catalog lists them)")
  String target;

  @Parameters(index = "1..*", paramLabel = "ARGS",
      description = "after --: the arguments of a program's main(), run when there is no --n (scansim run prog.cu -- -n 1024)")
  List<String> programArgs;

  Path file;

  @Option(names = "--n", paramLabel = "N[,N...]",
      description = "run the host entry over N elements (without --n, a file with main() runs as a program); several (1024,32768 or 2^10..2^24, every power of two between) give the time per size, each "
          + "size with the whole budgets")
  String sizes;

  int n;

  @Option(names = "--device", paramLabel = "DEVICE", defaultValue = "sim",
      description = "sim (the simulated GPU, default) or gpu (the first CUDA device, through JCuda: needs the NVIDIA driver and nvcc)")
  String device;

  @Option(names = "--nvcc", paramLabel = "PATH", description = "nvcc for --device gpu (default: nvcc on the PATH)")
  Path nvcc;

  @Option(names = "--timing", negatable = true,
      description = "predict each launch's SM cycles and time with the timing model (on by default: every preset has its parameters; "
          + "--no-timing gives the functional run alone; docs/timing.md)")
  Boolean timing;

  @Option(names = "--card", paramLabel = "CARD",
      description = "the card whose parameters the timing model uses, per preset: ${COMPLETION-CANDIDATES}",
      completionCandidates = Cards.class)
  String card;

  @Option(names = "--repeat", paramLabel = "R", defaultValue = "1",
      description = "with --device gpu: run the host entry R times, each on a fresh copy of the input, and show each launch's median time")
  int repeat;

  @Option(names = "--entry", paramLabel = "NAME", description = "the host entry (needed when the file has several)")
  String entry;

  @Option(names = "--arch", paramLabel = "ARCH", defaultValue = "hopper",
      description = "architecture preset (${COMPLETION-CANDIDATES}) or a JSON file; default: ${DEFAULT-VALUE}",
      completionCandidates = Presets.class)
  String arch;

  @Option(names = "--expect", paramLabel = "KIND", description = "check the output: inclusive or exclusive")
  String expect;

  @Option(names = "--op", paramLabel = "OP", defaultValue = "sum",
      description = "the scan operator --expect checks: sum (default), max, min, prod, and, or or xor; the inputs are small "
          + "non-negative integers (1s and 2s for prod) and the identity follows the operator")
  String op;

  @picocli.CommandLine.Mixin KernelOptions kernelOptions = new KernelOptions();

  @Option(names = "-D", paramLabel = "NAME[=VALUE]", description = "define a preprocessor macro (repeatable)")
  List<String> defines;

  @Option(names = "-I", paramLabel = "DIR", description = "add DIR to the include path, where #include <name> and a quoted name not "
      + "beside its file are looked for, as nvcc's -I (repeatable)")
  List<Path> includeDirs;

  @Option(names = "-include", paramLabel = "FILE", description = "read FILE before each translation unit, as nvcc's -include (repeatable)")
  List<Path> forcedIncludes;

  @Option(names = "--files-from", paramLabel = "DIR", description = "a program's folder: its fopen reads files of DIR (relative names"
      + " from DIR) and never outside it (default: the current directory); what it writes stays in memory")
  Path filesFrom;

  @Option(names = "--seed", paramLabel = "S", defaultValue = "0",
      description = "choose another legal order of the warps in each block, and of block dispatch for blocks that communicate (0: index order)")
  long seed;

  @Option(names = "--resident-blocks", paramLabel = "R", defaultValue = "0",
      description = "blocks resident at once for kernels whose blocks communicate (default, or 0: the architecture's occupancy); with --seed, shows an order-dependent deadlock")
  int residentBlocks;

  @Option(names = "--threads", paramLabel = "T", description = "threads for independent blocks (default: all cores); the report is the same for any T")
  Integer threads;

  @Option(names = "--json", paramLabel = "OUT", description = "also write the report as JSON to OUT")
  Path json;

  @Option(names = "--html", paramLabel = "OUT.html",
      description = "also write a page with pictures: per shared-memory site a heat map of bank × barrier phase and its conflict degrees, "
          + "the cycles per phase, the circuit (with --check proof, n <= 256) and the report's tables")
  Path html;

  @Option(names = "--check", paramLabel = "LIST", split = ",",
      description = "run checkers: ${COMPLETION-CANDIDATES}, or all (comma-separated)", completionCandidates = CheckNames.class)
  List<String> check;

  @Option(names = "--schedules", paramLabel = "K", defaultValue = "0",
      description = "run K seeded legal orders of warps and blocks and report any difference in the results")
  int schedules;

  @Option(names = "--wall-seconds", paramLabel = "S", defaultValue = "600",
      description = "wall-clock budget of the run; a kernel still running after it is reported as a runaway; 0: none; default: ${DEFAULT-VALUE}")
  long wallSeconds;

  @Option(names = "--max-instructions", paramLabel = "N", defaultValue = "2000000000",
      description = "warp-instruction budget of the whole run (a program's host code may run twice as many host instructions,"
          + " 4000000000 at least); default: ${DEFAULT-VALUE}")
  long maxInstructions;

  @Option(names = "--memory", paramLabel = "SIZE", defaultValue = "2G", converter = MemoryOption.class,
      description = "memory budget of the simulated device, and of a program's host memory, each: bytes, or K, M or G"
          + " (8G); default: ${DEFAULT-VALUE}. A program of two 2^28-int arrays needs 3G (given this, the launcher lets Java's"
          + " heap grow to 3/4 of the machine's memory)")
  long memory;

  /** The checkers' names, for --check's help. */
  static final class CheckNames implements Iterable<String> {
    @Override
    public java.util.Iterator<String> iterator() {
      return Check.spellings().iterator();
    }
  }

  /** Each preset's cards, for --card's help ({@link org.scansim.timing.TimingPresets}). */
  static final class Cards implements Iterable<String> {
    @Override
    public java.util.Iterator<String> iterator() {
      return java.util.List.of(org.scansim.timing.TimingPresets.describeCards()).iterator();
    }
  }

  static final class Presets implements Iterable<String> {
    @Override
    public java.util.Iterator<String> iterator() {
      return Architectures.presets().iterator();
    }
  }

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    CompilerChoice jit = CompilerChoice.of(err);
    if (sizes == null) {
      try {
        return new ProgramOutput(this, out, err, jit).run(); // a file with main(), run as a program
      } finally {
        jit.release();
      }
    }
    Resolved r = resolve(jit.messages());
    if (r != null && wantsC2(jit, r.compiled().ir())) {
      return Main.OK; // the launcher starts the run again with both compilers
    }
    jit.release();
    if (r == null) {
      return Main.INVALID_INPUT;
    }
    RunSpec s = r.spec();
    boolean card = device.equals("gpu");
    if (!card && r.sizes().size() > 1) {
      return scaling(r, out, err);
    }
    Device gpu = card ? new org.scansim.hardware.CardDevice(file, Defines.parse(r.allDefines()), nvcc, repeat) : Device.SIMULATED;
    org.scansim.reports.BankHeat heat = html == null ? null : new org.scansim.reports.BankHeat(s.arch().sharedMemoryBanks(),
        s.arch().bankWidthBytes());
    RunResult result;
    try {
      announceKernel(r.compiled(), err);
      result = gpu.run(r.compiled(), s, n, new Runner.Extras(card ? null : LongLaunchNote.forRun(err, maxInstructions, wallSeconds), heat));
    } catch (ScanRun.UsageException e) {
      err.println("scansim: error: " + e.getMessage());
      return Main.INVALID_INPUT;
    } catch (DeviceUnavailable e) {
      err.println("scansim: no usable GPU: " + e.getMessage());
      return Main.NO_GPU;
    }
    String text = result.text();
    out.print(text);
    out.flush();
    if (html != null && result instanceof SimRun run && !Outputs.write(html, Outputs.PAGE, err, () -> page(s, run, text, heat))
        || json != null && !Outputs.write(json, Outputs.REPORT, err, result::json)) {
      return Main.INVALID_INPUT;
    }
    if (result.fault() != null) {
      // The report above says what faulted and where; on the simulated GPU, the flag that raises a budget is added.
      if (!card) {
        Outputs.budgetNote(result.fault().budget(), maxInstructions, wallSeconds, "kernel", false, err);
      }
      return Main.KERNEL_FAULT;
    }
    return Boolean.FALSE.equals(result.correct()) || result.hasFindings() ? Main.FAILED : Main.OK;
  }

  /**
   * Whether the launcher asked and the run, on the simulated device, wants both of Java's
   * compilers ({@link CompilerChoice#wantsC2}; checkers, a seeded order or several schedules run
   * every block one by one).
   */
  boolean wantsC2(CompilerChoice jit, org.scansim.frontend.ir.IrModule module) {
    return !device.equals("gpu") && jit.wantsC2(module, check != null && !check.isEmpty() || seed != 0 || schedules > 0);
  }

  /** With --kernel: which buffer the harness passes where is read from names and types; said before the report. */
  private void announceKernel(Frontend.Result compiled, PrintWriter err) throws ScanRun.UsageException {
    if (kernelOptions.kernel != null) {
      org.scansim.sim.run.KernelBinding b = ScanRun.kernel(compiled, kernelOptions.kernel);
      ScanRun.KernelLaunch l = kernelOptions.launch();
      err.println("scansim: note: launching " + b.kernel().name() + "<<<" + l.grid() + ", " + l.block() + ", " + l.sharedBytes()
          + ">>> with " + b.describe());
      err.flush();
    }
  }

  /** The run's page: the report, the bank heat maps and the circuit the proof recorded. */
  private String page(RunSpec s, SimRun run, String text, org.scansim.reports.BankHeat heat) {
    ScanRun.Outcome o = run.outcome();
    RunReport report = run.report();
    String svg = o.proof() == null || o.proof().circuit() == null ? null
        : org.scansim.reports.CircuitSvg.render(o.proof().circuit(), s.expect(), "scansim circuit " + file + "  n=" + n + "  arch="
            + s.arch().name());
    String noCircuit = svg != null ? null : !s.checks().contains(Check.PROOF) ? null
        : "No scan circuit: it is drawn for n ≤ " + CircuitCommand.MAX_SVG_N + (n > CircuitCommand.MAX_SVG_N ? "." : ", when the proof recorded one.");
    return org.scansim.html.RunPage.render(report, new org.scansim.html.RunPage.Extras(text, heat.launches(), s.arch().sharedMemoryBanks(),
        svg, noCircuit, svg == null ? -1 : org.scansim.reports.CircuitStats.work(o.proof().circuit())));
  }

  /** What the command line asks for, checked and resolved once; the file compiled. */
  record Resolved(RunSpec spec, List<Integer> sizes, Frontend.Result compiled, List<String> allDefines) {}

  /** The run the options describe, or null after saying what is wrong with them (or the file). */
  private Resolved resolve(PrintWriter err) {
    if (filesFrom != null) {
      err.println("scansim: error: --files-from is a program's folder (a file with main(), run without --n)");
      return null;
    }
    if (programArgs != null) {
      err.println("scansim: error: " + programArgs.get(0) + ": arguments are for a program's main(), run without --n ("
          + "--n N runs the host entry over N elements)");
      return null;
    }
    ScanRun.Expect kind = null;
    if (expect != null && (kind = Targets.expectOf(expect, err)) == null) {
      return null;
    }
    org.scansim.sim.run.ScanOp scanOp;
    try {
      scanOp = org.scansim.sim.run.ScanOp.parse(op);
    } catch (IllegalArgumentException e) {
      err.println("scansim: error: " + e.getMessage());
      return null;
    }
    List<Integer> ns;
    try {
      ns = Sizes.parse(sizes);
    } catch (Sizes.SizesException e) {
      err.println("scansim: error: --n: " + e.getMessage());
      return null;
    }
    n = ns.get(0);
    if (!kernelOptions.valid(entry, device, ns.size(), err)) {
      return null;
    }
    int workers = ThreadsOption.resolve(threads, err);
    if (workers < 0) {
      return null;
    }
    Architecture a = Targets.architecture(arch, err);
    if (a == null) {
      return null;
    }
    Targets.Target t = Targets.resolve(target, a, defines, kind, err);
    if (t == null) {
      return null;
    }
    if (!t.supports(ns, Architectures.settingsName(a), defines, err)) {
      return null;
    }
    file = t.file();
    List<String> allDefines = t.defines();
    kind = t.expect();
    if (json != null && !Outputs.mayWrite(json, Outputs.REPORT, err)) {
      return null;
    }
    if (html != null && (ns.size() > 1 || device.equals("gpu") || schedules > 0)) {
      err.println("scansim: error: --html draws one run on the simulated device" + (ns.size() > 1 ? ": for several sizes, scansim sweep"
          + " --html draws them against n" : ""));
      return null;
    }
    if (html != null && (!Outputs.distinct(err, file, json, html) || !Outputs.mayWrite(html, Outputs.PAGE, err))) {
      return null;
    }
    if (!device.equals("sim") && !device.equals("gpu")) {
      err.println("scansim: error: --device takes sim or gpu, not '" + device + "'");
      return null;
    }
    // The simulated device's options, checked before the file is compiled: a mistake in them is said first.
    if (device.equals("sim")) {
      if (repeat != 1) {
        err.println("scansim: error: --repeat runs on the card only (--device gpu): the simulated device gives the same counts every time");
        return null;
      }
      if (schedules < 0 || wallSeconds < 0 || residentBlocks < 0) {
        err.println("scansim: error: --schedules, --wall-seconds and --resident-blocks must not be negative");
        return null;
      }
      if (maxInstructions < 1) {
        err.println("scansim: error: --max-instructions must be at least 1, not " + maxInstructions);
        return null;
      }
    }
    Frontend.Result compiled = Compilation.compile(List.of(file), allDefines, includeDirs, forcedIncludes, err);
    if (!compiled.ok()) {
      return null;
    }
    java.util.Set<Check> checks;
    try {
      checks = Check.parse(check == null ? "" : String.join(",", check), kind != null);
    } catch (IllegalArgumentException e) {
      err.println("scansim: error: --check: " + e.getMessage());
      return null;
    }
    if (scanOp != org.scansim.sim.run.ScanOp.SUM && kind == null) {
      err.println("scansim: error: --op " + scanOp.spelling() + " says which scan --expect checks: add --expect inclusive|exclusive");
      return null;
    }
    if (scanOp != org.scansim.sim.run.ScanOp.SUM && (device.equals("gpu") || ns.size() > 1)) {
      err.println("scansim: error: --op " + scanOp.spelling() + " checks one run on the simulated device (the card and the time per size "
          + "check sums)");
      return null;
    }
    if (checks.contains(Check.PROOF) && kind == null) {
      err.println("scansim: error: --check proof needs --expect inclusive|exclusive (or a catalog name, whose scan kind is known)");
      return null;
    }
    String alone = device.equals("gpu") ? "--device gpu" : !checks.isEmpty() ? "--check" : schedules > 0 ? "--schedules"
        : Boolean.FALSE.equals(timing) ? "--no-timing" : null;
    if (ns.size() > 1 && alone != null) {
      err.println("scansim: error: several sizes give the timing model's time per size on the simulated device: " + alone
          + " takes one size");
      return null;
    }
    // The page draws the circuit the scan proof records, where it is small enough to draw.
    boolean circuit = html != null && checks.contains(Check.PROOF) && n <= CircuitCommand.MAX_SVG_N;
    RunSpec spec = RunSpec.of(file.toString(), a).withDefines(new java.util.TreeMap<>(Defines.parse(allDefines))).withScan(kind, scanOp)
        .withChecks(checks, schedules, circuit).withOrder(seed, residentBlocks, workers).withBudgets(maxInstructions, wallSeconds * 1000, memory);
    spec = kernelOptions.kernel != null ? spec.withKernel(kernelOptions.kernel, kernelOptions.launch()) : spec.withEntry(entry);
    if (device.equals("gpu")) {
      if (Boolean.TRUE.equals(timing)) {
        err.println("scansim: error: --timing predicts the simulated device's cycles (drop --device gpu; crosscheck --repeat R puts them"
            + " beside the card's)");
        return null;
      }
      if (!checks.isEmpty() || schedules > 0) {
        err.println("scansim: error: --check and --schedules run on the simulated device only (drop --device gpu)");
        return null;
      }
      if (seed != 0 || residentBlocks != 0 || threads != null || maxInstructions != ScanRun.Request.MAX_WARP_INSTRUCTIONS
          || memory != MemoryOption.DEFAULT) {
        // The card chooses its own order and residency and runs on its own cores: these would be ignored.
        err.println("scansim: error: --seed, --resident-blocks, --threads, --max-instructions and --memory steer the simulated device"
            + " only (drop --device gpu)");
        return null;
      }
      return new Resolved(spec, ns, compiled, allDefines);
    }
    org.scansim.timing.TimingPlan plan = timing(a, err);
    if (plan == null) {
      return null;
    }
    return new Resolved(spec.withTiming(plan), ns, compiled, allDefines);
  }

  /**
   * How the run is timed: on unless --no-timing; asked for by name, a run it cannot time is an
   * error (null, after saying why), else the plan says why there are no cycles. Checks --card.
   */
  org.scansim.timing.TimingPlan timing(Architecture a, PrintWriter err) {
    card = card == null ? null : card.toLowerCase(java.util.Locale.ROOT);
    String cardProblem = org.scansim.timing.TimingPlan.cardProblem(a, card);
    if (cardProblem != null) {
      err.println("scansim: error: --card " + card + ": " + cardProblem);
      return null;
    }
    if (Boolean.FALSE.equals(timing)) {
      return org.scansim.timing.TimingPlan.off(a, null);
    }
    org.scansim.timing.TimingPlan plan = org.scansim.timing.TimingPlan.of(a, card);
    if (plan.timed() && schedules > 0) {
      plan = org.scansim.timing.TimingPlan.off(a, "the timing model times one run, not several schedules");
    }
    if (Boolean.TRUE.equals(timing) && !plan.timed()) {
      err.println("scansim: error: --timing: " + plan.reason());
      return null;
    }
    return plan;
  }

  /** The time per size of {@code ns} ({@link ScalingView}); the sizes' worst outcome is the exit code. */
  private int scaling(Resolved run, PrintWriter out, PrintWriter err) {
    org.scansim.timing.TimingPlan timing = run.spec().timing();
    Architecture a = run.spec().arch();
    List<Integer> ns = run.sizes();
    List<String> allDefines = run.allDefines();
    if (!timing.timed()) {
      err.println("scansim: error: several sizes give the time per size, and the timing model has no parameters for " + a.name());
      return Main.INVALID_INPUT;
    }
    List<ScalingView.Row> rows = ScalingView.run(run.compiled(), run.spec(), ns);
    ScalingView.Inputs in = new ScalingView.Inputs(file.toString(), a.name(), timing.parameters().cardKey(),
        new java.util.TreeMap<>(Defines.parse(allDefines)), seed, residentBlocks, timing.parameters().describe());
    String header = "scansim run " + file + (allDefines.isEmpty() ? "" : " -D" + String.join(" -D", new java.util.TreeSet<>(allDefines)))
        + "  n=" + String.join(",", ns.stream().map(String::valueOf).toList()) + "  arch=" + a.name();
    out.print(ScalingView.text(header, in, rows));
    out.flush();
    if (json != null) {
      if (!Outputs.write(json, Outputs.REPORT, err, () -> ScalingView.json(in, rows))) {
        return Main.INVALID_INPUT;
      }
    }
    for (Fault.Budget b : List.of(Fault.Budget.INSTRUCTIONS, Fault.Budget.WALL_CLOCK)) {
      if (rows.stream().anyMatch(r -> r.budget() == b)) {
        Outputs.budgetNote(b, maxInstructions, wallSeconds, "kernel", true, err);
      }
    }
    // As for one size: a size the entry refuses is the user's input (2), a fault 3, a wrong result 1.
    return rows.stream().anyMatch(r -> r.result().startsWith("refused")) ? Main.INVALID_INPUT
        : rows.stream().anyMatch(r -> r.result().startsWith("fault")) ? Main.KERNEL_FAULT
        : rows.stream().anyMatch(r -> r.result().equals("WRONG")) ? Main.FAILED : Main.OK;
  }
}
