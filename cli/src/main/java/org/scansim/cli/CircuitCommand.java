package org.scansim.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.scansim.frontend.Frontend;
import org.scansim.reports.CircuitSvg;
import org.scansim.reports.CircuitText;
import org.scansim.sim.arch.Architecture;
import org.scansim.sim.arch.Architectures;
import org.scansim.sim.check.Check;
import org.scansim.sim.check.Circuit;
import org.scansim.sim.check.ScanProof;
import org.scansim.sim.run.ScanRun;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code scansim circuit FILE|NAME --n N [--svg OUT]}: runs a kernel under the scan proof and
 * shows the ⊕ dataflow graph it recorded, as text and, with {@code --svg}, as a picture in the
 * style of the CUDA Handbook's scan circuits. The file, catalog name, defines, architecture and
 * entry are resolved exactly as {@code scansim run} resolves them.
 */
@Command(
    name = "circuit",
    mixinStandardHelpOptions = true,
    description = {
      "Runs a kernel file's host entry under the scan proof and prints its circuit.",
      "The circuit is every application of the operator, one line per dependency level, with work, depth and fan-out."
          + " --svg also draws it: inputs on top, one row per level, outputs at the bottom."
    })
final class CircuitCommand implements Callable<Integer> {
  /** The most elements --svg draws: one column each. */
  static final int MAX_SVG_N = 256;
  /** The most elements a circuit is recorded for: every ⊕ of the run is kept. */
  static final int MAX_N = 4096;

  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @Parameters(index = "0", paramLabel = "FILE|NAME", description = "the .cu file, or a catalog name (scansim catalog lists them)")
  String target;

  @Option(names = "--n", required = true, paramLabel = "N", description = "number of elements (at most " + MAX_N + "; " + MAX_SVG_N + " with --svg)")
  int n;

  @Option(names = "--svg", paramLabel = "OUT", description = "also draw the circuit as SVG into OUT (created or replaced; never one of the run's input files)")
  Path svg;

  @Option(names = "--entry", paramLabel = "NAME", description = "the host entry (needed when the file has several)")
  String entry;

  @Option(names = "--arch", paramLabel = "ARCH", defaultValue = "hopper",
      description = "architecture preset (${COMPLETION-CANDIDATES}) or a JSON file; default: ${DEFAULT-VALUE}",
      completionCandidates = RunCommand.Presets.class)
  String arch;

  @Option(names = "--expect", paramLabel = "KIND",
      description = "the scan the outputs must hold: inclusive or exclusive (a catalog kernel's own by default)")
  String expect;

  @Option(names = "-D", paramLabel = "NAME[=VALUE]", description = "define a preprocessor macro (repeatable)")
  List<String> defines;

