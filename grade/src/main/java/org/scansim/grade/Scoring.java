package org.scansim.grade;

import org.scansim.sim.result.Fault;
import org.scansim.sim.result.Kind;
import org.scansim.sim.result.LaunchRecord;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.scansim.frontend.diag.Span;
import org.scansim.reports.FindingsText;
import org.scansim.sim.check.Finding;
import org.scansim.sim.check.ScanProof;

/**
 * Turns what grading observed into Gradescope tests with points, each with an output that says
 * why it passed or failed, at the source line where there is one. The rules (also in
 * {@code examples/grading/README.md}):
 *
 * <ul>
 *   <li>"Compiles" has no points; without it (or without the entry) every test scores 0.
 *   <li>"Correct at n = N": the output is the scan, the run ended without a fault, and the scan
 *       proof, when the engine gives one, holds. Correctness points are split evenly over the sizes.
 *       For a whole program, "Correct output, run K (ARGS)": it printed what the run expects and
 *       exited with its status ({@link ProgramCheck}), split evenly over the runs.
 *   <li>The checker tests ("No races", "No barrier divergence", "In bounds", "Initialised reads")
 *       pass when no size's run reports such a problem, as a checker finding or as the fault the
 *       run stopped at.
 *   <li>"Work efficiency": the work counter summed over launches is at most the bound at every size
 *       where the output is correct. "Bank conflicts": shared-memory bank conflicts (loads and
 *       stores) at the largest size are at most the limit; that size's output must be correct.
 *   <li>Every test but "Compiles" and "Correct at ..." gives points only to a submission that is
 *       correct at half of the sizes at least: an empty kernel has no races, but earns nothing for
 *       it, and neither does one that only gets n = 1 right.
 * </ul>
 */
final class Scoring {
  static final String VISIBLE = "visible";
  static final String COMPILES = "Compiles";
  static final String RACES = GradedCheck.RACES.title;
  static final String BARRIERS = GradedCheck.BARRIERS.title;
  static final String BOUNDS = GradedCheck.BOUNDS.title;
  static final String INIT = GradedCheck.INIT.title;
  static final String WORK = "Work efficiency";
  static final String CONFLICTS = "Bank conflicts";

  /** How much of a run's printf output a test shows. */
  static final int OUTPUT_LINES = 20;
  static final int OUTPUT_CHARS = 2000;

  private Scoring() {}

  /** The tests of an assignment, in the order every submission's results list them. */
  static List<String> testNames(Assignment a) {
    List<String> names = new ArrayList<>();
    names.add(COMPILES);
    for (int n : a.sizes()) {
      names.add(correctName(a, n));
    }
    Assignment.Points p = a.points();
    for (GradedCheck c : GradedCheck.values()) {
      addIf(names, c.points.apply(p), c.title);
    }
    addIf(names, p.workEfficiency(), WORK);
    addIf(names, p.bankConflicts(), CONFLICTS);
    return names;
  }

  private static void addIf(List<String> names, Object points, String name) {
    if (points != null) {
      names.add(name);
    }
  }

  static String correctName(int n) {
    return "Correct at n = " + n;
  }

  /** A correctness test's name: by size, or for a whole program by run and its arguments. */
  static String correctName(Assignment a, int n) {
    return a.isProgram() ? "Correct output, run " + n + " (" + a.program().get(n - 1).describe() + ")" : correctName(n);
  }

  /** The points of each test, by name, in order. */
  static Map<String, BigDecimal> maxima(Assignment a) {
    Map<String, BigDecimal> m = new LinkedHashMap<>();
    m.put(COMPILES, BigDecimal.ZERO);
    List<BigDecimal> shares = split(a.points().correctness(), a.sizes().size());
    for (int i = 0; i < a.sizes().size(); i++) {
      m.put(correctName(a, a.sizes().get(i)), shares.get(i));
    }
    Assignment.Points p = a.points();
    for (GradedCheck c : GradedCheck.values()) {
      putIf(m, c.title, c.points.apply(p));
    }
    putIf(m, WORK, p.workEfficiency() == null ? null : p.workEfficiency().points());
    putIf(m, CONFLICTS, p.bankConflicts() == null ? null : p.bankConflicts().points());
    return m;
  }

  private static void putIf(Map<String, BigDecimal> m, String name, BigDecimal points) {
    if (points != null) {
      m.put(name, points);
    }
  }

