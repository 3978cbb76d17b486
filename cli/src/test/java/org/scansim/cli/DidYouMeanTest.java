package org.scansim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A misspelt name gets the nearest known one (an architecture, a checker, a catalog kernel, an
 * option), and a run that launches nothing says so before its result.
 */
class DidYouMeanTest {
  @TempDir
  Path dir;

  private static final String BLELLOCH = ReadmeExamplesTest.root().resolve("kernels/harris/blelloch.cu").toString();

  @Test
  void aMisspeltArchitectureCheckerKernelOrOptionGetsTheNearestKnownOne() {
    CliRun arch = CliRun.of("run", BLELLOCH, "--n", "64", "--arch", "hoper");
    assertThat(arch.code()).isEqualTo(Main.INVALID_INPUT);
    assertThat(arch.err()).startsWith("scansim: error: unknown architecture \"hoper\" (did you mean \"hopper\"?): not a preset");
    CliRun check = CliRun.of("run", BLELLOCH, "--n", "64", "--check", "race");
    assertThat(check.code()).isEqualTo(Main.INVALID_INPUT);
    assertThat(check.err()).contains("unknown checker 'race' (did you mean 'races'?); known: all, races");
    CliRun kernel = CliRun.of("run", "harris/bleloch", "--n", "64");
    assertThat(kernel.code()).isEqualTo(Main.INVALID_INPUT);
    assertThat(kernel.err()).contains("no file or catalog kernel 'harris/bleloch'; did you mean harris/blelloch?");
    CliRun option = CliRun.of("run", BLELLOCH, "--n", "64", "--chek", "races");
    assertThat(option.code()).isEqualTo(Main.INVALID_INPUT);
    assertThat(option.err()).contains("Possible solutions: --check");
    // Nothing near: no guess.
    assertThat(CliRun.of("run", BLELLOCH, "--n", "64", "--arch", "tpu").err()).doesNotContain("did you mean");
  }

  @Test
  void anEntryThatLaunchesNothingSaysSoFirst() throws Exception {
    Path f = Files.writeString(dir.resolve("none.cu"), """
        #include <cstdio>
        __global__ void k(const float *in, float *out, int n) {}
        void scan(const float *in, float *out, int n) {
          if (n > 100000000) k<<<1, 1>>>(in, out, n);
          printf("nothing to do\\n");
        }
        """);
    CliRun r = CliRun.of("run", f.toString(), "--n", "4", "--expect", "inclusive");
    assertThat(r.code()).isEqualTo(Main.FAILED);
    // First that nothing ran, then the entry's own message, then the result: every output still what cudaMalloc left.
    assertThat(r.out()).startsWith("scansim run " + f + "  n=4  arch=hopper  entry=scan(float)\n"
        + "no kernel ran: the host entry launched none; the output holds what cudaMalloc left there (all bits set: NaN as floats,"
        + " -1 as ints)\n"
        + "program output\nnothing to do\n"
        + "result: WRONG, not an inclusive scan\n");
    assertThat(r.out().lines().skip(5).toList()).hasSize(4).allMatch(l -> l.matches("  out\\[[0-3]] = NaN, expected \\d+"));
  }
}
