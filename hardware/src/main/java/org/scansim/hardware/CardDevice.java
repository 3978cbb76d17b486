package org.scansim.hardware;

import java.nio.file.Path;
import java.util.Map;
import org.scansim.frontend.Frontend;
import org.scansim.pipeline.Device;
import org.scansim.pipeline.RunSpec;
import org.scansim.pipeline.Runner;
import org.scansim.reports.RunReport;
import org.scansim.sim.run.ScanRun;

/**
 * The first CUDA device behind the pipeline's {@link Device}: {@code nvcc} compiles {@code file}
 * with {@code defines} for the card, and {@link GpuRun} runs the spec's host entry against it on
 * the same inputs, {@code repeat} times; the result is a {@link CardRun}, reported as a simulated
 * run is.
 */
public final class CardDevice implements Device {
  private final Path file;
  private final Map<String, String> defines;
  private final Path nvcc;
  private final int repeat;

  /** {@code nvcc}: null for the one on the PATH. */
  public CardDevice(Path file, Map<String, String> defines, Path nvcc, int repeat) {
    this.file = file;
    this.defines = defines;
    this.nvcc = nvcc;
    this.repeat = repeat;
  }

  @Override
  public CardRun run(Frontend.Result compiled, RunSpec spec, int n, Runner.Extras extras) throws ScanRun.UsageException, GpuUnavailable {
    GpuRun.Outcome o = GpuRun.run(compiled, file, defines, n, spec.entry(), spec.expect(), nvcc, spec.wallMillis(), repeat);
    RunReport.Inputs in = spec.reportInputs(n);
    return new CardRun(new RunReport.Inputs(in.file(), in.n(), o.arch(), in.expect(), in.op(), in.defines(), in.seed(), in.args()), o);
  }
}