  /**
   * {@code total} split into {@code k} shares that add up to it exactly: equal to the hundredth
   * (or to the total's own precision), the first shares one unit larger where it does not divide.
   */
  static List<BigDecimal> split(BigDecimal total, int k) {
    int scale = Math.max(2, total.scale());
    BigDecimal unit = BigDecimal.ONE.movePointLeft(scale);
    BigDecimal base = total.divide(BigDecimal.valueOf(k), scale, RoundingMode.DOWN);
    int extra = total.subtract(base.multiply(BigDecimal.valueOf(k))).divide(unit).intValueExact();
    List<BigDecimal> out = new ArrayList<>();
    for (int i = 0; i < k; i++) {
      out.add(normal(i < extra ? base.add(unit) : base));
    }
    return out;
  }

  static BigDecimal normal(BigDecimal v) {
    return v.signum() == 0 ? BigDecimal.ZERO : v.stripTrailingZeros();
  }

  /** A number as a person writes it: 10, 2.5, 0.001. */
  static String number(double v) {
    if (!Double.isFinite(v)) {
      return Double.isNaN(v) ? "nan" : v > 0 ? "inf" : "-inf";
    }
    if (v == Math.rint(v) && Math.abs(v) < 1e15) {
      return String.valueOf((long) v);
    }
    return BigDecimal.valueOf(v).setScale(3, RoundingMode.HALF_EVEN).stripTrailingZeros().toPlainString();
  }

  static String number(BigDecimal v) {
    return normal(v).toPlainString();
  }

  // ---------------------------------------------------------------------------------------------

  /** A submission whose grading stopped: every test 0, with the reason. */
  static Graded crashed(Assignment a, String name, String why) {
    List<GradescopeResults.Test> tests = new ArrayList<>();
    maxima(a).forEach((test, max) -> tests.add(test(test, max, false, why + "\n")));
    return assemble(a, name, tests, why, null);
  }

  /**
   * A submission folder with nothing to grade (no .cu file, several, not the file the spec
   * names): every test 0, and the reason first, in the student's words.
   */
  static Graded notGraded(Assignment a, String why) {
    List<GradescopeResults.Test> tests = new ArrayList<>();
    maxima(a).forEach((test, max) -> tests.add(test(test, max, false, "not run: " + why + "\n")));
    Graded g = assemble(a, "your submission", tests, "nothing was graded", null);
    GradescopeResults r = g.results();
    GradescopeResults top = new GradescopeResults(r.score(), r.maxScore(), r.executionTime(), clean(why + "\n" + r.output()),
        r.visibility(), r.stdoutVisibility(), r.leaderboard(), r.tests());
    return new Graded(g.name(), top, why + "\n\n" + g.report());
  }

