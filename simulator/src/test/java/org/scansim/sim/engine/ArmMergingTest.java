package org.scansim.sim.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.EnumSet;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.scansim.frontend.Frontend;
import org.scansim.frontend.diag.SourceFile;
import org.scansim.frontend.ir.IrType;
import org.scansim.frontend.pp.IncludeLoader;
import org.scansim.sim.arch.Architectures;
import org.scansim.sim.check.Check;
import org.scansim.sim.result.Counters;
import org.scansim.sim.device.Limits;
import org.scansim.sim.memory.ArchMemoryModel;
import org.scansim.sim.run.Simulation;

/**
 * The if/else rule ({@link ArmMerging}), counted by hand. One warp of 32 lanes: lanes 0-15 take
 * one arm, 16-31 the other; both arms load {@code s[2t]} and store {@code s[2t + 64]}. Issued
 * once for the 32 lanes, each is one instruction of 2 wavefronts (lanes t and t + 16 share bank
 * 2t mod 32 at different words: a 2-way conflict), where each arm's own 16 lanes would be one
 * wavefront. With the four conflict-free stores before and the load after: 2 loads (3
 * wavefronts, 1 conflict), 5 stores (6 wavefronts, 1 conflict).
 */
class ArmMergingTest {
  private static final String KERNEL = """
      __global__ void k(float *out, const float *in) {
          __shared__ float s[128];
          int t = threadIdx.x;
          s[t] = in[t]; s[t + 32] = in[t]; s[t + 64] = in[t]; s[t + 96] = in[t];
          __syncthreads();
          float v;
          if (t < LIMIT) { v = s[2 * t] + 1.0f; s[2 * t + 64] = v; }
          else           { v = s[2 * t] * 2.0f; s[2 * t + 64] = v; }
          __syncthreads();
          out[t] = s[t + 64];
      }
      void entry(float *out, const float *in) { k<<<1, 32>>>(out, in); }
      """;

  private static Counters run(int limit, EnumSet<Check> checks) {
    Frontend.Result r = Frontend.compile(new SourceFile("a.cu", KERNEL.replace("LIMIT", Integer.toString(limit))), Map.of(),
        IncludeLoader.NONE);
    assertThat(r.ok()).as(r.diagnostics().all().toString()).isTrue();
    Simulation sim = new Simulation(r.ir(), new ArchMemoryModel(Architectures.preset("hopper")), Limits.defaults());
    sim.setChecks(checks, 0, 1 << 10);
    Simulation.Buffer out = sim.allocate("out", IrType.F32, 32);
    Simulation.Buffer in = sim.allocate("in", IrType.F32, 32);
    sim.call("entry", new long[] {out.pointer(), in.pointer()});
    return sim.launches().get(0).counters();
  }

  @Test
  void aWarpThatRunsBothArmsIssuesTheCommonLoadAndStoreOnceForAllItsLanes() {
    for (EnumSet<Check> checks : java.util.List.of(EnumSet.noneOf(Check.class), EnumSet.of(Check.RACES, Check.BOUNDS, Check.INIT))) {
      Counters c = run(16, checks);
      assertThat(c.sharedLoadInstructions).as("loads " + checks).isEqualTo(2);
      assertThat(c.sharedLoadWavefronts).isEqualTo(3);
      assertThat(c.sharedLoadBankConflicts()).isEqualTo(1);
      assertThat(c.sharedStoreInstructions).isEqualTo(5);
      assertThat(c.sharedStoreWavefronts).isEqualTo(6);
      assertThat(c.sharedStoreBankConflicts()).isEqualTo(1);
    }
  }

  @Test
  void aWarpThatRunsOneArmCountsItAlone() {
    // Every lane takes the first arm: its load and store are counted as they are, 2-way each.
    Counters c = run(32, EnumSet.noneOf(Check.class));
    assertThat(c.sharedLoadInstructions).isEqualTo(2);
    assertThat(c.sharedLoadWavefronts).isEqualTo(3);
    assertThat(c.sharedStoreInstructions).isEqualTo(5);
    assertThat(c.sharedStoreWavefronts).isEqualTo(6);
  }
}
