package org.scansim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The sweep's Slurm script on a machine without Slurm: one line saying what is missing and what to do instead, exit 2 (not 127). */
class SlurmScriptsTest {
  @TempDir
  Path dir;

  @Test
  void submitWithoutSbatchSaysSoAndWhatToDoInstead() throws Exception {
    // A PATH with what the script needs before it submits, and no sbatch (CI's machines have Slurm installed).
    Path bin = Files.createDirectories(dir.resolve("bin"));
    Path dirname = bin.resolve("dirname");
    Files.writeString(dirname, "#!/bin/sh\nexec /usr/bin/dirname \"$@\"\n");
    dirname.toFile().setExecutable(true);
    Path script = ReadmeExamplesTest.root().resolve("examples/sweeps/slurm/submit.sh");
    ProcessBuilder pb = new ProcessBuilder("/bin/bash", script.toString(), "examples/sweeps/listing3.yaml", "4", dir.resolve("out").toString())
        .directory(ReadmeExamplesTest.root().toFile()).redirectErrorStream(true);
    pb.environment().put("PATH", bin.toString());
    Process p = pb.start();
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.exitValue()).isEqualTo(2);
    assertThat(out).startsWith("submit.sh: sbatch is not on the PATH: this script submits jobs to a Slurm cluster")
        .contains("scansim sweep SPEC --shard I/N").endsWith("\n");
    assertThat(dir.resolve("out")).doesNotExist();
  }
}
