package org.scansim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A run the Java heap cannot hold ends with the run's report, a one-line fault that says what
 * ran out and how to give it more, and exit code 3: never a stack trace. Each case runs in a JVM
 * of its own with a small heap.
 */
class OutOfMemoryTest {

  private static CliRun java(String heap, String... args) throws Exception {
    return ScansimProcess.run(null, List.of("-Xmx" + heap), List.of(args));
  }

  /** The input and output buffers of 2^24 floats are 128 MB: more than a heap of 64 MB holds. */
  @Test
  void buffersLargerThanTheHeapEndTheRunWithAFault() throws Exception {
    CliRun r = java("64m", "run", "harris/scan_large_array", "--n", "16777216");
    assertThat(r.code()).as(r.err()).isEqualTo(Main.KERNEL_FAULT);
    // The fault is the report's, once: standard error has nothing to add.
    assertThat(r.err()).isEmpty();
    assertThat(r.out()).doesNotContain("\tat ").doesNotContain("Exception").startsWith("scansim run ")
        .contains("\nfault: setting up the run ran out of memory (n = 16777216, a Java heap of at most ")
        .contains("run it at a smaller n, or with a larger Java heap (SCANSIM_JAVA_OPTS=-Xmx16g ./scansim ...)")
        .doesNotContain("fewer checks");
  }

  /**
   * The checkers' shadow of global memory is 45 bytes a word: about 380 MB for Harris's buffers
   * at 2^22, more than a heap of 256 MB holds. The fault is also the run's one finding.
   */
  @Test
  void checkersLargerThanTheHeapEndTheRunWithAFaultAndAFinding() throws Exception {
    CliRun r = java("256m", "run", "harris/scan_large_array", "--n", "4194304", "--check", "all");
    assertThat(r.code()).as(r.err()).isEqualTo(Main.KERNEL_FAULT);
    assertThat(r.err()).isEmpty();
    assertThat(r.out()).doesNotContain("\tat ").doesNotContain("Exception")
        .contains("\nfault: setting up the run ran out of memory (n = 4194304, ")
        .contains("run it at a smaller n, with fewer checks, or with a larger Java heap");
    assertThat(r.out()).contains("checks: races, bounds, init, barriers, proof: 1 finding\nout-of-memory: setting up the run");
  }
}
