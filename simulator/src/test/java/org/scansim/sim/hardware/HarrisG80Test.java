package org.scansim.sim.hardware;

import org.scansim.sim.result.Counters;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.scansim.frontend.Frontend;
import org.scansim.sim.arch.Architectures;
import org.scansim.sim.run.ScanRun;

/**
 * Harris's statements about the 8800 GTX (seeds/004, "Avoiding Bank Conflicts"): scanning 512
 * elements with Listing 2 meets up to 16-way bank conflicts; the padding of Listing 3 (corrected,
 * 16 banks) removes most of them, and its ZERO_BANK_CONFLICTS form all of them. Also the work of
 * Listing 2: 2(n - 1) adds.
 */
class HarrisG80Test {

  private static Counters run(String file, Map<String, String> defines, int n) throws Exception {
    Frontend.Result r = Frontend.compileFile(HopperMatchTest.root().resolve(file), defines);
    assertThat(r.ok()).isTrue();
    ScanRun.Outcome o = ScanRun.run(r, ScanRun.Request.of(n, Architectures.preset("g80"))
        .expect(ScanRun.Expect.EXCLUSIVE)
        .maxWarpInstructions(1_000_000_000L)
        .threads(2));
    assertThat(o.fault()).isNull();
    assertThat(o.correct()).isTrue();
    return o.launches().get(0).counters();
  }

  @Test
  void listing2At512ElementsReachesSixteenWayConflicts() throws Exception {
    Counters c = run("kernels/harris/blelloch.cu", Map.of(), 512);
    assertThat(c.maxConflictDegree).isEqualTo(16);
    assertThat(c.work).isEqualTo(2 * (512 - 1));
  }

  @Test
  void listing3PaddingRemovesMostConflictsAndZeroVariantAll() throws Exception {
    Map<String, String> g80 = Map.of("NUM_BANKS", "16", "LOG_NUM_BANKS", "4");
    Counters padded = run("kernels/harris/conflict_free.cu", g80, 512);
    Counters plain = run("kernels/harris/blelloch.cu", Map.of(), 512);
    assertThat(padded.maxConflictDegree).isEqualTo(2);
    assertThat(padded.sharedLoadBankConflicts() + padded.sharedStoreBankConflicts())
        .isLessThan((plain.sharedLoadBankConflicts() + plain.sharedStoreBankConflicts()) / 10);
    Map<String, String> zero = new java.util.HashMap<>(g80);
    zero.put("ZERO_BANK_CONFLICTS", null);
    Counters none = run("kernels/harris/conflict_free.cu", zero, 512);
    assertThat(none.maxConflictDegree).isEqualTo(1);
    assertThat(none.sharedLoadBankConflicts() + none.sharedStoreBankConflicts()).isZero();
  }
}
