package org.scansim.sim.arch;

import java.util.List;

/**
 * An architecture could not be loaded: unknown name, unreadable or malformed file, or invalid
 * values. The message is meant for the user as it is: one line per problem, each of the form
 * {@code origin: error: field "x": ...}.
 */
public final class ArchitectureException extends Exception {
  private static final long serialVersionUID = 1L;

  private final List<String> problems;

  ArchitectureException(List<String> problems) {
    super(String.join("\n", problems));
    this.problems = List.copyOf(problems);
  }

  ArchitectureException(String problem) {
    this(List.of(problem));
  }

  /** The problems found, one line each, in field order. */
  public List<String> problems() {
    return problems;
  }
}
