package org.scansim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Warp-wide operations whose mask names lanes that have returned or are on another path, as an
 * H200 ran them (hardware/measurements/2026-11-29-h200-exited-lanes: none waited, compute-sanitizer's
 * synccheck reported nothing): scansim prints what the card printed and exits as it did, case by case.
 */
class ExitedLanesReplayTest {
  private static final Path HERE = Path.of("..", "hardware", "measurements", "2026-11-29-h200-exited-lanes");
  private static final List<String> CASES = List.of("shfl_exited", "shfl_live_mask", "syncwarp_exited", "ballot_exited", "match_exited",
      "shfl_other_path", "shfl_both_paths", "block_scan_exited", "block_scan_full", "syncthreads_exited");

  @TestFactory
  Stream<DynamicTest> everyCasePrintsWhatTheCardPrinted() {
    return CASES.stream().map(c -> DynamicTest.dynamicTest(c, () -> {
      String printed = Files.readString(HERE.resolve("card/" + c + ".txt"));
      int status = Integer.parseInt(Files.readString(HERE.resolve("card/" + c + ".status")).strip());
      assertThat(status).as("the card finished the case").isZero();
      CliRun r = CliRun.of("run", HERE.resolve("exited_lanes.cu").toString(), "--no-timing", "--", c);
      assertThat(r.code()).as(r.err()).isEqualTo(status);
      assertThat(r.out()).startsWith(printed);
    }));
  }

  /**
   * Where synccheck found nothing, the checkers find nothing either, but for a {@code __syncthreads()}
   * that threads which returned never reach: the CUDA C Guide leaves that undefined (the H200 counts
   * them as arrived), so the barrier checker reports it, stricter than the card.
   */
  @TestFactory
  Stream<DynamicTest> theCheckersFindNothingWhereSynccheckFoundNothing() {
    return CASES.stream().map(c -> DynamicTest.dynamicTest(c, () -> {
      assertThat(Files.readString(HERE.resolve("card/" + c + ".synccheck.txt"))).contains("ERROR SUMMARY: 0 errors");
      CliRun r = CliRun.of("run", HERE.resolve("exited_lanes.cu").toString(), "--no-timing", "--check", "races,bounds,init,barriers", "--", c);
      if (c.equals("block_scan_exited") || c.equals("syncthreads_exited")) {
        assertThat(r.out()).contains("divergent-barrier: __syncthreads() in block (0,0,0) is not reached by threads "
            + (c.equals("block_scan_exited") ? "1000..1023" : "8..31") + ", which returned before it")
            .contains("barriers: " + (c.equals("block_scan_exited") ? "2 findings" : "1 finding")); // one per __syncthreads(), nothing else
        return;
      }
      assertThat(r.code()).as(r.out() + r.err()).isZero();
      assertThat(r.out()).contains("checks: races, bounds, init, barriers: no findings");
    }));
  }
}
