package org.scansim.sim.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.scansim.frontend.Frontend;
import org.scansim.sim.arch.Architectures;
import org.scansim.sim.check.Check;

/** The scan proof's node budget leaves room for the catalog's multi-block scans at the sizes users run. */
class ProofNodesTest {

  /**
   * Each scan's graph, measured at 2^16, holds the n inputs and the work's ⊕ nodes, and grows with
   * n block for block: at 2^22 and 2^24 elements (the bench's sizes) it needs 64 and 256 times as
   * many nodes. Harris's needs about 4n (a budget of 3n once stopped it at 2^22), PMPP's
   * hierarchical scan, whose blocks are Kogge-Stone scans, about 11n (8n stopped it at 2^20).
   */
  private static long nodes(String file, ScanRun.Expect expect, int n) throws Exception {
    Frontend.Result r = Frontend.compileFile(SeedKernelsRunTestAccess.root().resolve("kernels").resolve(file), Map.of());
    assertThat(r.ok()).as(r.diagnostics().all().toString()).isTrue();
    ScanRun.Outcome o = ScanRun.run(r, ScanRun.Request.of(n, Architectures.preset("hopper"))
        .expect(expect)
        .withOptions(new ScanRun.Options(Set.of(Check.PROOF), 0, 0, false, 1L << 31)));
    assertThat(o.fault()).isNull();
    assertThat(o.proof().proved()).isTrue();
    return n + o.proof().work();
  }

  /**
   * Harris's graph fits the room the graph starts with at the bench's sizes, so that a checked
   * run never holds two copies of it while it grows. With room for 4n + 1024 it did not: the
   * graph needs a little more than 4n, and at 2^24 the copy ran out of the default heap.
   */
  @Test
  void harrissGraphFitsTheRoomItStartsWith() throws Exception {
    int n = 1 << 16;
    long nodes = nodes("harris/scan_large_array.cu", ScanRun.Expect.EXCLUSIVE, n);
    assertThat(64 * nodes).as("more than room for 4n + 1024 at 2^22").isGreaterThan(4L * (n << 6) + 1024);
    assertThat((long) Simulation.proofRoom(n << 6)).isGreaterThanOrEqualTo(64 * nodes);
    assertThat((long) Simulation.proofRoom(n << 8)).isGreaterThanOrEqualTo(256 * nodes);
  }

  @ParameterizedTest
  @CsvSource({"harris/scan_large_array.cu, EXCLUSIVE, 3", "pmpp/hierarchical_scan.cu, INCLUSIVE, 10"})
  void aScanThatFitsAt65536ElementsFitsAtSixteenMillion(String file, ScanRun.Expect expect, int moreThan) throws Exception {
    int n = 1 << 16;
    long nodes = nodes(file, expect, n);
    assertThat(nodes).isGreaterThan((long) moreThan * n);
    assertThat((long) ScanRun.proofNodes(n << 6)).isGreaterThanOrEqualTo(64 * nodes);
    assertThat((long) ScanRun.proofNodes(n << 8)).isGreaterThanOrEqualTo(256 * nodes);
  }
}
