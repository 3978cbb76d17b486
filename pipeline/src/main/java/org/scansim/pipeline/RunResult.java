package org.scansim.pipeline;

import java.io.IOException;
import org.scansim.sim.result.Fault;

/**
 * What a run on a device gave, whichever device ran it ({@link Device}): its report as text and
 * as JSON, the fault that stopped it, whether its output was the scan expected and whether a
 * checker found anything. A command prints the text, writes the JSON and takes its exit code from
 * the rest, the same way for the simulated GPU ({@link SimRun}) and a card.
 */
public interface RunResult {
  /** The report as the terminal shows it. */
  String text();

  /** The report as JSON, a schema version first. */
  String json() throws IOException;

  /** The fault that stopped the run, or null. */
  Fault fault();

  /** Whether the output was the scan expected (null: not checked). */
  Boolean correct();

  /** Whether a checker reported anything. */
  boolean hasFindings();
}
