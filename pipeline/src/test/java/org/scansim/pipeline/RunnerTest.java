package org.scansim.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.scansim.frontend.Frontend;
import org.scansim.frontend.diag.SourceFile;
import org.scansim.frontend.pp.IncludeLoader;
import org.scansim.reports.RunReport;
import org.scansim.sim.arch.Architecture;
import org.scansim.sim.arch.Architectures;
import org.scansim.sim.check.Check;
import org.scansim.sim.run.ScanOp;
import org.scansim.sim.run.ScanRun;
import org.scansim.timing.TimingPlan;

/** The pipeline: a spec's request, a run with and without the timing model, its report and result. */
class RunnerTest {
  /** A Hillis–Steele inclusive scan of one block, and a host entry that launches it. */
  private static final String SCAN = """
      __global__ void k(const float *in, float *out, int n) {
        __shared__ float s[2][256];
        int t = threadIdx.x;
        int p = 0;
        s[0][t] = t < n ? in[t] : 0;
        __syncthreads();
        for (int d = 1; d < n; d *= 2) {
          s[1 - p][t] = t >= d ? s[p][t] + s[p][t - d] : s[p][t];
          p = 1 - p;
          __syncthreads();
        }
        if (t < n) out[t] = s[p][t];
      }
      void scan(const float *in, float *out, int n) { k<<<1, 256>>>(in, out, n); }
      """;

  private static final Architecture HOPPER = Architectures.preset("hopper");

  private static Frontend.Result compiled() {
    Frontend.Result r = Frontend.compile(new SourceFile("scan.cu", SCAN), Map.of(), IncludeLoader.NONE);
    assertThat(r.ok()).as(r.diagnostics().all().toString()).isTrue();
    return r;
  }

  @Test
  void aSpecsRequestHasTheSimulatorsDefaultsWhereItSetsNothing() {
    ScanRun.Request r = RunSpec.of("scan.cu", HOPPER).request(256, null, null);
    assertThat(r).isEqualTo(ScanRun.Request.of(256, HOPPER).withOptions(ScanRun.Options.NONE));
    ScanRun.Request checked = RunSpec.of("scan.cu", HOPPER).withEntry("scan").withScan(ScanRun.Expect.INCLUSIVE, ScanOp.MAX)
        .withChecks(Set.of(Check.RACES), 2, true).withOrder(7, 3, 4).withBudgets(1000, 5000, 1 << 20).request(64, null, null);
    assertThat(checked.entry()).isEqualTo("scan");
    assertThat(checked.op()).isEqualTo(ScanOp.MAX);
    assertThat(checked.seed()).isEqualTo(7);
    assertThat(checked.residentBlocks()).isEqualTo(3);
    assertThat(checked.threads()).isEqualTo(4);
    assertThat(checked.maxWarpInstructions()).isEqualTo(1000);
    assertThat(checked.options()).isEqualTo(new ScanRun.Options(Set.of(Check.RACES), 2, 5000, true, 1 << 20));
  }

  @Test
  void aTimedRunsReportHasItsCyclesAndAnUntimedOneSaysWhyWhenAsked() throws Exception {
    RunSpec spec = RunSpec.of("scan.cu", HOPPER).withScan(ScanRun.Expect.INCLUSIVE, ScanOp.SUM);
    SimRun timed = Runner.simulate(compiled(), spec.withTiming(TimingPlan.of(HOPPER, null)), 200, Runner.Extras.NONE);
    assertThat(timed.correct()).isTrue();
    assertThat(timed.fault()).isNull();
    assertThat(timed.hasFindings()).isFalse();
    RunReport report = timed.report();
    assertThat(report.launches()).hasSize(1);
    assertThat(report.launches().get(0).timing().smCycles()).isPositive();
    assertThat(timed.text()).contains("time per launch (timing model: hopper, calibrated on");
    assertThat(timed.json()).startsWith("{\n  \"schemaVersion\"");
    assertThat(timed.launches()).hasSize(1);

    SimRun off = Runner.simulate(compiled(), spec, 200, Runner.Extras.NONE);
    assertThat(off.report().launches().get(0).timing()).isNull();
    assertThat(off.timingNote()).isNull(); // nobody asked
    SimRun why = Runner.simulate(compiled(), spec.withTiming(TimingPlan.off(HOPPER, "a reason")), 200, Runner.Extras.NONE);
    assertThat(why.timingNote()).isEqualTo("no cycles: a reason");
    assertThat(why.text()).contains("no cycles: a reason");
    // The functional report is the same whether the model listened or not.
    assertThat(off.report().launches().get(0).counters().warpInstructions())
        .isEqualTo(report.launches().get(0).counters().warpInstructions());
  }

  @Test
  void captureKeepsTheOutputsBytes() throws Exception {
    Runner.Captured c = Runner.capture(compiled(), RunSpec.of("scan.cu", HOPPER).withScan(ScanRun.Expect.INCLUSIVE, ScanOp.SUM), 200);
    assertThat(c.run().correct()).isTrue();
    assertThat(c.output()).hasSize(200 * 4);
    // The inclusive sums of the simulator's inputs, summed here: every bit of the kept output.
    double[] in = org.scansim.sim.run.Inputs.values(200);
    java.nio.ByteBuffer out = java.nio.ByteBuffer.wrap(c.output()).order(java.nio.ByteOrder.LITTLE_ENDIAN);
    double sum = 0;
    for (int i = 0; i < 200; i++) {
      sum += in[i];
      assertThat(out.getFloat(4 * i)).as("out[%d]", i).isEqualTo((float) sum);
    }
    assertThat(Device.SIMULATED.run(compiled(), RunSpec.of("scan.cu", HOPPER), 200, Runner.Extras.NONE).correct()).isNull();
  }
}
