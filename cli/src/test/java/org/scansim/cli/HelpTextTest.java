package org.scansim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * Every command's description is written in whole paragraphs, which picocli wraps to the
 * terminal: a sentence split over two entries was printed as a short line and a continuation
 * ("... one line per dependency level, with" / "work, depth and fan-out").
 */
class HelpTextTest {
  @Test
  void everyDescriptionEntryIsAWholeParagraph() {
    CommandLine cl = new CommandLine(new Main());
    cl.getSubcommands().forEach((name, sub) -> {
      if (name.equals("help")) {
        return; // picocli's own
      }
      for (String entry : sub.getCommandSpec().usageMessage().description()) {
        assertThat(entry.strip()).as(name + ": " + entry).matches("|.*[.:)]");
      }
    });
  }
}
