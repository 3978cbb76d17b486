package org.scansim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** A catalog kernel asked for a size its metadata does not list is refused before it runs, with the sizes it runs. */
class CatalogSizeRefusalTest {
  @Test
  void aSizeOutsideTheMetadataIsRefusedWithWhatTheKernelRuns() {
    // PMPP's Kogge-Stone scans one section of SECTION_SIZE = 1,024 threads (512 on G80): 2,048 used to run and print WRONG.
    CliRun r = CliRun.of("run", "pmpp/kogge_stone", "--n", "2048");
    assertThat(r.code()).isEqualTo(Main.INVALID_INPUT);
    assertThat(r.out()).isEmpty();
    assertThat(r.err()).isEqualTo("scansim: error: pmpp/kogge_stone runs 1 ≤ n ≤ 1024 (≤ 512 on g80) (its catalog metadata); n = 2048 is not "
        + "among them on hopper (-D NAME=VALUE may change what it runs: then it is not checked)\n");
    CliRun g80 = CliRun.of("run", "pmpp/kogge_stone", "--n", "1024", "--arch", "g80");
    assertThat(g80.code()).isEqualTo(Main.INVALID_INPUT);
    assertThat(g80.err()).contains("n = 1024 is not among them on g80");
    CliRun several = CliRun.of("run", "harris/blelloch", "--n", "3,1024,4096");
    assertThat(several.code()).isEqualTo(Main.INVALID_INPUT);
    assertThat(several.err()).contains("runs 2 ≤ n ≤ 2048 (≤ 1024 on g80), powers of two").contains("n = 3, 4096 are not among them");
    assertThat(CliRun.of("circuit", "harris/blelloch", "--n", "3").code()).isEqualTo(Main.INVALID_INPUT);
  }

  @Test
  void aSupportedSizeAFileOrTheUsersDefinesRunAsBefore() {
    assertThat(CliRun.of("run", "pmpp/kogge_stone", "--n", "1024").code()).isEqualTo(Main.OK);
    // The user's -D may change what the kernel runs: the run goes ahead and says what happened.
    CliRun defined = CliRun.of("run", "pmpp/kogge_stone", "--n", "2048", "-D", "SECTION_SIZE=2048", "--no-timing");
    assertThat(defined.code()).isEqualTo(Main.KERNEL_FAULT);
    assertThat(defined.out()).contains("blockDim.x may be at most 1024 on hopper");
    CliRun file = CliRun.of("run", ReadmeExamplesTest.root().resolve("kernels/pmpp/kogge_stone.cu").toString(), "--n", "2048", "--expect", "inclusive", "--no-timing");
    assertThat(file.err()).doesNotContain("not among them");
    assertThat(file.code()).as("a file runs as written: this one's host code refuses 2,048 itself, and the output is wrong").isEqualTo(Main.FAILED);
  }
}
