package org.scansim.sim.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.scansim.frontend.Frontend;
import org.scansim.frontend.diag.SourceFile;
import org.scansim.frontend.ir.IrModule;
import org.scansim.frontend.ir.Op;
import org.scansim.frontend.pp.IncludeLoader;

/**
 * Which registers the value-tracking checkers follow ({@link Code#mayCarryShadow}): whatever a
 * load or an atomic writes, and whatever is computed from such a register, through any chain of
 * instructions; not the addresses, indices and loop counters computed from thread indices,
 * parameters and constants.
 */
class ShadowFollowingTest {

  private static Code code(String source) {
    Frontend.Result r = Frontend.compile(new SourceFile("t.cu", source), Map.of(), IncludeLoader.NONE);
    assertThat(r.ok()).as(r.diagnostics().all().toString()).isTrue();
    IrModule m = r.ir();
    return Compiler.compile(m, m.function("k"));
  }

  /** The destination registers of the instructions of one op on a source line. */
  private static List<Integer> written(Code c, int line, Op op) {
    List<Integer> out = new ArrayList<>();
    for (CInsn in : c.insns) {
      if (in.op == op && in.span.line() == line && in.dst >= 0) {
        out.add(in.dst);
      }
    }
    assertThat(out).as("%s on line %d", op, line).isNotEmpty();
    return out;
  }

  @Test
  void loadedValuesAndWhatIsComputedFromThemAreFollowedIndicesAreNot() {
    Code c = code("""
        __global__ void k(const float *in, float *out, int *counts, int n) {
          int t = threadIdx.x + blockIdx.x * blockDim.x;
          float v = in[t];
          float w = v * 2.0f + 1.0f;
          int j = (int) w;
          out[(j & 7) + t] = w;
          int old = atomicAdd(counts, 1);
          out[t] = (float) (old + t);
        }
        """);
    boolean[] followed = c.mayCarryShadow();
    assertThat(written(c, 2, Op.ADD)).noneMatch(r -> followed[r]); // t: thread and block indices
    assertThat(written(c, 3, Op.LD)).allMatch(r -> followed[r]); // v
    assertThat(written(c, 4, Op.MUL)).allMatch(r -> followed[r]); // v * 2
    assertThat(written(c, 4, Op.ADD)).allMatch(r -> followed[r]); // w
    assertThat(written(c, 5, Op.CVT)).allMatch(r -> followed[r]); // j, from a loaded value
    assertThat(written(c, 6, Op.AND)).allMatch(r -> followed[r]); // an index computed from a loaded value
    assertThat(written(c, 7, Op.ATOM)).allMatch(r -> followed[r]); // old
    assertThat(written(c, 8, Op.ADD)).allMatch(r -> followed[r]); // old + t
  }

  @Test
  void aValueCarriedAroundALoopIsFollowedFromItsFirstWrite() {
    // The sum is written by the loop's add before the load that feeds it comes round again: the
    // analysis runs to a fixed point, not in one pass over the instructions.
    Code c = code("""
        __global__ void k(const float *in, float *out, int n) {
          float sum = 0.0f;
          for (int i = 0; i < n; i++) {
            float x = sum * 0.5f;
            sum = x + in[i];
          }
          out[threadIdx.x] = sum;
        }
        """);
    boolean[] followed = c.mayCarryShadow();
    assertThat(written(c, 4, Op.MUL)).allMatch(r -> followed[r]);
    assertThat(written(c, 5, Op.ADD)).allMatch(r -> followed[r]);
    assertThat(written(c, 3, Op.ADD)).noneMatch(r -> followed[r]); // i++
  }
}
