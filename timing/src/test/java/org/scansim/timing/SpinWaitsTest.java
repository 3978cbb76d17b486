package org.scansim.timing;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.scansim.frontend.Frontend;
import org.scansim.frontend.diag.SourceFile;
import org.scansim.frontend.ir.Block;
import org.scansim.frontend.ir.Insn;
import org.scansim.frontend.ir.IrFunction;
import org.scansim.frontend.ir.Op;
import org.scansim.frontend.pp.IncludeLoader;

/** Which reads wait for another block: those whose value decides whether a loop goes on. */
class SpinWaitsTest {
  @Test
  void thePollOfAFlagSpinsAndTheReadOfTheSumAfterItDoesNot() {
    // PMPP's adjacent synchronisation (chained_scan.cu), and a do-while poll of a volatile flag.
    String source = """
        __global__ void k(int *flags, volatile float *sums, volatile int *status, float *out) {
            while (atomicAdd(&flags[blockIdx.x], 0) == 0) { }
            float previous = sums[blockIdx.x];
            int f;
            do { f = status[blockIdx.x]; } while (f == 0);
            out[blockIdx.x] = previous + f;
        }
        void entry(float *out, int n) { k<<<1, 32>>>((int *) out, out, (int *) out, out); }
        """;
    Frontend.Result r = Frontend.compile(new SourceFile("k.cu", source), Map.of(), IncludeLoader.NONE);
    assertThat(r.ok()).as(r.diagnostics().all().toString()).isTrue();
    List<Insn> reads = new ArrayList<>();
    for (IrFunction f : r.ir().functions()) {
      if (f.isKernel()) {
        for (Block b : f.blocks()) {
          b.insns().stream().filter(i -> i.op() == Op.ATOM || i.op() == Op.LD).forEach(reads::add);
        }
      }
    }
    SpinWaits spins = new SpinWaits(r.ir());
    assertThat(reads).hasSize(3);
    assertThat(reads).extracting(spins::spins).as("the atomic poll, the sum, the do-while's status").containsExactly(true, false, true);
  }
}