  static Graded score(Assignment a, Evidence e) {
    Map<String, BigDecimal> max = maxima(a);
    List<GradescopeResults.Test> tests = new ArrayList<>();
    String compileText;
    if (e.ran()) {
      compileText = e.compileOutput() + e.name() + ": compiles\nit defines the entry " + a.entry().spelling() + "\n";
    } else if (e.compiled()) {
      compileText = "Failed: " + e.name() + " does not define the entry the assignment asks for, " + a.entry().spelling()
          + " (the file itself compiles).\n" + e.compileOutput() + e.entryProblem();
    } else if (e.unread() != null) {
      compileText = "Failed: " + e.name() + " cannot be read as a kernel file, so it was not graded.\n" + e.unread();
    } else if (e.unsupported() != null) {
      // Valid CUDA, perhaps, that the grader cannot simulate: the student must hear that it is the grader's limit.
      compileText = "Not graded: " + e.name() + " uses a construct this grader does not simulate, at " + e.unsupported()
          + ". This is a limit of the grader, not"
          + " necessarily a mistake in your code (nvcc may accept it): write it another way, or ask the course staff.\n"
          + e.compileOutput();
    } else {
      compileText = "Failed: " + e.name() + " does not compile.\n" + e.compileOutput();
    }
    tests.add(test(COMPILES, BigDecimal.ZERO, e.ran(), compileText));
    if (!e.ran()) {
      String why = e.unread() != null ? "not run: the file was not read (see Compiles)"
          : e.unsupported() != null ? "not run: the submission uses a construct the grader does not simulate (see Compiles)"
          : !e.compiled() ? "not run: the submission does not compile (see Compiles)"
          : "not run: the submission does not define " + a.entry().spelling() + " (see Compiles)";
      max.forEach((test, pts) -> {
        if (!test.equals(COMPILES)) {
          tests.add(test(test, pts, false, why + "\n"));
        }
      });
      return assemble(a, e.name(), tests, e.compiled() ? "the entry the assignment asks for is missing or different"
          : e.unread() != null ? "the file was not read (see Compiles)"
          : e.unsupported() != null ? "the submission uses a construct this grader does not simulate, a limit of the grader (see Compiles)"
          : "the submission does not compile", null);
    }
    List<Evidence.SizeRun> runs = e.runs();
    for (Evidence.SizeRun r : runs) {
      String name = correctName(a, r.n());
      tests.add(test(name, max.get(name), r.correct(), correctness(a, r)));
    }
    long correct = runs.stream().filter(Evidence.SizeRun::correct).count();
    long needed = (runs.size() + 1) / 2;
    String gate = correct >= needed ? null
        : a.isProgram() ? "Not awarded: the output is correct in only " + correct + " of the " + runs.size() + " runs, and this test"
            + " counts only for a program that is correct in " + needed + " of them or more."
        : "Not awarded: the output is correct at only " + correct + " of the " + runs.size() + " sizes, and this test counts only"
            + " for a kernel that is correct at " + needed + " of them or more.";
    Assignment.Points p = a.points();
    for (GradedCheck c : GradedCheck.values()) {
      if (c.points.apply(p) != null) {
        tests.add(checker(a, c.title, c.points.apply(p), runs, c.findingKinds, c.faultKinds, c.what, gate));
      }
    }
    if (p.workEfficiency() != null) {
      tests.add(work(p.workEfficiency(), runs, gate));
    }
    if (p.bankConflicts() != null) {
      tests.add(conflicts(a, p.bankConflicts(), runs));
    }
    return assemble(a, e.name(), tests, null, leaderboard(a, runs));
  }

  /** The test group of a test ({@link Assignment#TEST_GROUPS}), for its visibility. */
  private static String group(String test) {
    for (GradedCheck c : GradedCheck.values()) {
      if (c.title.equals(test)) {
        return c.key;
      }
    }
    return switch (test) {
      case COMPILES -> "compiles";
      case WORK -> "workEfficiency";
      case CONFLICTS -> "bankConflicts";
      default -> "correctness";
    };
  }

  /**
   * Gradescope's test numbers: "1" Compiles, "2.1" ... "2.k" the correctness tests by size, then
   * "3", "4", ... the checker and quality tests in order.
   */
  private static List<GradescopeResults.Test> numbered(Assignment a, List<GradescopeResults.Test> tests) {
    List<GradescopeResults.Test> out = new ArrayList<>();
    int size = 0;
    int next = 3;
    for (GradescopeResults.Test t : tests) {
      String group = group(t.name());
      String number = switch (group) {
        case "compiles" -> "1";
        case "correctness" -> "2." + ++size;
        default -> String.valueOf(next++);
      };
      out.add(t.numbered(number, a.visibilityOf(group)));
    }
    return out;
  }

  /**
   * The leaderboard the spec asks for, measured at the largest size; none when that size's
   * output is not correct (a wrong kernel has no place on it).
   */
  static List<GradescopeResults.LeaderboardEntry> leaderboard(Assignment a, List<Evidence.SizeRun> runs) {
    if (a.leaderboard().isEmpty() || runs.isEmpty() || !runs.get(runs.size() - 1).correct()) {
      return null;
    }
    List<LaunchRecord> launches = runs.get(runs.size() - 1).outcome().launches();
    List<GradescopeResults.LeaderboardEntry> out = new ArrayList<>();
    for (String column : a.leaderboard()) {
      long value = switch (column) {
        case "bankConflicts" -> launches.stream().mapToLong(l -> l.counters().sharedLoadBankConflicts()
            + l.counters().sharedStoreBankConflicts()).sum();
        case "work" -> launches.stream().mapToLong(l -> l.counters().work).sum();
        default -> throw new IllegalStateException("leaderboard column " + column);
      };
      out.add(new GradescopeResults.LeaderboardEntry(column.equals("work") ? "Work" : "Bank conflicts", value, "asc"));
    }
    return out;
  }

