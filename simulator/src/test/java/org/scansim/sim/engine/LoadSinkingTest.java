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
 * A load whose only use is inside one side of the branch after it counts for the lanes that take
 * that side ({@link LoadSinking}), as nvcc sinks it (classes.cu's block scans on the H200: 124
 * shared loads where every warp issuing it would be 129, examples/programs/expected/counters).
 */
class LoadSinkingTest {
  private static final String SOURCE = """
      __device__ int last(const int *t) { return t[threadIdx.x]; }
      __global__ void sunk(const int *in, int *out, int n) {           // used only where i < n
        __shared__ int t[256];
        int i = threadIdx.x;
        t[i] = in[i];
        __syncthreads();
        int v = last(t);
        if (i < n) out[i] = v;
      }
      __global__ void elseSide(const int *in, int *out, int n) {       // used only where i >= n
        __shared__ int t[256];
        int i = threadIdx.x;
        t[i] = in[i];
        __syncthreads();
        int v = t[i];
        if (i < n) out[i] = 0; else out[i] = v;
      }
      __global__ void bothSides(const int *in, int *out, int n) {      // read on both sides: kept
        __shared__ int t[256];
        int i = threadIdx.x;
        t[i] = in[i];
        __syncthreads();
        int v = t[i];
        if (i < n) out[i] = v; else out[i] = v + 1;
      }
      __global__ void storeBetween(const int *in, int *out, int n) {   // a store before the branch: kept
        __shared__ int t[256];
        int i = threadIdx.x;
        t[i] = in[i];
        __syncthreads();
        int v = t[i];
        out[i + 256] = 1;
        if (i < n) out[i] = v;
      }
      __global__ void operandLater(const int *in, int *out, int n) {   // the comparison's operand computed after the load, purely
        __shared__ int t[256];
        int i = threadIdx.x;
        t[i] = in[i];
        __syncthreads();
        int v = t[i];
        int j = threadIdx.x * 2;
        if (j < n) out[i] = v;
      }
      __global__ void operandLoaded(const int *in, int *out, int n) {  // ... from another load: kept
        __shared__ int t[256];
        int i = threadIdx.x;
        t[i] = in[i];
        __syncthreads();
        int v = t[i];
        int j = in[(i + 1) % 256] - 7;
        if (j < n) out[i] = v;
      }
      """;

  private static Counters run(String kernel, int n) {
    Frontend.Result r = Frontend.compile(new SourceFile("s.cu", SOURCE), Map.of(), IncludeLoader.NONE);
    assertThat(r.ok()).as(r.diagnostics().all().toString()).isTrue();
    Simulation sim = new Simulation(r.ir(), new ArchMemoryModel(Architectures.preset("hopper")), Limits.defaults());
    Simulation.Buffer in = sim.allocate("in", IrType.I32, 256);
    Simulation.Buffer out = sim.allocate("out", IrType.I32, 512);
    in.setInputs(256, i -> i + 7);
    sim.launch(kernel, new int[] {1, 1, 1}, new int[] {256, 1, 1}, 0, new long[] {in.pointer(), out.pointer(), n});
    if (!kernel.equals("elseSide") && n > 1) {
      assertThat(out.get(1)).as("the load still runs: its value reaches the output").isEqualTo(8);
    }
    return sim.launches().get(0).counters();
  }

  @Test
  void onlyTheWarpsWithALaneOnTheUsingSideIssueTheLoad() {
    // 8 warps; 77 threads below n: warps 0, 1 and 2 issue the sunk load, its 77 lanes in 3 wavefronts.
    Counters c = run("sunk", 77);
    assertThat(c.sharedLoadInstructions).isEqualTo(3);
    assertThat(c.sharedLoadWavefronts).isEqualTo(3);
    assertThat(run("sunk", 256).sharedLoadInstructions).as("every thread below n: every warp").isEqualTo(8);
    assertThat(run("sunk", 0).sharedLoadInstructions).as("none below n: no warp").isZero();
    // The else side: the 256 - 77 threads at or above n, warps 2 to 7.
    assertThat(run("elseSide", 77).sharedLoadInstructions).isEqualTo(6);
    // The comparison's operand computed after the load from the thread index (2t < 77: t up to 38):
    // the load computes it again, warps 0 and 1 (chained_scan's if (threadIdx.x == 0)).
    assertThat(run("operandLater", 77).sharedLoadInstructions).isEqualTo(2);
  }

  @Test
  void aLoadReadOnBothSidesOrPastAStoreOrBeforeItsComparisonIsCountedWhereItStands() {
    assertThat(run("bothSides", 77).sharedLoadInstructions).isEqualTo(8);
    assertThat(run("storeBetween", 77).sharedLoadInstructions).isEqualTo(8);
    assertThat(run("operandLoaded", 77).sharedLoadInstructions).isEqualTo(8);
  }
}
