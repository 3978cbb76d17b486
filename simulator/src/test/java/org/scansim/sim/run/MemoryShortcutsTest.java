package org.scansim.sim.run;

import org.scansim.sim.memory.MemoryModel;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.scansim.frontend.Frontend;
import org.scansim.frontend.diag.SourceFile;
import org.scansim.frontend.pp.IncludeLoader;
import org.scansim.sim.arch.Architectures;

/**
 * The engine's shortcuts for conflict-free shared words and contiguous global words ({@link
 * MemoryModel#wordBanks}, {@link MemoryModel#sectorShift}) count what the full bank model and
 * coalescer count, on every preset ({@link Fingerprints#withoutShortcuts}: every access through
 * {@code shared} and {@code sectors}).
 */
class MemoryShortcutsTest {

  /** Access patterns: distinct banks, conflicts, broadcasts, holes in the lanes, wide and narrow words, misalignment. */
  private static final String[] ACCESSES = {
    "s[t] = in[t]; __syncthreads(); out[t] = s[(t * 2) % 64];",
    "s[t] = in[t]; __syncthreads(); out[t] = s[(t * 33) % 64] + s[0];",
    "if (t % 3 != 0) { s[t] = in[t]; } __syncthreads(); if (t > 5 && t < 40) out[t] = s[t ^ 1];",
    "s[t] = in[t]; __syncthreads(); if (t & 4) out[t] = s[t / 2];",
    "out[(t * 7) % 64] = in[63 - t];",
    "if (t < 20 || t > 24) out[t] = in[t];",
    // a hole of a whole sector, after an access of every lane at the same addresses
    "out[t] = in[t]; if ((t % 32 < 8) | (t % 32 >= 24)) out[t] += in[t];",
    "double *d = (double *) s; if (t < 32) d[t] = in[t]; __syncthreads(); out[t] = (float) d[t % 32];",
    "char *c = (char *) s; c[t] = (char) t; __syncthreads(); out[t] = c[(t * 5) % 64] + c[t];",
    "float *f = (float *) ((char *) s + 4 * (t % 3)); f[t] = in[t]; __syncthreads(); out[t] = f[t];",
    "float *f = (float *) ((char *) s + 2); f[t] = in[t]; __syncthreads(); out[t] = f[t];",
    "const float *g = (const float *) ((const char *) in + 2); out[t] = g[t % 60];",
  };

  static Stream<Arguments> cases() {
    List<Arguments> out = new ArrayList<>();
    for (String body : ACCESSES) {
      for (String preset : Architectures.presets()) {
        out.add(Arguments.of(preset, body));
      }
    }
    return out.stream();
  }

  @ParameterizedTest
  @MethodSource("cases")
  void shortcutsCountWhatTheModelCounts(String preset, String body) {
    String src = "__global__ void k(const float *in, float *out, int n) {\n  __shared__ float s[256];\n"
        + "  int t = threadIdx.x;\n  " + body + "\n}\n"
        + "void entry(const float *in, float *out, int n) { k<<<2, 64>>>(in, out, n); }\n";
    var r = Frontend.compile(new SourceFile("t.cu", src), Map.of(), IncludeLoader.NONE);
    assertThat(r.ok()).as(r.diagnostics().all().toString()).isTrue();
    assertThat(Fingerprints.of(r.ir(), "entry", 64, preset, m -> m, sim -> sim.setThreads(1)))
        .isEqualTo(Fingerprints.of(r.ir(), "entry", 64, preset, Fingerprints::withoutShortcuts, sim -> sim.setThreads(1)));
  }
}
