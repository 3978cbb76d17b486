package org.scansim.cli;

import org.scansim.frontend.Defines;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.scansim.catalog.Catalog;
import org.scansim.catalog.Kernel;
import org.scansim.frontend.Frontend;
import org.scansim.frontend.ir.IrType;
import org.scansim.hardware.GpuRun;
import org.scansim.hardware.GpuUnavailable;
import org.scansim.hardware.NsightCompute;
import org.scansim.hardware.Sanitizer;
import org.scansim.hardware.ToolFailed;
import org.scansim.sim.arch.Architecture;
import org.scansim.sim.check.Check;
import org.scansim.sim.run.ScanRun;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code scansim crosscheck}: the same kernel file on the simulator and on the first CUDA device,
 * on the same inputs, compared size by size: the launches (kernel, grid, block, dynamic shared
 * memory), the outputs bit for bit; with Nsight Compute on the PATH, each launch's hardware
 * counters beside the simulator's; with {@code --sanitizer}, compute-sanitizer's findings beside
 * the checkers'. Where a catalog kernel's erratum makes it wrong (a race, a read of memory nothing
 * wrote: {@code Kernel.correctAt}), its result is not defined there: its outputs are shown, not
 * compared.
 */
@Command(name = "crosscheck", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
    description = {"Compares a kernel file's runs on the simulator and on the first CUDA device.",
        "On the same inputs, at each size: the launches, and the outputs bit for bit (where a catalog kernel's erratum makes it"
            + " wrong, its result is not defined: shown, not compared); with Nsight Compute (ncu) on the PATH, each launch's counters"
            + " beside the simulator's; with --sanitizer, compute-sanitizer's findings beside the simulator's checkers'.",
        "Exit code 0 when everything compared is equal, 1 when something differs, 3 when a run faulted, 4 without a usable GPU."})
final class CrosscheckCommand implements Callable<Integer> {
  /** The sizes {@code --catalog} runs, where a kernel supports them. */
  static final List<Integer> CATALOG_SIZES = List.of(64, 256, 1024, 2048, 1 << 16, 1 << 20, 1 << 24);

  @Spec
  CommandSpec spec;

  @Parameters(arity = "0..*", paramLabel = "FILE|NAME", description = "a .cu file, or a catalog kernel's name (scansim catalog); several are crosschecked one after the other")
  List<String> target;

  @Option(names = "--catalog", description = "crosscheck every catalog kernel (at --n, else at 64, 256, 1024, 2048, 2^16, 2^20 and 2^24 where it supports them)")
  boolean catalog;

  @Option(names = {"--n", "--sizes"}, split = ",", paramLabel = "N[,N...]",
      description = "numbers of elements (a catalog kernel's default: those of 64, 256, 1024, 2048, 2^16, 2^20, 2^24 it supports)")
  List<Integer> sizes;

  @Option(names = "--entry", paramLabel = "NAME", description = "the host entry (needed when the file has several)")
  String entry;

  @Option(names = "--expect", paramLabel = "KIND", description = "inclusive or exclusive: check both outputs (default: a catalog kernel's scan)")
  String expect;

  @Option(names = "--arch", paramLabel = "ARCH", defaultValue = "hopper", description = "the simulated architecture; default: hopper")
  String arch;

  @Option(names = "-D", paramLabel = "NAME[=VALUE]", description = "define a preprocessor macro (repeatable), for both runs")
  List<String> defines;

  @Option(names = "--nvcc", paramLabel = "PATH", description = "nvcc (default: nvcc on the PATH)")
  Path nvcc;

  @Option(names = "--ncu", paramLabel = "PATH", description = "Nsight Compute's ncu (default: ncu on the PATH; without it, no counters)")
  Path ncu;

  @Option(names = "--no-counters", description = "do not profile with Nsight Compute even where it is installed")
  boolean noCounters;

  @Option(names = "--repeat", paramLabel = "R", defaultValue = "1",
      description = "also profile R runs of each size for the card's cycles and time: their median, fastest and slowest (a second ncu pass)")
  int repeat;

  @Option(names = "--cycles-only", description = "profile only the card's cycles and time (one light ncu pass, R runs), not the counters")
  boolean cyclesOnly;

