package org.scansim.grade;

import java.util.List;

/**
 * A problem with what the instructor gave (the spec, the submissions' path, the output folder):
 * grading cannot start. One line per problem, each naming the file; never a stack trace.
 */
public final class GradeException extends Exception {
  private static final long serialVersionUID = 1L;

  private final List<String> problems;

  public GradeException(String problem) {
    this(List.of(problem));
  }

  public GradeException(List<String> problems) {
    super(String.join("\n", problems), null, false, false);
    this.problems = List.copyOf(problems);
  }

  public List<String> problems() {
    return problems;
  }
}
