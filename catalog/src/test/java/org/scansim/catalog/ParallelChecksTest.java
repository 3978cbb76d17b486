package org.scansim.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.scansim.frontend.Frontend;
import org.scansim.reports.JsonReport;
import org.scansim.reports.RunReport;
import org.scansim.reports.TextReport;
import org.scansim.sim.arch.Architectures;
import org.scansim.sim.check.Check;
import org.scansim.sim.run.ScanRun;

/**
 * Checked blocks run on several threads, each thread keeping its blocks' findings and ⊕ nodes
 * apart until they are merged in block order: the reports, text and JSON, are the bytes that one
 * thread running the blocks one at a time gives.
 */
class ParallelChecksTest {

  /**
   * A kernel with something to find in many blocks: an unguarded load past the end in the last
   * block, a read of shared memory nothing wrote in every even block (whose value reaches the
   * output), a read of a neighbour's element without a barrier (a race between warps), and an
   * output that adds neighbours (a scan-proof failure whose explanation names ⊕ nodes).
   */
  private static final String FAULTY = """
      #define BLOCK 128
      __global__ void faulty(const float *in, float *out, int n)
      {
          __shared__ float s[BLOCK];
          __shared__ float junk[BLOCK];
          int i = blockIdx.x * BLOCK + threadIdx.x;
          s[threadIdx.x] = in[i];
          if (blockIdx.x % 3 == 1 && threadIdx.x == 0) junk[5] = 1.0f;
          float u = blockIdx.x % 2 == 0 && threadIdx.x < 4 ? junk[threadIdx.x + blockIdx.x % 5] : 0.0f;
          float left = threadIdx.x > 0 ? s[threadIdx.x - 1] : 0.0f;
          if (i < n) out[i] = s[threadIdx.x] + left + u;
      }
      void run(const float *in, float *out, int n) { faulty<<<(n + BLOCK - 1) / BLOCK, BLOCK>>>(in, out, n); }
      """;

  private static String[] report(Path file, int n, ScanRun.Expect expect, Set<Check> checks, int threads) throws Exception {
    Frontend.Result r = Frontend.compileFile(file, Map.of());
    assertThat(r.ok()).as(r.diagnostics().all().toString()).isTrue();
    ScanRun.Outcome o = ScanRun.run(r, ScanRun.Request.of(n, Architectures.preset("hopper"))
        .expect(expect)
        .maxWarpInstructions(500_000_000L)
        .threads(threads)
        .withOptions(new ScanRun.Options(checks, 0, 0, false, 1L << 31)));
    RunReport report = RunReport.of(new RunReport.Inputs(file.getFileName().toString(), n, "hopper",
        expect.name().toLowerCase(java.util.Locale.ROOT), new TreeMap<>(), 0), o, checks);
    return new String[] {TextReport.render(report), JsonReport.render(report), String.valueOf(o.findings().size())};
  }

  @Test
  void findingsOfManyBlocksComeInBlockOrderOnAnyThreadCount(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("faulty.cu");
    Files.writeString(file, FAULTY);
    int n = 128 * 150 - 37; // 150 blocks: three chunks, the last block partly past the end
    String[] one = report(file, n, ScanRun.Expect.INCLUSIVE, Check.all(), 1);
    assertThat(Integer.parseInt(one[2])).isGreaterThanOrEqualTo(4);
    assertThat(one[0]).contains("out-of-bounds").contains("uninitialised-read").contains("race").contains("scan-proof");
    for (int threads : new int[] {2, 3, 4}) {
      String[] many = report(file, n, ScanRun.Expect.INCLUSIVE, Check.all(), threads);
      assertThat(many[0]).as("text, %d threads", threads).isEqualTo(one[0]);
      assertThat(many[1]).as("JSON, %d threads", threads).isEqualTo(one[1]);
    }
  }

  @Test
  void theScanProofOfAMultiLaunchScanIsTheSameOnAnyThreadCount() throws Exception {
    Path file = CatalogTest.root().resolve(Path.of("kernels", "harris", "scan_large_array.cu"));
    int n = 3 * 65536 + 1000; // blocks of 1024 elements: several chunks per launch, a partial last block
    String[] one = report(file, n, ScanRun.Expect.EXCLUSIVE, Check.all(), 1);
    assertThat(one[0]).contains("every output is exactly the exclusive scan of the input");
    for (int threads : new int[] {2, 4}) {
      String[] many = report(file, n, ScanRun.Expect.EXCLUSIVE, Check.all(), threads);
      assertThat(many[0]).as("text, %d threads", threads).isEqualTo(one[0]);
      assertThat(many[1]).as("JSON, %d threads", threads).isEqualTo(one[1]);
    }
  }

  /** A wrong ⊕ graph, proved on several threads: each output's explanation names the nodes one thread names. */
  @Test
  void aFailedProofExplainsTheSameNodesOnAnyThreadCount(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("faulty.cu");
    Files.writeString(file, FAULTY.replace("s[threadIdx.x] + left + u", "(s[threadIdx.x] + left) + s[threadIdx.x]"));
    int n = 128 * 70;
    String[] one = report(file, n, ScanRun.Expect.INCLUSIVE, Set.of(Check.PROOF), 1);
    assertThat(one[0]).contains("counted twice");
    String[] two = report(file, n, ScanRun.Expect.INCLUSIVE, Set.of(Check.PROOF), 2);
    assertThat(two[0]).isEqualTo(one[0]);
    assertThat(two[1]).isEqualTo(one[1]);
  }
}
