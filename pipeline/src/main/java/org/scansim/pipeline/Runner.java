package org.scansim.pipeline;

import java.util.List;
import org.scansim.frontend.Frontend;
import org.scansim.sim.event.ExecutionObserver;
import org.scansim.sim.event.Observers;
import org.scansim.sim.run.ProgramRun;
import org.scansim.sim.run.ScanRun;
import org.scansim.sim.sched.LaunchProgress;
import org.scansim.timing.TimingObserver;

/**
 * Runs a {@link RunSpec} on the simulated GPU: the one place that turns a spec into the
 * simulator's request, attaches the timing model ({@link org.scansim.timing.TimingPlan}) and the
 * caller's observer and progress, and calls the host entry, the kernel or the program.
 */
public final class Runner {
  private Runner() {}

  /** What a caller adds to a run: a terminal's progress, another observer (a page's bank heat map); each may be null. */
  public record Extras(LaunchProgress progress, ExecutionObserver observer) {
    public static final Extras NONE = new Extras(null, null);
  }

  /** {@code spec} at {@code n}: its host entry, or its kernel with its launch. */
  public static SimRun simulate(Frontend.Result compiled, RunSpec spec, int n, Extras extras) throws ScanRun.UsageException {
    TimingObserver timer = spec.timing().observer(compiled.ir());
    ScanRun.Request request = spec.request(n, Observers.all(timer, extras.observer()), extras.progress());
    ScanRun.Outcome o = spec.kernelLaunch() != null ? ScanRun.runKernel(compiled, request, spec.kernelLaunch())
        : ScanRun.run(compiled, request);
    return new SimRun(o, timer, spec.timing().reason(), spec.reportInputs(n), spec.checks());
  }

  /** A run whose output buffer's bytes were kept: {@code output} holds {@code type}'s elements. */
  public record Captured(SimRun run, byte[] output, org.scansim.frontend.ir.IrType type) {}

  /**
   * {@code spec}'s host entry at {@code n}, as {@link #simulate} runs it, keeping the output
   * buffer's bytes after the run (what {@code crosscheck} compares bit for bit with the card's).
   */
  public static Captured capture(Frontend.Result compiled, RunSpec spec, int n) throws ScanRun.UsageException {
    org.scansim.frontend.sema.Symbol.Function e = ScanRun.entry(compiled, spec.entry());
    org.scansim.frontend.sema.Type elem = ((org.scansim.frontend.sema.Type.Pointer) e.paramTypes().get(0)).pointee();
    org.scansim.frontend.ir.IrType type = org.scansim.frontend.ir.IrType.of(elem);
    byte[][] out = new byte[1][];
    TimingObserver timer = spec.timing().observer(compiled.ir());
    ScanRun.Outcome o = ScanRun.execute(compiled, spec.request(n, timer, null), elem,
        (s, in, output, count) -> {
          s.call(e.name(), new long[] {in, output, count});
          out[0] = s.read(output, count * type.size());
        }, e.name());
    return new Captured(new SimRun(o, timer, spec.timing().reason(), spec.reportInputs(n), spec.checks()), out[0], type);
  }

  /** {@code spec}'s program: {@code main} with {@code argv} and {@code io}; its report names the program's files and argv. */
  public static SimRun program(Frontend.Result compiled, RunSpec spec, List<String> files, List<String> argv, ProgramRun.Io io,
      Extras extras) throws ScanRun.UsageException {
    TimingObserver timer = spec.timing().observer(compiled.ir());
    ScanRun.Outcome o = ProgramRun.run(compiled, spec.request(1, Observers.all(timer, extras.observer()), extras.progress()), argv, io);
    return new SimRun(o, timer, spec.timing().reason(), org.scansim.reports.RunReport.Inputs.program(files, argv, spec.arch().name(),
        spec.defines(), spec.seed()), spec.checks());
  }
}
