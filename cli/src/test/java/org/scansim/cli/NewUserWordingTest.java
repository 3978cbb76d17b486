package org.scansim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Words a new user's trial found misleading (2026-12-01), each as the user met it. */
class NewUserWordingTest {
  private static final Path ROOT = ReadmeExamplesTest.root();

  @TempDir Path dir;

  @Test
  void findingsOfOtherWarpOrdersAloneAreHeadedBySchedulesNotNone() {
    CliRun r = CliRun.of("run", ROOT.resolve("kernels/faulty/kogge_stone_one_barrier.cu").toString(), "--n", "256", "--expect",
        "inclusive", "--schedules", "8", "--no-timing");
    assertThat(r.out()).contains("\nchecks: schedules: 1 finding\nschedule-difference: the result depends on the order warps and blocks run in");
  }

  @Test
  void aPageGivenToJsonIsRefusedAsNotAReportNotAsAStrangersFile() throws Exception {
    Path page = dir.resolve("run.html");
    String kernel = ROOT.resolve("kernels/harris/blelloch.cu").toString();
    assertThat(CliRun.of("run", kernel, "--n", "64", "--html", page.toString()).code()).isZero();
    CliRun r = CliRun.of("run", kernel, "--n", "64", "--json", page.toString());
    assertThat(r.code()).isEqualTo(Main.INVALID_INPUT);
    assertThat(r.err()).isEqualTo("scansim: error: refusing to write " + page + ": it is not a JSON report of scansim's; scansim"
        + " writes only a new file or a JSON report it wrote before\n");
  }

  /** {@code -D NAME=} defines NAME as nothing, {@code -D NAME} as 1: a report's header tells the two builds apart. */
  @Test
  void anEmptyDefineIsShownWithItsEqualsSign() throws Exception {
    Path f = java.nio.file.Files.writeString(dir.resolve("d.cu"), "__global__ void k(float *o) { o[threadIdx.x] = 0; }\n"
        + "void scan(float *o, const float *i, int n) { k<<<1, 32>>>(o); }\n");
    CliRun r = CliRun.of("run", f.toString(), "--n", "32", "-D", "PAD=", "-D", "Q", "--no-timing");
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).startsWith("scansim run " + f + " -DPAD= -DQ  n=32");
  }

  /** A sweep of one point says "1 point". */
  @Test
  void aSweepOfOnePointIsOnePoint() throws Exception {
    Path spec = java.nio.file.Files.writeString(dir.resolve("one.json"), "{\"kernels\": [\"harris/blelloch\"], \"sizes\": [64]}\n");
    CliRun r = CliRun.of("sweep", spec.toString(), "--csv", dir.resolve("one.csv").toString());
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.err()).contains("scansim: sweep: 1 point\n");
  }

  /** A point whose host code launched nothing is shown as '-' in the table: the summary says so instead of counting it wrong. */
  @Test
  void aPointThatLaunchedNothingIsNotCountedWrong() throws Exception {
    java.nio.file.Files.writeString(dir.resolve("late.cu"), "__global__ void k(float *o) { o[threadIdx.x] = 0; }\n"
        + "void scan(float *o, const float *i, int n) { if (n > 64) k<<<1, 32>>>(o); }\n");
    Path spec = java.nio.file.Files.writeString(dir.resolve("late.json"),
        "{\"kernels\": [\"late.cu\"], \"sizes\": [32, 128], \"options\": {\"expect\": \"inclusive\", \"timing\": false}}\n");
    CliRun r = CliRun.of("sweep", spec.toString(), "--csv", dir.resolve("late.csv").toString());
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.err()).contains("2 points: 2 ran (0 correct, 1 wrong, 1 launched no kernel)");
  }
}
