package org.scansim.sim.engine.opt;

import org.scansim.sim.run.Fingerprints;
import org.scansim.sim.run.SeedKernelsRunTestAccess;
import org.scansim.sim.engine.AccessMerging;
import org.scansim.sim.engine.opt.Registers;
import org.scansim.sim.engine.Code;
import org.scansim.sim.engine.Compiler;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.EnumSet;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.scansim.frontend.Frontend;
import org.scansim.frontend.diag.SourceFile;
import org.scansim.frontend.ir.IrModule;
import org.scansim.frontend.pp.IncludeLoader;
import org.scansim.sim.check.Check;

/**
 * Register packing ({@link Registers}) is invisible: every kernel of the catalog gives the same
 * output, counters, faults and checker findings with its registers packed as with one array per
 * register, before and after Volta; and it does shrink a scan kernel's register file.
 */
class RegistersTest {

  @ParameterizedTest
  @MethodSource("org.scansim.sim.run.Fingerprints#seedKernels")
  void seedKernelsBehaveTheSame(String file, String entry) {
    IrModule m = Fingerprints.seedModule(file);
    for (int n : new int[] {33, 1000}) {
      for (boolean its : new boolean[] {false, true}) {
        assertThat(fingerprint(m, entry, n, its, false, true)).as("%s n=%d", file, n)
            .isEqualTo(fingerprint(m, entry, n, its, false, false));
      }
      assertThat(fingerprint(m, entry, n, true, true, true)).as("%s n=%d checked", file, n)
          .isEqualTo(fingerprint(m, entry, n, true, true, false));
    }
  }

  /**
   * Values that live in some lanes while other lanes take another path, a loop-carried value,
   * a value read before it is written on one path (the initialisation checker reports it), and
   * a shuffle, which reads other lanes' registers.
   */
  @Test
  void divergentPathsLoopsAndShufflesBehaveTheSame() {
    IrModule m = module("""
        __global__ void entry(const float *in, float *out, int n) {
          int i = blockIdx.x * blockDim.x + threadIdx.x;
          if (i >= n) return;
          float x = in[i];
          float kept;
          if (i & 1) {
            float a = x * 3.0f;
            float b = a + 1.0f;
            kept = b - x;
          } else {
            int c = i * 7;
            float d = (float) (c & 5);
            kept = d + x;
          }
          float acc = 0.0f;
          for (int k = 0; k < (i & 7); k++) {
            float t = kept * (float) k;
            acc += t;
          }
          float u;
          if (i % 3 == 0) u = acc;
          float s = __shfl_down_sync(0xffffffff, acc, 1);
          out[i] = acc + kept + s + ((i % 3 == 0) ? u : 0.0f);
        }
        """);
    for (int n : new int[] {33, 100}) {
      for (boolean its : new boolean[] {false, true}) {
        assertThat(fingerprint(m, "entry", n, its, false, true)).isEqualTo(fingerprint(m, "entry", n, its, false, false));
      }
      String checked = fingerprint(m, "entry", n, true, true, true);
      assertThat(checked).isEqualTo(fingerprint(m, "entry", n, true, true, false));
    }
  }

  @Test
  void harrisPrescanNeedsLessThanHalfItsRegisters() throws Exception {
    Frontend.Result r = Frontend.compileFile(SeedKernelsRunTestAccess.root().resolve("kernels/harris/scan_large_array.cu"), Map.of());
    assertThat(r.ok()).isTrue();
    Code c = Compiler.compile(r.ir(), r.ir().function("prescan"));
    AccessMerging.apply(c);
    Uniformity.apply(c);
    Traces.install(c);
    Code packed = Registers.pack(c);
    assertThat(packed.registerCount()).isLessThan(c.registerCount() / 2);
    assertThat(packed.constants).isEqualTo(c.constants);
    assertThat(packed.insns).hasSameSizeAs(c.insns);
  }

  private static IrModule module(String source) {
    Frontend.Result r = Frontend.compile(new SourceFile("t.cu", source), Map.of(), IncludeLoader.NONE);
    assertThat(r.ok()).as(r.diagnostics().all().toString()).isTrue();
    return r.ir();
  }

  private static String fingerprint(IrModule module, String entry, int n, boolean its, boolean checked, boolean packed) {
    return Fingerprints.of(module, entry, n, its, sim -> {
      if (checked) {
        sim.setChecks(EnumSet.allOf(Check.class), n, 1 << 20);
      }
      Fingerprints.registerPacking(packed).accept(sim);
    });
  }
}
