package org.scansim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** {@code grade}'s bar: drawn on a terminal only, naming the submission and size being run, cleared before a printed line. */
class GradeProgressTest {
  @Test
  void onATerminalTheBarNamesTheSubmissionAndTheSizeBeingRun() throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (GradeProgress p = new GradeProgress(2, 3, true, new PrintStream(bytes, true, StandardCharsets.UTF_8))) {
      p.submission("a.cu");
      p.size(1024);
      Thread.sleep(600); // the bar redraws every 250 ms
      String drawn = bytes.toString(StandardCharsets.UTF_8);
      assertThat(drawn).contains("grading").contains("a.cu at 1024").contains("0/6");
      p.submissionDone();
      p.beforeLine();
      assertThat(bytes.toString(StandardCharsets.UTF_8)).endsWith("\r\033[2K");
      Thread.sleep(600);
      assertThat(bytes.toString(StandardCharsets.UTF_8)).contains("3/6");
    }
  }

  @Test
  void offATerminalItDrawsNothing() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (GradeProgress p = new GradeProgress(2, 3, false, new PrintStream(bytes, true, StandardCharsets.UTF_8))) {
      p.submission("a.cu");
      p.size(1);
      p.submissionDone();
      p.beforeLine();
    }
    assertThat(bytes.size()).isZero();
  }
}