  @Option(names = "--sanitizer", description = "also run the card's run under compute-sanitizer (memcheck, racecheck, synccheck, initcheck)")
  boolean sanitizer;

  @Option(names = "--compute-sanitizer", paramLabel = "PATH", description = "compute-sanitizer (default: on the PATH)")
  Path sanitizerPath;

  @Option(names = "--json", paramLabel = "OUT", description = "also write the comparison as JSON to OUT")
  Path json;

  /** One kernel file's crosscheck. */
  record KernelResult(String file, String catalogName, List<String> defines, List<CrosscheckRow> sizes, String error) {}

  @Option(names = "--tool-seconds", paramLabel = "S", defaultValue = "180",
      description = "how long one run under ncu or compute-sanitizer may take before it is stopped (a kernel that never ends hangs there); default: 180")
  long toolSeconds;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    if (catalog == (target != null && !target.isEmpty())) {
      err.println("scansim: error: crosscheck takes FILE|NAME... or --catalog (one of the two)");
      return Main.INVALID_INPUT;
    }
    Architecture a = Targets.architecture(arch, err);
    if (a == null) {
      return Main.INVALID_INPUT;
    }
    ScanRun.Expect kind = null;
    if (expect != null && (kind = Targets.expectOf(expect, err)) == null) {
      return Main.INVALID_INPUT;
    }
    List<String> names = new ArrayList<>();
    if (catalog) {
      try {
        CatalogLocation.load().kernels().forEach(k -> names.add(k.name()));
      } catch (Catalog.CatalogException e) {
        err.println("scansim: error: the catalog cannot be read: " + e.getMessage());
        return Main.INVALID_INPUT;
      }
    } else {
      names.addAll(target);
    }
    List<Targets.Target> targets = new ArrayList<>();
    List<Kernel> kernels = new ArrayList<>(); // the catalog entry of each target, or null for a file
    for (String name : names) {
      Targets.Target t = Targets.resolve(name, a, defines, kind, err);
      if (t == null) {
        return Main.INVALID_INPUT;
      }
      kernels.add(catalogKernel(name));
      if ((sizes == null || sizes.isEmpty()) && kernels.get(kernels.size() - 1) == null) {
        err.println("scansim: error: crosscheck " + name + " needs --n N[,N...] (a catalog kernel has default sizes, a file has none)");
        return Main.INVALID_INPUT;
      }
      targets.add(t);
    }
    if (json != null && (!CircuitCommand.notAnInput(json, targets.stream().flatMap(t -> t.inputs().stream()).toList(), err)
        || !Outputs.mayWrite(json, Outputs.REPORT, err))) {
      return Main.INVALID_INPUT;
    }
    if (repeat < 1 || repeat > GpuRun.MAX_RUNS) {
      err.println("scansim: error: --repeat takes 1 to " + GpuRun.MAX_RUNS + " runs, not " + repeat);
      return Main.INVALID_INPUT;
    }
    if ((cyclesOnly || repeat > 1) && noCounters) {
      err.println("scansim: error: --repeat and --cycles-only measure with Nsight Compute, which --no-counters turns off");
      return Main.INVALID_INPUT;
    }
    // Every file is read and compiled before the card is looked for: a missing file or a syntax
    // error is the input's mistake (exit 2), as `run --device gpu` says it, not "no usable GPU".
    List<Frontend.Result> compiledTargets = new ArrayList<>();
    for (Targets.Target t : targets) {
      Frontend.Result compiled = Compilation.compile(t.file(), t.defines(), err);
      if (!compiled.ok()) {
        return Main.INVALID_INPUT;
      }
      compiledTargets.add(compiled);
    }
    Optional<NsightCompute> profiler;
    Optional<Sanitizer> checker = Optional.empty();
    try {
      GpuRun.checkAvailable(nvcc);
      profiler = noCounters ? Optional.empty() : NsightCompute.find(ncu);
      if (!noCounters && ncu != null && profiler.isEmpty()) {
        throw new GpuUnavailable("no ncu at " + ncu + " (--ncu): not an executable file");
      }
      if ((cyclesOnly || repeat > 1) && profiler.isEmpty()) {
        throw new GpuUnavailable("no ncu on the PATH (--repeat and --cycles-only need Nsight Compute; or --ncu PATH)");
      }
      if (sanitizer) {
        checker = Sanitizer.find(sanitizerPath);
        if (checker.isEmpty()) {
          throw new GpuUnavailable(sanitizerPath != null ? "no compute-sanitizer at " + sanitizerPath + " (--compute-sanitizer)"
              : "no compute-sanitizer on the PATH (--sanitizer needs it; it comes with the CUDA toolkit)");
        }
      }
    } catch (GpuUnavailable e) {
      err.println("scansim: no usable GPU: " + e.getMessage());
      return Main.NO_GPU;
    }
    String countersNote = noCounters ? "not measured (--no-counters)"
        : profiler.isEmpty() ? "not measured: no ncu on the PATH (Nsight Compute; or --ncu PATH)" : null;
    List<KernelResult> results = new ArrayList<>();
    String card = null;
    boolean invalid = false;
    boolean stuck = false;
    boolean lost = false;
    for (int k = 0; k < names.size() && !stuck && !lost; k++) {
      Targets.Target t = targets.get(k);
      Kernel kernel = kernels.get(k);
      List<Integer> ns = sizes == null || sizes.isEmpty() ? catalogSizes(kernel, a.name(), null) : catalog ? catalogSizes(kernel, a.name(), sizes) : sizes;
      Frontend.Result compiled = compiledTargets.get(k);
      List<CrosscheckRow> rows = new ArrayList<>();
      try {
        for (int n : ns) {
          Sized s = size(compiled, t, a, n, kernel);
          card = s.card();
          CrosscheckRow r = s.row();
          if (profiler.isPresent() && !cyclesOnly) {
            r = counters(r, s.sim(), profiler.get(), t, n, otherArch(a, s.card()));
          } else {
            r = r.with(null, cyclesOnly ? "not measured (--cycles-only)" : countersNote, null);
          }
          if (profiler.isPresent() && (cyclesOnly || repeat > 1) && !s.stuck()) {
            r = timing(r, profiler.get(), t, n);
          }
          if (checker.isPresent()) {
            r = r.with(r.counters(), r.countersNote(), sanitize(checker.get(), s.sim(), t, n));
          }
          rows.add(r);
          if (s.stuck()) {
            stuck = true; // the card is busy with a kernel that never ends: nothing more measured there is sound
            break;
          }
        }
      } catch (GpuUnavailable e) {
        err.println("scansim: no usable GPU: " + e.getMessage());
        lost = true; // what was measured before is still reported, in text and JSON
      } catch (ScanRun.UsageException e) {
        err.println("scansim: error: " + t.file() + ": " + e.getMessage());
        invalid = true;
      }
      results.add(new KernelResult(t.file().toString(), kernel == null ? null : kernel.name(), t.defines(), rows, null));
      out.print(CrosscheckText.text(t.file(), card, a.name(), rows));
      out.flush();
    }
    if (stuck) {
      err.println("scansim: a kernel is still running on the GPU (it did not end in 60 s): the crosscheck stops here, "
          + "and the kernel ends with this process");
    }
    if (results.size() > 1) {
      long sizesRun = results.stream().mapToLong(r -> r.sizes().size()).sum();
      List<String> differ = new ArrayList<>();
      for (KernelResult r : results) {
        for (CrosscheckRow row : r.sizes()) {
          if (!row.agrees()) {
            differ.add((r.catalogName() != null ? r.catalogName() : r.file()) + " n=" + row.n());
          }
        }
      }
      out.println((catalog ? "catalog: " : "") + results.size() + " kernels, " + sizesRun + " sizes: "
          + (differ.isEmpty() ? "everything compared is equal" : differ.size() + " differ: " + String.join(", ", differ)));
      out.flush();
    }
    if (json != null) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("schemaVersion", 1);
      m.put("card", card);
      m.put("arch", a.name());
      m.put("kernels", results);
      if (lost) {
        m.put("incomplete", "the GPU could not be used any more: the kernels and sizes after the last one here were not crosschecked");
      }
      if (!Outputs.write(json, Outputs.REPORT, err, () -> new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(m)
          + "\n")) {
        return Main.INVALID_INPUT;
      }
    }
    List<CrosscheckRow> all = results.stream().flatMap(r -> r.sizes().stream()).toList();
    if (lost) {
      return Main.NO_GPU;
    }
    if (invalid) {
      return Main.INVALID_INPUT;
    }
    if (all.stream().anyMatch(CrosscheckRow::faulted)) {
      return Main.KERNEL_FAULT;
    }
    return all.stream().allMatch(CrosscheckRow::agrees) ? Main.OK : Main.FAILED;
  }

  /** The catalog kernel {@code name} names, or null for a file. */
  private static Kernel catalogKernel(String name) {
    if (Files.exists(Path.of(name)) || name.endsWith(".cu")) {
      return null;
    }
    try {
      return CatalogLocation.load().find(name).orElse(null);
    } catch (Catalog.CatalogException e) {
      return null; // resolve() read it a moment ago
    }
  }

  /** The sizes of {@code wanted} (default {@link #CATALOG_SIZES}) that {@code k} supports on arch; its largest if none. */
  static List<Integer> catalogSizes(Kernel k, String arch, List<Integer> wanted) {
    List<Integer> out = new ArrayList<>();
    for (int n : wanted == null ? CATALOG_SIZES : wanted) {
      if (k.sizes().supports(n, arch)) {
        out.add(n);
      }
    }
    if (out.isEmpty()) {
      out.add(k.sizes().max(arch));
    }
    return out;
  }

  /** {@code stuck}: the card's run left a kernel running that the driver cannot stop. */
  private record Sized(CrosscheckRow row, ScanRun.Outcome sim, String card, boolean stuck) {}

  /** The simulated run of a crosscheck and its output's bytes. */
  record Simulated(ScanRun.Outcome outcome, byte[] output, IrType type) {}

  /** The simulator's side of one size: the host entry on the simulated device, with the checkers where the sanitizer runs too. */
  static Simulated simulate(Frontend.Result compiled, Architecture a, int n, String entry, ScanRun.Expect expect, boolean checks)
      throws ScanRun.UsageException {
    return simulate(compiled, a, n, entry, expect, checks, org.scansim.timing.TimingPlan.off(a, null)).simulated();
  }

  /** As above, timed as {@code timing} says; the run, with its timing model's launches. */
  static Timed simulate(Frontend.Result compiled, Architecture a, int n, String entry, ScanRun.Expect expect, boolean checks,
      org.scansim.timing.TimingPlan timing) throws ScanRun.UsageException {
    // The checks compute-sanitizer has counterparts of; the proof has none.
    org.scansim.pipeline.RunSpec spec = org.scansim.pipeline.RunSpec.of("", a).withEntry(entry) // no report is made from it
        .withScan(expect, org.scansim.sim.run.ScanOp.SUM)
        .withChecks(checks ? EnumSet.of(Check.RACES, Check.BOUNDS, Check.INIT, Check.BARRIERS) : java.util.Set.of(), 0, false)
        .withTiming(timing);
    org.scansim.pipeline.Runner.Captured c = org.scansim.pipeline.Runner.capture(compiled, spec, n);
    return new Timed(new Simulated(c.run().outcome(), c.output(), c.type()), c.run());
  }

  /** A simulated size and its run (for the timing model's launches). */
  record Timed(Simulated simulated, org.scansim.pipeline.SimRun run) {}

  private Sized size(Frontend.Result compiled, Targets.Target t, Architecture a, int n, Kernel kernel)
      throws GpuUnavailable, ScanRun.UsageException {
    org.scansim.pipeline.RunSpec spec = org.scansim.pipeline.RunSpec.of(t.file().toString(), a).withEntry(entry)
        .withScan(t.expect(), org.scansim.sim.run.ScanOp.SUM);
    GpuRun.Outcome gpu = new org.scansim.hardware.CardDevice(t.file(), Defines.parse(t.defines()), nvcc, 1)
        .run(compiled, spec, n, org.scansim.pipeline.Runner.Extras.NONE).o();
    // The timing model with the parameters of the card at hand where it has them (an H200's on an H200), else the preset's first.
    org.scansim.timing.TimingPlan timing = org.scansim.timing.TimingPlan.of(a, org.scansim.timing.TimingPresets.cardOf(a, gpu.card()));
    boolean timed = (cyclesOnly || repeat > 1) && timing.timed();
    Timed run = simulate(compiled, a, n, entry, t.expect(), sanitizer, timed ? timing : org.scansim.timing.TimingPlan.off(a, null));
    Simulated s = run.simulated();
    if (timed) {
      modelCycles = run.run().launches().stream().map(org.scansim.timing.TimingObserver.LaunchTiming::smCycles).toList();
      modelCard = timing.parameters().cardKey();
    } else {
      modelCycles = null;
      modelCard = null;
    }
    return new Sized(CrosscheckRow.of(n, s.type(), s.outcome(), s.output(), gpu, kernel == null || kernel.correctAt(n)), s.outcome(),
        gpu.card() + " (" + gpu.arch() + ")", gpu.fault() != null && gpu.fault().kind() == org.scansim.sim.result.Kind.RUNAWAY);
  }

  /** Null when the simulated architecture is the card's ("NVIDIA H100 ... (sm_90)"); else why counters are not compared. */
  static String otherArch(Architecture a, String card) {
    String sm = "sm_" + a.computeCapability().replace(".", "");
    return card != null && card.endsWith("(" + sm + ")") ? null
        : "the simulated " + a.name() + " (" + sm + ") is not the card's architecture; crosscheck with its --arch";
  }

  private Duration toolLimit() {
    return Duration.ofSeconds(Math.max(1, Math.min(toolSeconds, 86_400)));
  }

  private CrosscheckRow counters(CrosscheckRow r, ScanRun.Outcome sim, NsightCompute profiler, Targets.Target t, int n,
      String otherArch) {
    try {
      List<NsightCompute.Launch> launches = profiler.profile(ChildRun.command(t.file(), t.defines(), n, entry, t.expect(), nvcc),
          toolLimit());
      if (launches.size() != r.gpuLaunches().size()) {
        return r.with(null, "not compared: ncu profiled " + launches.size() + " launches, the run on the card made " + r.gpuLaunches().size(),
            null);
      }
      return r.with(CrosscheckCounters.compare(sim.launches(), launches, otherArch), null, null);
    } catch (ToolFailed e) {
      return r.with(null, "not measured: " + e.getMessage(), null);
    }
  }

  /** The timing model's SM cycles of each launch of the last simulated size, or null. */
  private List<Long> modelCycles;
  private String modelCard;

  private CrosscheckRow timing(CrosscheckRow r, NsightCompute profiler, Targets.Target t, int n) {
    try {
      List<NsightCompute.Launch> launches = profiler.profile(ChildRun.command(t.file(), t.defines(), n, entry, t.expect(), nvcc, repeat),
          toolLimit().multipliedBy(Math.max(1, repeat / 10 + 1)), NsightCompute.TIMING);
      // The model's cycles beside the card's only where both ran the same launches.
      List<CrosscheckTiming.Launch> timing = CrosscheckTiming.of(launches, repeat, r.gpuLaunches().size(), r.gpuLaunches(),
          r.launchesEqual() ? modelCycles : null, modelCard);
      return timing != null ? r.withTiming(timing, null)
          : r.withTiming(null, "not measured: ncu profiled " + launches.size() + " launches, " + repeat + " runs of " + r.gpuLaunches().size()
              + " were expected");
    } catch (ToolFailed e) {
      return r.withTiming(null, "not measured: " + e.getMessage());
    }
  }

  private CrosscheckSanitizer.Check sanitize(Sanitizer checker, ScanRun.Outcome sim, Targets.Target t, int n) {
    List<Sanitizer.Report> reports = new ArrayList<>();
    for (String tool : Sanitizer.TOOLS) {
      try {
        reports.add(checker.check(tool, ChildRun.command(t.file(), t.defines(), n, entry, t.expect(), nvcc),
            toolLimit()));
      } catch (ToolFailed e) {
        reports.add(new Sanitizer.Report(tool, List.of(), "not run: " + e.getMessage()));
      }
    }
    return CrosscheckSanitizer.compare(reports, sim.findings());
  }
}
