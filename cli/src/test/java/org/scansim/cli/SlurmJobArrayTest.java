package org.scansim.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's Slurm path on a real Slurm: {@code examples/sweeps/slurm/submit.sh} submits the
 * Listing 3 sweep as a job array of four shards and a merge job that depends on them (afterok);
 * the merged file is the one a single uninterrupted run writes, byte for byte, with its page.
 * Needs a cluster that answers ({@code tools/slurm/local-cluster.sh} starts a one-node one, as
 * {@code .ci/run} does); skipped, saying so, where none does.
 */
class SlurmJobArrayTest {
  @TempDir Path dir;

  static String run(String... cmd) throws Exception {
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    return p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0 ? out : null;
  }

  static boolean clusterAnswers() {
    try {
      String s = run("sinfo", "-h", "-o", "%T");
      return s != null && s.contains("idle");
    } catch (Exception e) {
      return false; // no sinfo
    }
  }

  @Test
  void aJobArrayOfShardsAndADependentMergeWriteWhatOneMachineWrites() throws Exception {
    assumeTrue(clusterAnswers(), "no Slurm cluster answers sinfo (tools/slurm/local-cluster.sh starts a one-node one)");
    Path out = dir.resolve("listing3");
    ProcessBuilder pb = new ProcessBuilder(SweepCommandTest.ROOT.resolve("examples/sweeps/slurm/submit.sh").toString(),
        SweepCommandTest.LISTING3, "4", out.toString()).redirectErrorStream(true);
    // the jobs run this build's scansim, in a JVM of their own
    pb.environment().put("SCANSIM", Path.of(System.getProperty("java.home"), "bin", "java") + " -cp " + System.getProperty("java.class.path")
        + " " + Main.class.getName());
    Process submit = pb.start();
    String ids = new String(submit.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(submit.waitFor()).as(ids).isZero();
    assertThat(ids).matches("array \\d+ merge \\d+\\n");
    Path merged = out.resolve("sweep.csv");
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(240);
    while (System.nanoTime() < deadline && !(Files.exists(out.resolve("sweep.html")) && Files.exists(out.resolve("merge.log"))
        && Files.readString(out.resolve("merge.log")).contains("merged"))) {
      Thread.sleep(250);
    }
    assertThat(out.resolve("merge.log")).as("the merge job ran").exists();
    assertThat(Files.readString(out.resolve("merge.log")))
        .isEqualTo("scansim: merged 4 shards into " + merged + " (48 points) and " + out.resolve("sweep.html") + "\n");
    for (int i = 0; i < 4; i++) {
      assertThat(Files.readString(out.resolve("shard-" + i + ".log"))).contains("scansim: 12 points: ");
    }
    CliRun one = CliRun.of("sweep", SweepCommandTest.LISTING3, "--csv", dir.resolve("one.csv").toString());
    assertThat(one.code()).isZero();
    assertThat(Files.readAllBytes(merged)).isEqualTo(Files.readAllBytes(dir.resolve("one.csv")));
  }
}