  private static Graded assemble(Assignment a, String name, List<GradescopeResults.Test> unnumbered, String problem,
      List<GradescopeResults.LeaderboardEntry> leaderboard) {
    List<GradescopeResults.Test> tests = numbered(a, unnumbered);
    BigDecimal score = BigDecimal.ZERO;
    BigDecimal max = BigDecimal.ZERO;
    long passed = 0;
    for (GradescopeResults.Test t : tests) {
      score = score.add(t.score());
      max = max.add(t.maxScore());
      passed += t.passed() ? 1 : 0;
    }
    String output = clean(name) + ": " + number(score) + " / " + number(max) + " points for \"" + a.title() + "\"; "
        + passed + " of " + tests.size() + " tests passed" + (problem == null ? "" : "; " + problem) + ".\n";
    GradescopeResults results = new GradescopeResults(normal(score), normal(max), null, output, a.visibilityOf("default"), "hidden",
        leaderboard, List.copyOf(tests));
    return new Graded(name, results, ReportText.render(a, name, results));
  }

  private static GradescopeResults.Test test(String name, BigDecimal max, boolean passed, String output) {
    return new GradescopeResults.Test(name, null, passed ? normal(max) : BigDecimal.ZERO, normal(max), passed ? "passed" : "failed",
        clean(output), VISIBLE);
  }

  /** The longest line a test's output shows, and the most characters in all (hostile files have 8 MiB lines). */
  static final int MAX_LINE = 400;
  static final int MAX_OUTPUT = 64 << 10;

  /**
   * Text for a report: control characters a kernel's printf (or a file) may hold made visible, so
   * reports stay plain text; lines longer than {@link #MAX_LINE} and text beyond
   * {@link #MAX_OUTPUT} cut, with a note saying how much.
   */
  static String clean(String s) {
    StringBuilder out = new StringBuilder(Math.min(s.length(), MAX_OUTPUT + 100));
    int start = 0;
    while (start < s.length()) {
      int end = s.indexOf('\n', start);
      int stop = end < 0 ? s.length() : end;
      // A line is cut only well past the limit, so that cleaning cleaned text changes nothing.
      int keep = stop - start > MAX_LINE + 64 ? MAX_LINE : stop - start;
      for (int i = start; i < start + keep; i++) {
        char c = s.charAt(i);
        boolean control = (c < 0x20 && c != '\t') || (c >= 0x7f && c < 0xa0);
        out.append(control ? '?' : c);
      }
      if (keep < stop - start) {
        out.append(" [... ").append(stop - start - keep).append(" more characters]");
      }
      if (end >= 0) {
        out.append('\n');
      }
      start = stop + 1;
      if (out.length() > MAX_OUTPUT && start < s.length()) {
        out.append("[... output cut: ").append(s.length() - start).append(" more characters]\n");
        break;
      }
    }
    return out.toString();
  }


  // ---------------------------------------------------------------------------------------------

