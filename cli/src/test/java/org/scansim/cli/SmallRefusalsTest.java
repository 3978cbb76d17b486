package org.scansim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 43, item 11: the small things a hostile campaign found, each as the user met it. */
class SmallRefusalsTest {
  private static final Path ROOT = ReadmeExamplesTest.root();

  @TempDir Path dir;

  @Test
  void negativeResidentBlocksAreRefused() {
    CliRun r = CliRun.of("run", ROOT.resolve("kernels/harris/blelloch.cu").toString(), "--n", "64", "--resident-blocks", "-1");
    assertThat(r.code()).isEqualTo(Main.INVALID_INPUT);
    assertThat(r.err()).isEqualTo("scansim: error: --schedules, --wall-seconds and --resident-blocks must not be negative\n");
  }

  @Test
  void aPointTwiceInOneFileIsSaidSo() throws Exception {
    Path spec = Files.writeString(dir.resolve("s.yaml"), "kernels: [harris/blelloch]\nsizes: [64, 128]\narchs: [hopper]\n");
    Path csv = dir.resolve("a.csv");
    assertThat(CliRun.of("sweep", spec.toString(), "--csv", csv.toString()).code()).isZero();
    List<String> lines = Files.readAllLines(csv);
    Path doubled = dir.resolve("doubled.csv");
    Files.write(doubled, List.of(lines.get(0), lines.get(1), lines.get(1), lines.get(2)));
    CliRun r = CliRun.of("merge", dir.resolve("out.csv").toString(), doubled.toString());
    assertThat(r.code()).isEqualTo(Main.INVALID_INPUT);
    assertThat(r.err()).isEqualTo("scansim: error: " + doubled + ": point 0 is in it twice; a sweep writes each point once\n");
    CliRun twice = CliRun.of("merge", dir.resolve("out.csv").toString(), csv.toString(), csv.toString());
    assertThat(twice.err()).contains("(named twice)");
  }

  @Test
  void aGradingSpecWithANonFiniteLimitStopsBeforeGradingWithItsPlace() throws Exception {
    Path spec = Files.writeString(dir.resolve("spec.json"), """
        {"title": "t", "entry": "void scan(const float *in, float *out, int n)", "scan": "inclusive", "arch": "hopper",
         "sizes": [32, 64],
         "points": {"correctness": 10, "bankConflicts": {"points": 5, "max": "0/0"}}}
        """);
    CliRun r = CliRun.of("grade", ROOT.resolve("examples/grading/submissions/kogge_stone.cu").toString(), "--spec", spec.toString(),
        "--out", dir.resolve("out").toString());
    assertThat(r.code()).isEqualTo(Main.INVALID_INPUT);
    assertThat(r.err()).isEqualTo(spec + ":3:63: error: \"points.bankConflicts.max\" = 0/0 gives nan at n = 32; it must be a finite number,"
        + " 0 or more, at every size\n");
    assertThat(dir.resolve("out")).doesNotExist();
  }
}
