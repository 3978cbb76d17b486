package org.scansim.sim.run;

import org.scansim.sim.result.Fault;
import org.scansim.sim.result.Kind;
import org.scansim.sim.device.Limits;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.scansim.frontend.Frontend;
import org.scansim.frontend.diag.SourceFile;
import org.scansim.frontend.ir.IrType;
import org.scansim.frontend.pp.IncludeLoader;

/** A host loop that launches kernels without end is a runaway at the launch budget, not a run out of memory. */
class LaunchBudgetTest {

  private static final String SOURCE = """
      __global__ void copy(const float *in, float *out, int n) {
        int i = threadIdx.x;
        out[i] = in[i];
      }
      void entry(const float *in, float *out, int n) {
        for (int k = 0; k < LAUNCHES; k++) {
          copy<<<1, 32>>>(in, out, n);
        }
      }
      """;

  private static Simulation simulation(String launches) {
    Frontend.Result r = Frontend.compile(new SourceFile("loop.cu", SOURCE), Map.of("LAUNCHES", launches), IncludeLoader.NONE);
    assertThat(r.ok()).as(r.diagnostics().all().toString()).isTrue();
    Simulation sim = new Simulation(r.ir(), new NoBanks(), Limits.defaults());
    sim.setMaxLaunches(50);
    return sim;
  }

  private static void run(Simulation sim) {
    Simulation.Buffer in = sim.allocate("in", IrType.F32, 32);
    Simulation.Buffer out = sim.allocate("out", IrType.F32, 32);
    sim.call("entry", new long[] {in.pointer(), out.pointer(), 32});
  }

  @Test
  void theBudgetsLaunchesRun() {
    Simulation sim = simulation("50");
    run(sim);
    assertThat(sim.launches()).hasSize(50);
  }

  @Test
  void oneMoreIsARunawayAtItsLaunch() {
    Simulation sim = simulation("51");
    assertThatThrownBy(() -> run(sim)).isInstanceOf(Fault.class)
        .hasMessage("the host code launched more than 50 kernels (the last: copy): a host loop that does not end?")
        .satisfies(e -> {
          Fault f = (Fault) e;
          assertThat(f.kind()).isEqualTo(Kind.RUNAWAY);
          assertThat(f.span().position()).isEqualTo("loop.cu:7:5");
        });
    assertThat(sim.launches()).hasSize(50);
  }
}