  @Option(names = "--max-instructions", paramLabel = "N", defaultValue = "2000000000",
      description = "warp-instruction budget of the whole run; default: ${DEFAULT-VALUE}")
  long maxInstructions;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    if (n < 1) {
      err.println("scansim: error: --n must be at least 1, not " + n);
      return Main.INVALID_INPUT;
    }
    if (maxInstructions < 1) {
      err.println("scansim: error: --max-instructions must be at least 1, not " + maxInstructions);
      return Main.INVALID_INPUT;
    }
    if (svg != null && n > MAX_SVG_N) {
      err.println("scansim: error: --svg draws at most " + MAX_SVG_N + " elements (one wire each), not " + n
          + "; draw a smaller --n, or leave out --svg for the text");
      return Main.INVALID_INPUT;
    }
    if (n > MAX_N) {
      err.println("scansim: error: a circuit keeps every ⊕ of the run, so --n is at most " + MAX_N + ", not " + n);
      return Main.INVALID_INPUT;
    }
    ScanRun.Expect kind = null;
    if (expect != null && (kind = Targets.expectOf(expect, err)) == null) {
      return Main.INVALID_INPUT;
    }
    Architecture a = Targets.architecture(arch, err);
    if (a == null) {
      return Main.INVALID_INPUT;
    }
    Targets.Target t = Targets.resolve(target, a, defines, kind, err);
    if (t == null) {
      return Main.INVALID_INPUT;
    }
    if (!t.supports(List.of(n), a.name(), defines, err)) {
      return Main.INVALID_INPUT;
    }
    if (t.expect() == null) {
      err.println("scansim: error: the circuit comes from the scan proof, which needs the scan to check: pass --expect inclusive or --expect exclusive");
      return Main.INVALID_INPUT;
    }
    List<Path> inputs = new ArrayList<>(t.inputs());
    if (!Architectures.presets().contains(arch.toLowerCase(Locale.ROOT))) {
      inputs.add(Path.of(arch));
    }
    if (svg != null && (!notAnInput(svg, inputs, err) || !Outputs.mayWrite(svg, Outputs.SVG, err))) {
      return Main.INVALID_INPUT;
    }
    Frontend.Result compiled = Compilation.compile(t.file(), t.defines(), err);
    if (!compiled.ok()) {
      return Main.INVALID_INPUT;
    }
    ScanRun.Outcome o;
    try {
      org.scansim.pipeline.RunSpec spec = org.scansim.pipeline.RunSpec.of(t.file().toString(), a).withEntry(entry)
          .withScan(t.expect(), org.scansim.sim.run.ScanOp.SUM).withChecks(EnumSet.of(Check.PROOF), 0, true)
          .withOrder(0, 0, Runtime.getRuntime().availableProcessors()).withBudgets(maxInstructions, 0, 1L << 31);
      o = org.scansim.pipeline.Runner.simulate(compiled, spec, n, org.scansim.pipeline.Runner.Extras.NONE).outcome();
    } catch (ScanRun.UsageException e) {
      err.println("scansim: error: " + e.getMessage());
      return Main.INVALID_INPUT;
    }
    if (o.fault() != null) {
      err.println(o.fault().span() == null ? "scansim: fault: " + o.fault().getMessage()
          : o.fault().span().position() + ": fault: " + o.fault().getMessage());
      return Main.KERNEL_FAULT;
    }
    ScanProof proof = o.proof();
    Circuit circuit = proof == null ? null : proof.circuit();
    if (circuit == null) {
      err.println("scansim: error: the scan proof is not available for this run" + (proof == null ? "" : " (it recorded no circuit)"));
      return Main.INVALID_INPUT;
    }
    String scan = t.expect().name().toLowerCase(Locale.ROOT);
    String title = "scansim circuit " + t.file() + definesText(t.defines()) + "  n=" + n + "  arch=" + a.name()
        + "  entry=" + o.entry() + "(" + o.elementType() + ")";
    out.println(title);
    if (proof.proved()) {
      out.println("proof: every output is the " + scan + " scan's range of inputs"
          + (proof.commutativeOnly() ? ", if ⊕ is also commutative (operands reversed in " + proof.reversedExample() + ")" : ""));
    } else {
      out.println("proof: WRONG, " + proof.wrongOutputs() + " of " + n + " outputs are not the " + scan + " scan's");
      if (proof.failures() != null) {
        proof.failures().forEach(f -> out.println("  " + f));
      }
    }
    out.print(CircuitText.render(circuit));
    out.flush();
    if (svg != null && !Outputs.write(svg, Outputs.SVG, err, () -> CircuitSvg.render(circuit, t.expect(), title))) {
      return Main.INVALID_INPUT;
    }
    return proof.proved() ? Main.OK : Main.FAILED;
  }

  private static String definesText(List<String> defines) {
    StringBuilder s = new StringBuilder();
    defines.forEach(d -> s.append(" -D").append(d));
    return s.toString();
  }

  /** Whether {@code p} is none of the run's inputs (the kernel file, its catalog metadata, the architecture file); false after saying so. */
  static boolean notAnInput(Path p, List<Path> inputs, PrintWriter err) {
    for (Path in : inputs) {
      try {
        if (Files.exists(p) && Files.exists(in) && Files.isSameFile(p, in)) {
          err.println("scansim: error: " + p + " is an input of this run; refusing to overwrite it");
          return false;
        }
      } catch (IOException e) {
        // cannot tell: the output rule decides
      }
    }
    return true;
  }
}
