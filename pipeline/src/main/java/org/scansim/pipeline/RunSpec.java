package org.scansim.pipeline;

import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.scansim.reports.RunReport;
import org.scansim.sim.arch.Architecture;
import org.scansim.sim.check.Check;
import org.scansim.sim.event.ExecutionObserver;
import org.scansim.sim.run.ScanOp;
import org.scansim.sim.run.ScanRun;
import org.scansim.sim.sched.LaunchProgress;
import org.scansim.timing.TimingPlan;

/**
 * A run resolved once, whichever command asked for it: the file as reports name it and its
 * defines, the architecture, what to call (a host entry, or a kernel with its launch), the scan
 * to check, the checkers, how it is timed, and the budgets and knobs of the simulated GPU. {@link
 * Runner} runs it at each size; {@link SimRun#report} makes its report. Build one with {@link
 * #of} and the {@code with...} methods; every field not set has {@link ScanRun.Request}'s default.
 *
 * @param shown               the file as reports name it
 * @param defines             the defines as reports list them (sorted), or null where no report is made
 * @param arch                the architecture simulated
 * @param entry               the host entry or, with {@code kernelLaunch}, the kernel (null: found)
 * @param kernelLaunch        the launch of a kernel run without a host entry, or null
 * @param expect              the scan the output is checked against, or null
 * @param op                  the scan's operator
 * @param checks              the checkers on
 * @param schedules           seeded orders of warps and blocks to compare (0: none)
 * @param timing              how it is timed ({@link TimingPlan}: parameters, or why not)
 * @param seed                the seeded order of warps (0: index order)
 * @param residentBlocks      blocks resident at once for communicating blocks (0: the architecture's)
 * @param threads             the threads independent blocks run on
 * @param maxWarpInstructions the instruction budget
 * @param wallMillis          the wall-clock budget (0: none)
 * @param circuit             whether the scan proof keeps its circuit
 * @param deviceBytes         the simulated device memory
 */
public record RunSpec(String shown, Map<String, String> defines, Architecture arch, String entry, ScanRun.KernelLaunch kernelLaunch,
    ScanRun.Expect expect, ScanOp op, Set<Check> checks, int schedules, TimingPlan timing, long seed, int residentBlocks, int threads,
    long maxWarpInstructions, long wallMillis, boolean circuit, long deviceBytes) {

  /** A run of {@code shown} on {@code arch}, untimed, every other choice at its default. */
  public static RunSpec of(String shown, Architecture arch) {
    ScanRun.Options none = ScanRun.Options.NONE;
    return new RunSpec(shown, null, arch, null, null, null, ScanOp.SUM, none.checks(), none.schedules(), TimingPlan.off(arch, null), 0, 0,
        1, ScanRun.Request.MAX_WARP_INSTRUCTIONS, none.wallMillis(), none.circuit(), none.deviceBytes());
  }

  public RunSpec withDefines(Map<String, String> d) {
    return new RunSpec(shown, d, arch, entry, kernelLaunch, expect, op, checks, schedules, timing, seed, residentBlocks, threads,
        maxWarpInstructions, wallMillis, circuit, deviceBytes);
  }

  public RunSpec withEntry(String e) {
    return new RunSpec(shown, defines, arch, e, kernelLaunch, expect, op, checks, schedules, timing, seed, residentBlocks, threads,
        maxWarpInstructions, wallMillis, circuit, deviceBytes);
  }

  /** A kernel run without a host entry: {@code kernel} launched as {@code launch} says. */
  public RunSpec withKernel(String kernel, ScanRun.KernelLaunch launch) {
    return new RunSpec(shown, defines, arch, kernel, launch, expect, op, checks, schedules, timing, seed, residentBlocks, threads,
        maxWarpInstructions, wallMillis, circuit, deviceBytes);
  }

  public RunSpec withScan(ScanRun.Expect x, ScanOp o) {
    return new RunSpec(shown, defines, arch, entry, kernelLaunch, x, o, checks, schedules, timing, seed, residentBlocks, threads,
        maxWarpInstructions, wallMillis, circuit, deviceBytes);
  }

  public RunSpec withChecks(Set<Check> c, int k, boolean keepCircuit) {
    return new RunSpec(shown, defines, arch, entry, kernelLaunch, expect, op, c, k, timing, seed, residentBlocks, threads,
        maxWarpInstructions, wallMillis, keepCircuit, deviceBytes);
  }

  public RunSpec withTiming(TimingPlan t) {
    return new RunSpec(shown, defines, arch, entry, kernelLaunch, expect, op, checks, schedules, t, seed, residentBlocks, threads,
        maxWarpInstructions, wallMillis, circuit, deviceBytes);
  }

  public RunSpec withOrder(long s, int resident, int workers) {
    return new RunSpec(shown, defines, arch, entry, kernelLaunch, expect, op, checks, schedules, timing, s, resident, workers,
        maxWarpInstructions, wallMillis, circuit, deviceBytes);
  }

  public RunSpec withBudgets(long maxInstructions, long wall, long bytes) {
    return new RunSpec(shown, defines, arch, entry, kernelLaunch, expect, op, checks, schedules, timing, seed, residentBlocks, threads,
        maxInstructions, wall, circuit, bytes);
  }

  /** The simulator's request for a run at {@code n}, with {@code observer} and {@code progress} (each may be null). */
  public ScanRun.Request request(int n, ExecutionObserver observer, LaunchProgress progress) {
    ScanRun.Options options = new ScanRun.Options(checks, schedules, wallMillis, circuit, deviceBytes);
    if (progress != null) {
      options = options.withProgress(progress);
    }
    if (observer != null) {
      options = options.withObserver(observer);
    }
    return ScanRun.Request.of(n, arch).entry(entry).expect(expect).op(op).seed(seed).maxWarpInstructions(maxWarpInstructions)
        .threads(threads).residentBlocks(residentBlocks).withOptions(options);
  }

  /** What a report says the run was, at {@code n}. */
  public RunReport.Inputs reportInputs(int n) {
    return new RunReport.Inputs(shown, n, arch.name(), expect == null ? null : expect.name().toLowerCase(Locale.ROOT),
        op == ScanOp.SUM ? null : op.spelling(), defines, seed);
  }
}
