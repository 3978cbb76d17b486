package org.scansim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

/** The note a launch still running after a while leaves on standard error, where no bar shows. */
class LongLaunchNoteTest {

  @Test
  void aLaunchStillRunningIsNotedOnceWithItsBudgets() throws Exception {
    StringWriter err = new StringWriter();
    LongLaunchNote note = new LongLaunchNote(new PrintWriter(err, true), 20, 2_000_000_000L, 600);
    note.launch(3, "spin", 1);
    long until = System.nanoTime() + 10_000_000_000L;
    while (err.toString().isEmpty() && System.nanoTime() < until) {
      Thread.sleep(10);
    }
    note.launchEnded();
    assertThat(err.toString()).isEqualTo("scansim: note: launch 3 (spin) is still running after 0 s; a kernel that never ends stops at"
        + " the instruction budget (2,000,000,000 warp instructions, --max-instructions N) or after --wall-seconds 600, whichever"
        + " comes first" + System.lineSeparator());
  }

  @Test
  void aLaunchThatEndsInTimeLeavesNoNote() throws Exception {
    StringWriter err = new StringWriter();
    LongLaunchNote note = new LongLaunchNote(new PrintWriter(err, true), 200, 1000, 0);
    note.launch(0, "k", 1);
    note.launchEnded();
    note.launch(1, "k", 1);
    note.launchEnded();
    Thread.sleep(600);
    assertThat(err.toString()).isEmpty();
    // Without a wall-clock budget, the note names the instruction budget alone.
    assertThat(note.text(0, "k")).endsWith("(1,000 warp instructions, --max-instructions N)");
  }
}