  private static String correctness(Assignment a, Evidence.SizeRun r) {
    String scan = a.scanName();
    StringBuilder out = new StringBuilder();
    String unit = a.isProgram() ? "run" : "size";
    if (r.skipped()) {
      return "not run: an earlier " + unit + " ran past the wall-clock budget (budgets.wallSeconds = "
          + number(a.budgets().wallSeconds()) + " s)\n";
    }
    if (r.timedOut()) {
      return "stopped: the run took longer than budgets.wallSeconds = " + number(a.budgets().wallSeconds())
          + " s (does the code finish?); the " + (a.isProgram() ? "later runs" : "larger sizes") + " were not run\n";
    }
    if (r.failure() != null) {
      return "not run: " + r.failure() + "\n";
    }
    if (r.fault() != null) {
      Fault f = r.fault();
      String message = f.getMessage();
      int advice = message.indexOf("): run it at a smaller n");
      if (f.kind() == Kind.OUT_OF_MEMORY && advice >= 0) {
        // The advice is for a user of scansim run (a smaller n, a larger heap): in grading, n and the heap are the spec's.
        message = message.substring(0, advice + 1) + "; the grader holds every run to the same memory";
      }
      out.append("the run stopped at a fault:\n").append(FindingsText.at(f.span(), "fault (" + f.kind() + ")", message));
      if (f.kind() == Kind.RUNAWAY) {
        out.append("note: ").append(budgetNote(a, f.budget())).append("; does every loop and recursion end?\n");
      }
    } else if (a.isProgram()) {
      Assignment.ProgramCase c = a.program().get(r.n() - 1);
      if (r.correct()) {
        out.append("printed the expected output and exited with status ").append(c.exitStatus()).append(" (").append(c.describe())
            .append(")\n");
      } else {
        out.append("not the expected output (").append(c.describe()).append("):\n");
        r.outcome().mismatches().forEach(m -> out.append("  ").append(m).append('\n'));
      }
      // A launch the runtime refused did not run: the program went on (or stopped on its own check) without it.
      if (r.outcome() != null && r.outcome().notes() != null) {
        r.outcome().notes().stream().filter(n -> n.endsWith(org.scansim.sim.sched.SimulatedGpu.NOT_RUN))
            .forEach(n -> out.append("refused launch: ").append(n).append('\n'));
      }
    } else if (r.correct()) {
      out.append("correct ").append(scan).append(" scan of n = ").append(r.n()).append(" elements\n");
    } else {
      ScanProof proof = r.outcome().proof();
      if (Boolean.FALSE.equals(r.outcome().correct())) {
        out.append("wrong result: not the ").append(scan).append(" scan of the input (")
            .append(a.op().inputs(r.n())).append(")\n");
        r.outcome().mismatches().forEach(m -> out.append("  ").append(m).append('\n'));
      } else {
        out.append("the output matched for this input, but not for every input:\n");
      }
      if (proof != null && !proof.proved()) {
        out.append("the scan proof fails for ").append(proof.wrongOutputs()).append(proof.wrongOutputs() == 1 ? " output:\n" : " outputs:\n");
        proof.failures().forEach(x -> out.append("  ").append(x).append('\n'));
        if (proof.wrongOutputs() > proof.failures().size()) {
          out.append("  ...\n");
        }
      }
      if (proof == null) { // the proof's own lines above say the same as its finding
        out.append(FindingsText.render(r.outcome().findings().stream().filter(f -> f.kind() == Kind.SCAN_PROOF).toList()));
      }
    }
    if (r.outcome() != null && r.outcome().proof() != null && r.outcome().proof().proved()) {
      out.append("the scan proof holds: correct at this n for every input and any associative")
          .append(r.outcome().proof().commutativeOnly() ? " and commutative" : "").append(" operator\n");
    }
    if (r.outcome() != null && !r.outcome().output().isEmpty()) {
      out.append("program output:\n").append(excerpt(r.outcome().output()));
    }
    return out.toString();
  }

  /** The budget that stopped a runaway run, as the spec sets it: not the others. */
  private static String budgetNote(Assignment a, Fault.Budget budget) {
    return switch (budget == null ? Fault.Budget.HOST_STEPS : budget) {
      case INSTRUCTIONS -> "a run may execute at most budgets.maxWarpInstructions = " + a.budgets().maxWarpInstructions()
          + " warp instructions";
      case WALL_CLOCK -> "a run may take at most budgets.wallSeconds = " + number(a.budgets().wallSeconds())
          + " s, kernels and host code together";
      case PROOF_NODES -> "the scan proof follows each application of the operator in a graph of bounded size, which a kernel"
          + " loop that keeps applying it fills before any other budget ends";
      // the host's budgets, and the Java stack and heap's (which a runaway does not name)
      default -> "host code may run a fixed number of steps, calls deep and launches";
    };
  }

  /** The first lines of a run's printf output. */
  static String excerpt(String output) {
    String[] lines = output.split("\n", -1);
    StringBuilder out = new StringBuilder();
    int shown = 0;
    for (String line : lines) {
      if (shown == OUTPUT_LINES || out.length() + line.length() > OUTPUT_CHARS) {
        break;
      }
      if (shown == lines.length - 1 && line.isEmpty()) {
        break; // the newline that ends the last line
      }
      out.append("  | ").append(line).append('\n');
      shown++;
    }
    int total = output.endsWith("\n") ? lines.length - 1 : lines.length;
    if (shown < total) {
      out.append("  ... ").append(total - shown).append(" more lines (").append(output.length()).append(" characters in all)\n");
    }
    return out.toString();
  }

