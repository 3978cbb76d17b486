package org.scansim.grade;

/**
 * One graded submission: its name (relative to what the user gave), the Gradescope results and
 * the readable report.
 */
public record Graded(String name, GradescopeResults results, String report) {}
