package org.scansim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What a short command loads: a record's generated equals, hashCode and toString are linked
 * through method handles the first time one runs (java.lang.runtime.ObjectMethods), which spins
 * classes in the command's start, so the records a check or a one-block run compares write
 * theirs out. A record added to that path without them fails here.
 */
class StartUpClassesTest {
  @ParameterizedTest
  @ValueSource(strings = {"check ../kernels/harris/blelloch.cu", "run ../kernels/harris/blelloch.cu --n 1024",
      "run ../kernels/harris/scan_large_array.cu --n 4096"})
  void aShortCommandLinksNoRecordsGeneratedMethods(String command) throws Exception {
    Path log = Files.createTempFile("scansim-classes", ".log");
    try {
      CliRun r = ScansimProcess.run(null, List.of("-Xlog:class+load=info:file=" + log), List.of(command.split(" ")));
      assertThat(r.code()).as(r.err()).isZero();
      String loaded = Files.readString(log);
      assertThat(loaded).as("the classes loaded").contains("org.scansim.cli.Main ");
      assertThat(loaded).as("a record's generated method was linked").doesNotContain("java.lang.runtime.ObjectMethods ");
    } finally {
      Files.deleteIfExists(log);
    }
  }
}
