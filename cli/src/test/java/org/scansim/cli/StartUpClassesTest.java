package org.scansim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What a short command loads: a record's generated equals, hashCode and toString are linked
 * through method handles the first time one runs (java.lang.runtime.ObjectMethods), which spins
 * classes in the command's start, so the records a check or a one-block run compares write
 * theirs out. A record added to that path without them fails here. And {@code check} loads no
 * Jackson.
 */
class StartUpClassesTest {
  @ParameterizedTest
  @ValueSource(strings = {"check ../kernels/harris/blelloch.cu", "run ../kernels/harris/blelloch.cu --n 1024",
      "run ../kernels/harris/scan_large_array.cu --n 4096"})
  void aShortCommandLinksNoRecordsGeneratedMethods(String command) throws Exception {
    Assumptions.assumeFalse(jvmLinksThemItself, "this JVM links ObjectMethods at its own start");
    String loaded = loaded(command.split(" "));
    assertThat(loaded).as("a record's generated method was linked").doesNotContain(OBJECT_METHODS);
  }

  private static final String OBJECT_METHODS = "java.lang.runtime.ObjectMethods ";

  /**
   * {@code check} reads no JSON, CSV or preset: Jackson's mappers (about 400 classes, a tenth of a
   * second cold) stay unloaded. They were made once through a static field that named a sweep file's
   * output kind. (Linking the class that names them loads a few of Jackson's core interfaces.)
   */
  @org.junit.jupiter.api.Test
  void checkLoadsNoJackson() throws Exception {
    String loaded = loaded("check", "../kernels/harris/blelloch.cu");
    assertThat(loaded).as("Jackson's mappers").doesNotContain("com.fasterxml.jackson.databind.");
    assertThat(loaded("run", "../kernels/harris/blelloch.cu", "--n", "1024")).as("a run reads its preset with Jackson")
        .contains("com.fasterxml.jackson.databind.ObjectMapper ");
  }

  /**
   * Whether a JVM links them before scansim's own code runs (an agent in JAVA_TOOL_OPTIONS, a JDK
   * whose own start uses records), which leaves nothing to tell: then the commands are not
   * checked, and say so. Asked once, of {@code --version}.
   */
  private static boolean jvmLinksThemItself;

  @BeforeAll
  static void askTheJvm() throws Exception {
    jvmLinksThemItself = loaded("--version").contains(OBJECT_METHODS);
  }

  /** The classes {@code scansim ARGS} loads, as its JVM logs them. */
  private static String loaded(String... args) throws Exception {
    Path log = Files.createTempFile("scansim-classes", ".log");
    try {
      CliRun r = ScansimProcess.run(null, List.of("-Xlog:class+load=info:file=\"" + log + "\""), List.of(args));
      assertThat(r.code()).as(r.err()).isZero();
      String loaded = Files.readString(log);
      assertThat(loaded).as("the classes loaded").contains("org.scansim.cli.Main ");
      return loaded;
    } finally {
      Files.deleteIfExists(log);
    }
  }
}
