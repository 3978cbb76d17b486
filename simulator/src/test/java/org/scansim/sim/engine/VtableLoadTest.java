package org.scansim.sim.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.scansim.frontend.Frontend;
import org.scansim.frontend.diag.SourceFile;
import org.scansim.frontend.ir.IrType;
import org.scansim.frontend.pp.IncludeLoader;
import org.scansim.sim.arch.Architectures;
import org.scansim.sim.result.Counters;
import org.scansim.sim.device.Limits;
import org.scansim.sim.memory.ArchMemoryModel;
import org.scansim.sim.run.Simulation;

/**
 * A device virtual call counts as the card's load of the function's address from the class's
 * vtable ({@link CInsn#vtable}): one global load a warp, a sector for each class among its lanes
 * (on the H200, virtual_scans' calls of one class are one LDG of one sector a warp:
 * examples/programs/expected/counters).
 */
class VtableLoadTest {
  private static final String SOURCE = """
      struct Op {
        __device__ Op() {}
        __device__ virtual int apply(int a) const { return a + 1; }
      };
      struct Twice : Op {
        __device__ Twice() {}
        __device__ int apply(int a) const override { return 2 * a; }
      };
      __global__ void k(const int *in, int *out, int mixed) {
        Op one;
        Twice two;
        const Op *op = mixed && (threadIdx.x & 1) ? (const Op *)&two : &one;
        out[threadIdx.x] = op->apply(in[threadIdx.x]);
      }
      """;

  private static Counters run(int mixed) {
    Frontend.Result r = Frontend.compile(new SourceFile("v.cu", SOURCE), Map.of(), IncludeLoader.NONE);
    assertThat(r.ok()).as(r.diagnostics().all().toString()).isTrue();
    Simulation sim = new Simulation(r.ir(), new ArchMemoryModel(Architectures.preset("hopper")), Limits.defaults());
    Simulation.Buffer in = sim.allocate("in", IrType.I32, 64);
    Simulation.Buffer out = sim.allocate("out", IrType.I32, 64);
    in.setInputs(64, i -> i);
    sim.launch("k", new int[] {1, 1, 1}, new int[] {64, 1, 1}, 0, new long[] {in.pointer(), out.pointer(), mixed});
    assertThat(out.get(3)).isEqualTo(mixed == 1 ? 6 : 4);
    return sim.launches().get(0).counters();
  }

  @Test
  void aVirtualCallLoadsItsFunctionFromTheVtableOnceAWarp() {
    Counters one = run(0);
    // two warps: each loads in[t] (4 sectors) and the vtable entry of its one class (1 sector)
    assertThat(one.globalLoadInstructions).isEqualTo(2 + 2);
    assertThat(one.globalLoadSectors).isEqualTo(2 * 4 + 2 * 1);
    Counters two = run(1);
    // lanes of two classes: two vtables, a sector each
    assertThat(two.globalLoadInstructions).isEqualTo(2 + 2);
    assertThat(two.globalLoadSectors).isEqualTo(2 * 4 + 2 * 2);
  }
}