  /**
   * One problem seen at one or more sizes: a finding (its first size's, with the count of every
   * size's), or the fault a run stopped at (its text).
   */
  private static final class Problem {
    final Span at;
    final String key;
    final Finding first;
    final String text;
    final List<Integer> sizes = new ArrayList<>();
    long count;

    Problem(Span at, String key, Finding first, String text) {
      this.at = at;
      this.key = key;
      this.first = first;
      this.text = text;
    }

    Span at() {
      return at;
    }

    String key() {
      return key;
    }

    /** As the report shows it: a finding counted over every size it was seen at. */
    String text() {
      return first == null ? text : FindingsText.render(first.withCount(count));
    }
  }

  private static GradescopeResults.Test checker(Assignment a, String name, BigDecimal points, List<Evidence.SizeRun> runs,
      Set<Kind> findingKinds, Set<Kind> faultKinds, String what, String gate) {
    java.util.function.Function<List<Integer>, String> at = k -> a.isProgram() ? "in run" + (k.size() == 1 ? " " : "s ") + join(k)
        : "at n = " + join(k);
    Map<String, Problem> problems = new LinkedHashMap<>();
    List<Integer> checked = new ArrayList<>();
    for (Evidence.SizeRun r : runs) {
      if (r.outcome() != null && !(a.isProgram() && r.outcome().launches().isEmpty())) { // a program's run that launched nothing checks nothing
        checked.add(r.n());
        for (Finding f : r.outcome().findings()) {
          if (findingKinds.contains(f.kind())) {
            Problem p = problems.computeIfAbsent(f.key(), k -> new Problem(f.first(), k, f, null));
            p.sizes.add(r.n());
            p.count += f.count();
          }
        }
      }
      Fault f = r.fault();
      boolean alsoAFinding = f != null && r.outcome() != null && r.outcome().findings().stream()
          .anyMatch(x -> x.kind().equals(f.kind()) && java.util.Objects.equals(x.first(), f.span()));
      if (f != null && faultKinds.contains(f.kind()) && !alsoAFinding) {
        String key = "fault " + f.kind() + " " + (f.span() == null ? "-" : f.span().position());
        problems.computeIfAbsent(key, k -> new Problem(f.span(), k, null,
            FindingsText.at(f.span(), "fault (" + f.kind() + ")", f.getMessage()))).sizes.add(r.n());
      }
    }
    if (!problems.isEmpty()) {
      List<Problem> sorted = new ArrayList<>(problems.values());
      sorted.sort(Comparator.comparingInt((Problem x) -> x.at() == null ? Integer.MAX_VALUE : x.at().line())
          .thenComparingInt(x -> x.at() == null ? 0 : x.at().col()).thenComparing(Problem::key));
      StringBuilder out = new StringBuilder();
      out.append("Not awarded: ").append(sorted.size()).append(sorted.size() == 1 ? " problem" : " problems").append(" found (")
          .append(what).append(").\n");
      for (Problem x : sorted) {
        out.append(x.text()).append("      = ").append(at.apply(x.sizes)).append('\n');
      }
      return test(name, points, false, out.toString());
    }
    if (checked.isEmpty()) {
      return test(name, points, false, a.isProgram() ? "Not awarded: no run of the program launched a kernel that ended, so nothing"
          + " was checked (see the correctness tests).\n"
          : "Not awarded: no run of the submission ended, so nothing was checked (see the correctness tests).\n");
    }
    if (gate != null) {
      return test(name, points, false, gate + "\nNo " + what + " was found " + (a.isProgram() ? "" : "in the runs ") + at.apply(checked)
          + ".\n");
    }
    return test(name, points, true, "no " + what + " found " + (a.isProgram() ? "" : "in the runs ") + at.apply(checked) + "\n");
  }

