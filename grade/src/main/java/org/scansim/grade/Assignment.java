package org.scansim.grade;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.scansim.catalog.Formula;
import org.scansim.sim.arch.Architecture;
import org.scansim.sim.run.ScanOp;
import org.scansim.sim.run.ScanRun;

/**
 * An assignment as {@link AssignmentReader} read and checked it (the file format is in
 * {@code examples/grading/README.md}): what the submission must define, the sizes it is run at,
 * the budgets of each run and the points of each test.
 *
 * @param origin  the spec's file name as given, which starts every message about it
 * @param title   what the report and the results call the assignment
 * @param entry   the C signature every submission must define
 * @param launch  how the harness launches a kernel entry; null for a host entry
 * @param scan    the scan the output is compared with
 * @param op      the scan's operator (its reference and identity; {@link ScanOp})
 * @param arch    the simulated architecture
 * @param sizes   the n to run at, ascending, no duplicates
 * @param defines -D macros for every submission, in the spec's order (a null value defines 1)
 * @param budgets what one run may consume
 * @param points  the points of each test
 * @param file    the file a submission folder must hold ({@code --gradescope}); null: its one {@code .cu} file
 * @param visibility each test group's Gradescope visibility ({@link #visibilityOf})
 * @param leaderboard the Gradescope leaderboard's columns, in order ({@link #LEADERBOARD})
 * @param program  for an assignment whose entry is {@code main} (a whole program): its runs, each
 *                 with its arguments, standard input and the output it must print; {@code sizes}
 *                 then numbers them 1 to k. Null for a scan assignment
 */
public record Assignment(
    String origin,
    String title,
    Signature entry,
    Launch launch,
    ScanRun.Expect scan,
    ScanOp op,
    Architecture arch,
    List<Integer> sizes,
    Map<String, String> defines,
    Budgets budgets,
    Points points,
    String file,
    Map<String, String> visibility,
    List<String> leaderboard,
    List<ProgramCase> program) {

  /**
   * One run of a whole-program assignment: {@code main} gets {@code args} after the program's
   * name and reads {@code stdin}; it passes when it prints {@code output} (standard output and
   * error as one stream, in order) and exits with {@code exitStatus}.
   */
  public record ProgramCase(List<String> args, String stdin, String output, int exitStatus) {
    /** The arguments as a shell would show them, or "no arguments". */
    public String describe() {
      if (args.isEmpty()) {
        return "no arguments";
      }
      String text = String.join(" ", args.stream().map(x -> x.isEmpty() || x.matches(".*[\\s'\"\\\\].*")
          ? "'" + x.replace("'", "'\\''") + "'" : x).toList());
      return text.length() > 60 ? text.substring(0, 57) + "..." : text;
    }
  }

  /** Whether the entry is {@code main}: submissions are whole programs, run with each case's arguments. */
  public boolean isProgram() {
    return program != null;
  }

  /** Where run {@code k} (a size, or a program's run number) is: "n = 33", or "run 2". */
  public String where(int k) {
    return isProgram() ? "run " + k : "n = " + k;
  }

  /** Gradescope's visibilities of a test or a result (its autograder specification). */
  public static final List<String> VISIBILITIES = List.of("visible", "hidden", "after_due_date", "after_published");

  /**
   * The test groups a visibility can be given to: {@code default} for every test not named,
   * and one key per kind of test (the keys of {@code points}, and {@code compiles}).
   */
  public static final List<String> TEST_GROUPS = testGroups();

  private static List<String> testGroups() {
    List<String> groups = new java.util.ArrayList<>(List.of("default", "compiles", "correctness"));
    for (GradedCheck c : GradedCheck.values()) {
      groups.add(c.key);
    }
    groups.addAll(List.of("workEfficiency", "bankConflicts"));
    return List.copyOf(groups);
  }

  /** The leaderboard's possible columns: measured at the largest size, lower is better. */
  public static final List<String> LEADERBOARD = List.of("bankConflicts", "work");

  /** The visibility of a group's tests ({@link #TEST_GROUPS}). */
  public String visibilityOf(String group) {
    return visibility.getOrDefault(group, visibility.getOrDefault("default", "visible"));
  }

  /** The scan as reports word it: "inclusive", or "inclusive max" for an operator other than the sum. */
  public String scanName() {
    if (scan == null) {
      return "whole program";
    }
    String kind = scan.name().toLowerCase(java.util.Locale.ROOT);
    return op == ScanOp.SUM ? kind : kind + " " + op.spelling();
  }

  /** The largest size, where bank conflicts are measured. */
  public int largestSize() {
    return sizes.get(sizes.size() - 1);
  }

  /** A kernel entry's launch, each a formula in n evaluated per size. */
  public record Launch(Formula block, Formula grid, Formula sharedBytes) {
    /** The launch at n; the reader checked that every formula gives a valid value at every size. */
    public ScanRun.KernelLaunch at(int n) {
      return new ScanRun.KernelLaunch((int) grid.at(n), (int) block.at(n), (long) sharedBytes.at(n));
    }
  }

  /**
   * What one run (one submission at one size) may consume.
   *
   * @param maxWarpInstructions warp instructions of all launches of a run; a run past it is stopped
   *                            as a runaway kernel
   * @param wallSeconds         wall-clock time of one run: the engine stops a kernel past it; host
   *                            code still running a little later is abandoned, and the
   *                            submission's remaining sizes are not run
   * @param deviceBytes         simulated device memory (the harness's two buffers included)
   * @param compileSeconds      wall-clock time to preprocess, parse and type-check the submission
   */
  public record Budgets(long maxWarpInstructions, double wallSeconds, long deviceBytes, double compileSeconds) {
    public static final Budgets DEFAULTS = new Budgets(100_000_000L, 10, 256L << 20, 20);
  }

  /**
   * The points of each test; a null test is not part of the assignment. Correctness is split
   * evenly over the sizes.
   */
  public record Points(BigDecimal correctness, BigDecimal races, BigDecimal barriers, BigDecimal bounds,
      BigDecimal initialisation, Limit workEfficiency, Limit bankConflicts) {}

  /** Points for a measured quantity that must stay at or below a formula in n. */
  public record Limit(BigDecimal points, Formula limit) {}
}
