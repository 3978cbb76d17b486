package org.scansim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

/** A sweep's progress off a terminal: plain lines, the first and the last always, an estimate of the time left between. */
class SweepProgressTest {
  @Test
  void plainLinesOffATerminal() throws Exception {
    StringWriter text = new StringWriter();
    SweepProgress p = new SweepProgress(new PrintWriter(text), false);
    p.start(4, 1);
    p.point(null, 2);
    Thread.sleep(SweepProgress.LINE_EVERY_MILLIS + 100);
    p.point(null, 3);
    p.point(null, 4);
    p.close();
    String[] lines = text.toString().split("\n");
    assertThat(lines).hasSize(3);
    assertThat(lines[0]).isEqualTo("scansim: sweep: 4 points, 1 already done");
    // two points ran in about five seconds: the third's line estimates the one left at about 2.5 s
    assertThat(lines[1]).matches("scansim: sweep: 3/4 points done in 5 s, about [23] s left");
    assertThat(lines[2]).isEqualTo("scansim: sweep: 4/4 points done in 5 s");
  }

  @Test
  void aBarOnATerminal() throws Exception {
    java.io.ByteArrayOutputStream bar = new java.io.ByteArrayOutputStream();
    StringWriter text = new StringWriter();
    SweepProgress p = new SweepProgress(new PrintWriter(text), true, new java.io.PrintStream(bar, true, "UTF-8"));
    p.start(48, 0);
    for (int done = 1; done <= 24; done++) {
      p.point(null, done);
    }
    // The bar redraws every 250 ms on a thread of its own: wait for the redraw (up to 10 s on a loaded
    // machine) that shows both the points and the share (a redraw between the two updates showed 24/48 at 6 %).
    for (int waited = 0; waited < 10_000 && !(bar.toString("UTF-8").contains("24/48") && bar.toString("UTF-8").contains("50%")); waited += 50) {
      Thread.sleep(50);
    }
    String drawn = bar.toString("UTF-8");
    // With no point ending, the bar is still redrawn (its elapsed time ticks): it does not wait for the next point.
    int redrawsBefore = drawn.split("24/48", -1).length - 1;
    for (int waited = 0; waited < 10_000 && bar.toString("UTF-8").split("24/48", -1).length - 1 <= redrawsBefore; waited += 50) {
      Thread.sleep(50);
    }
    int redrawsAfter = bar.toString("UTF-8").split("24/48", -1).length - 1;
    p.close();
    assertThat(redrawsAfter).isGreaterThan(redrawsBefore);
    assertThat(text.toString()).isEmpty(); // no plain lines on a terminal
    // progressbar's own line: the task, the share done, points done of all, elapsed and the time left
    assertThat(drawn).contains("sweep").contains("50%").contains("24/48 points").containsPattern("\\d+:\\d\\d:\\d\\d / \\d+:\\d\\d:\\d\\d");
  }

  @Test
  void durations() {
    assertThat(SweepProgress.duration(0.4)).isEqualTo("0 s");
    assertThat(SweepProgress.duration(59.4)).isEqualTo("59 s");
    assertThat(SweepProgress.duration(61)).isEqualTo("1 min 1 s");
    assertThat(SweepProgress.duration(3600 * 2 + 60 * 5 + 7)).isEqualTo("2 h 5 min");
  }
}
