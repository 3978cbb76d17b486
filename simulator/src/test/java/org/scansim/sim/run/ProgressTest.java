package org.scansim.sim.run;

import org.scansim.sim.sched.LaunchProgress;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.scansim.frontend.Frontend;
import org.scansim.frontend.diag.SourceFile;
import org.scansim.frontend.pp.IncludeLoader;
import org.scansim.sim.arch.Architectures;
import org.scansim.sim.check.Check;

/** Each launch's progress is reported in blocks, in order, up to the grid, and changes nothing of the run. */
class ProgressTest {
  private static final String SRC = """
      __global__ void copy(const float *in, float *out, int n) {
        int i = blockIdx.x * blockDim.x + threadIdx.x;
        if (i < n) out[i] = in[i];
      }
      void entry(const float *in, float *out, int n) {
        copy<<<(n + 31) / 32, 32>>>(in, out, n);
        copy<<<1, 32>>>(in, out, 1);
      }
      """;

  private static ScanRun.Outcome run(LaunchProgress p, int threads) throws ScanRun.UsageException {
    Frontend.Result r = Frontend.compile(new SourceFile("p.cu", SRC), Map.of(), IncludeLoader.NONE);
    ScanRun.Options o = new ScanRun.Options(Set.of(Check.RACES), 0, 0, false, 1L << 24).withProgress(p);
    return ScanRun.run(r, ScanRun.Request.of(100_000, Architectures.preset("hopper"))
        .entry("entry")
        .maxWarpInstructions(100_000_000L)
        .threads(threads)
        .withOptions(o));
  }

  @Test
  void launchesReportTheirBlocksInOrderAndTheRunIsTheSame() throws Exception {
    for (int threads : new int[] {1, 2}) {
      List<String> events = new ArrayList<>();
      ScanRun.Outcome with = run(new LaunchProgress() {
        @Override
        public void launch(int index, String kernel, long blocks) {
          events.add("launch " + index + " " + kernel + " " + blocks);
        }

        @Override
        public void blocksDone(long done) {
          events.add("done " + done);
        }

        @Override
        public void launchEnded() {
          events.add("end");
        }
      }, threads);
      // 3,125 blocks in chunks of 196 (16 chunks), then one block.
      assertThat(events.get(0)).isEqualTo("launch 0 copy 3125");
      assertThat(events).contains("done 196", "done 3125", "launch 1 copy 1", "done 1").endsWith("end");
      assertThat(events.stream().filter(e -> e.startsWith("done")).count()).isEqualTo(17);
      ScanRun.Outcome without = run(null, threads);
      assertThat(with.launches()).hasSameSizeAs(without.launches());
      for (int i = 0; i < with.launches().size(); i++) {
        assertThat(with.launches().get(i).counters().warpInstructions).isEqualTo(without.launches().get(i).counters().warpInstructions);
      }
      assertThat(with.findings()).isEqualTo(without.findings());
    }
  }
}