  private static GradescopeResults.Test work(Assignment.Limit limit, List<Evidence.SizeRun> runs, String gate) {
    StringBuilder out = new StringBuilder();
    out.append("work = applications of the scan operator to values derived from the input, over all launches; bound: ")
        .append(limit.limit().text()).append('\n');
    boolean ok = true;
    int measured = 0;
    List<Integer> over = new ArrayList<>();
    for (Evidence.SizeRun r : runs) {
      if (!r.correct()) {
        out.append("  n = ").append(r.n()).append(": not measured (the output is not correct)\n");
        continue;
      }
      measured++;
      long work = r.outcome().launches().stream().mapToLong(l -> l.counters().work).sum();
      double bound = limit.limit().at(r.n());
      boolean within = work <= bound;
      ok &= within;
      if (!within) {
        over.add(r.n());
      }
      out.append("  n = ").append(r.n()).append(": work ").append(work).append(within ? " ≤ " : " > ").append(number(bound))
          .append(within ? "" : "  OVER THE BOUND").append('\n');
    }
    if (gate != null || measured == 0) {
      return test(WORK, limit.points(), false, (gate == null ? "Not awarded: the output is wrong at every size, so the work was"
          + " not measured." : gate) + "\n" + out);
    }
    return test(WORK, limit.points(), ok, ok ? out.toString() : "Not awarded: the work is over the bound " + limit.limit().text()
        + " at n = " + join(over) + ".\n" + out);
  }

  private static GradescopeResults.Test conflicts(Assignment a, Assignment.Limit limit, List<Evidence.SizeRun> runs) {
    Evidence.SizeRun r = runs.get(runs.size() - 1);
    if (!r.correct()) {
      return test(CONFLICTS, limit.points(), false, "Not awarded: the output at n = " + r.n() + ", the largest size, is not"
          + " correct, so its bank conflicts were not measured (see " + correctName(a, r.n()) + ").\n");
    }
    long loads = 0;
    long stores = 0;
    Map<String, long[]> bySite = new LinkedHashMap<>();
    Map<String, LaunchRecord.Site> siteOf = new LinkedHashMap<>();
    for (LaunchRecord l : r.outcome().launches()) {
      loads += l.counters().sharedLoadBankConflicts();
      stores += l.counters().sharedStoreBankConflicts();
      for (LaunchRecord.Site s : l.sites()) {
        boolean load = s.operation().equals("ld");
        long c = load ? s.counters().sharedLoadBankConflicts() : s.counters().sharedStoreBankConflicts();
        long waves = load ? s.counters().sharedLoadWavefronts : s.counters().sharedStoreWavefronts;
        long insts = load ? s.counters().sharedLoadInstructions : s.counters().sharedStoreInstructions;
        if (c > 0 && s.span() != null) {
          String key = s.span().position() + " " + s.operation();
          long[] sum = bySite.computeIfAbsent(key, k -> new long[4]);
          sum[0] += c;
          sum[1] += waves;
          sum[2] += insts;
          sum[3] = Math.max(sum[3], s.counters().maxConflictDegree);
          siteOf.putIfAbsent(key, s);
        }
      }
    }
    double max = limit.limit().at(r.n());
    boolean ok = loads + stores <= max;
    StringBuilder out = new StringBuilder();
    if (!ok) {
      out.append("Not awarded: ").append(loads + stores).append(" bank conflicts at n = ").append(r.n()).append(", more than the ")
          .append(number(max)).append(" allowed.\n");
    }
    out.append("shared-memory bank conflicts at n = ").append(r.n()).append(" on ").append(a.arch().name()).append(": ")
        .append(loads + stores).append(" (loads ").append(loads).append(", stores ").append(stores).append("); allowed: ")
        .append(limit.limit().text()).append(" = ").append(number(max)).append('\n');
    if (!bySite.isEmpty()) {
      List<String> keys = new ArrayList<>(bySite.keySet());
      keys.sort(Comparator.comparingLong((String k) -> -bySite.get(k)[0]).thenComparing(k -> siteOf.get(k).span().line())
          .thenComparing(k -> siteOf.get(k).span().col()).thenComparing(k -> k));
      out.append("where they happen, most first:\n");
      for (String k : keys.subList(0, Math.min(5, keys.size()))) {
        LaunchRecord.Site s = siteOf.get(k);
        long[] v = bySite.get(k);
        out.append(FindingsText.at(s.span(), "bank conflicts", v[0] + " conflicts: " + v[1] + " wavefronts for " + v[2]
            + " shared " + (s.operation().equals("ld") ? "loads" : "stores") + (s.array() == null ? "" : " of " + s.array())
            + ", up to " + v[3] + "-way"));
      }
      if (keys.size() > 5) {
        out.append("... and ").append(keys.size() - 5).append(" more sites\n");
      }
    }
    return test(CONFLICTS, limit.points(), ok, out.toString());
  }

  private static String join(List<Integer> sizes) {
    return String.join(", ", sizes.stream().map(String::valueOf).toList());
  }
}
