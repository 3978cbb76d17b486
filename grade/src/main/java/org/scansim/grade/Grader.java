package org.scansim.grade;

import org.scansim.sim.result.Fault;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Optional;
import org.scansim.frontend.Frontend;
import org.scansim.frontend.diag.Diagnostic;
import org.scansim.frontend.diag.DiagnosticPrinter;
import org.scansim.frontend.diag.Severity;
import org.scansim.frontend.diag.SourceFile;
import org.scansim.frontend.diag.SourceReader;
import org.scansim.frontend.pp.IncludeLoader;
import org.scansim.sim.check.Check;
import org.scansim.sim.run.ScanRun;

/**
 * Grades one submission against an assignment: reads it, compiles it on a watched thread, checks
 * that it defines the entry, runs it at every size with every checker on, and scores what it
 * observed ({@link Scoring}). Nothing a submission does escapes {@link #grade}: every failure,
 * {@link StackOverflowError} and {@link OutOfMemoryError} included, becomes a graded result.
 *
 * <p>What a submission can reach: no file, process or network. Its C library reads no file in a
 * grading run ({@code fopen} of a file to read returns NULL), keeps what it writes in memory, and
 * runs no command ({@code system} returns -1); the file, and any file it includes, must be a
 * regular file inside the submission's folder after following links (quoted {@code #include}s are
 * refused outright when submissions share a folder); and a run sees only the simulated device
 * within the spec's budgets.
 */
public final class Grader {
  private final Assignment assignment;
  private java.util.function.IntConsumer progress = n -> { };

  public Grader(Assignment assignment) {
    this.assignment = assignment;
  }

  public Assignment assignment() {
    return assignment;
  }

  /** The names of the tests every submission's results list, in order (the summary's columns). */
  public java.util.List<String> testNames() {
    return Scoring.testNames(assignment);
  }

  /**
   * Grades {@code file}, reported under {@code name} (a path relative to what the user gave),
   * reading nothing outside the file's own folder. Never throws.
   */
  public Graded grade(Path file, String name) {
    Path parent = file.toAbsolutePath().getParent();
    // Submissions that share a folder are other students' files to each other: no links at all.
    return grade(file, name, parent == null ? file.toAbsolutePath() : parent, SHARED_FOLDER, false);
  }

  /**
   * Grades {@code file}, which must resolve to a regular file inside {@code root} (a link out
   * of it is refused, and the student's result says so); quoted includes are read through
   * {@code includes}. Never throws.
   */
  /** Quoted includes where several students' submissions share a folder: refused, saying why (one could read another's). */
  static final IncludeLoader SHARED_FOLDER = (includer, name) -> {
    throw new IncludeLoader.Unreadable("quoted includes are read from a student's own folder only (--gradescope); a file graded"
        + " alone or in a folder of files may sit beside other students' files: put the kernel in one file");
  };

  public Graded grade(Path file, String name, Path root, IncludeLoader includes) {
    return grade(file, name, root, includes, true);
  }

  private Graded grade(Path file, String name, Path root, IncludeLoader includes, boolean links) {
    try {
      Evidence e = observe(file, name, root, includes, links);
      return Scoring.score(assignment, e);
    } catch (Throwable t) { // a submission must never stop the batch, whatever it did to the grader
      return Scoring.crashed(assignment, name, "grading stopped: " + describe(t));
    }
  }

  static String describe(Throwable t) {
    if (t instanceof OutOfMemoryError) {
      return "the grader ran out of memory on this submission";
    }
    if (t instanceof StackOverflowError) {
      return "the grader's stack overflowed on this submission (nesting or recursion too deep)";
    }
    return "internal error of the grader (" + t.getClass().getSimpleName() + (t.getMessage() == null ? "" : ": " + t.getMessage())
        + "); please report this submission";
  }

  private Evidence observe(Path file, String name, Path root, IncludeLoader includes, boolean links) {
    SourceReader.Read read = SourceReader.read(file, name, root, links);
    if (!read.ok()) {
      String where = read.at() == null ? name + ": error: " + read.problem() + "\n"
          : Scoring.clean(DiagnosticPrinter.render(new Diagnostic(Severity.ERROR, read.at(), read.problem(), List.of())));
      return Evidence.unreadable(name, where);
    }
    SourceFile source = read.file();
    Watchdog.Ended<Frontend.Result> c = Watchdog.run("scansim-grade-compile", assignment.budgets().compileSeconds(),
        () -> Frontend.compile(source, new LinkedHashMap<>(assignment.defines()), includes));
    if (c.timedOut()) {
      return new Evidence(name, false, name + ": the compilation did not finish within budgets.compileSeconds = "
          + Scoring.number(assignment.budgets().compileSeconds()) + " s\n", null, List.of());
    }
    if (c.failure() != null) {
      return new Evidence(name, false, name + ": the compilation failed: " + describe(c.failure()) + "\n", null, List.of());
    }
    Frontend.Result r = c.value();
    String diagnostics = diagnostics(r);
    if (!r.ok()) {
      int errors = r.diagnostics().errorCount();
      // The first error decides: a construct the grader does not simulate, or the student's mistake (which may cause the rest).
      Diagnostic first = r.diagnostics().sorted().stream().filter(Diagnostic::isError).findFirst().orElse(null);
      String unsupported = first == null || !first.isUnsupported() ? null : first.span() == null ? name : first.span().position();
      return Evidence.notCompiled(name, diagnostics + errors + (errors == 1 ? " error" : " errors") + " generated.\n", unsupported);
    }
    Optional<String> problem = assignment.entry().problemWith(r);
    if (problem.isPresent()) {
      return new Evidence(name, true, diagnostics, problem.get(), List.of());
    }
    return new Evidence(name, true, diagnostics, null, runAll(r));
  }

  /**
   * The diagnostics as the front end prints them, one at a time with long lines cut, so that a
   * hostile file (100 errors on one 8 MiB line) cannot make the report huge.
   */
  private static String diagnostics(Frontend.Result r) {
    StringBuilder out = new StringBuilder();
    List<Diagnostic> all = r.diagnostics().sorted();
    for (int i = 0; i < all.size(); i++) {
      if (out.length() > Scoring.MAX_OUTPUT) {
        out.append("note: ").append(all.size() - i).append(" further diagnostics not shown\n");
        break;
      }
      out.append(Scoring.clean(DiagnosticPrinter.render(all.get(i))));
    }
    if (r.diagnostics().dropped() > 0) {
      out.append("note: ").append(r.diagnostics().dropped()).append(" further error(s) not shown\n");
    }
    return out.toString();
  }

  /**
   * Runs every size in ascending order. One budget per submission: after a size ran away (a
   * kernel or host code past budgets.maxWarpInstructions or budgets.wallSeconds), the larger
   * sizes are not run, each saying why, so that a runaway submission costs one size's budget, not
   * one per size. A whole program's runs are separate cases, each with its own budget.
   */
  private List<Evidence.SizeRun> runAll(Frontend.Result r) {
    List<Evidence.SizeRun> runs = new ArrayList<>();
    boolean stop = false;
    String ranAway = null;
    for (int n : assignment.sizes()) {
      if (stop) {
        runs.add(Evidence.SizeRun.notRun(n));
        continue;
      }
      if (ranAway != null) {
        runs.add(Evidence.SizeRun.failed(n, ranAway));
        continue;
      }
      progress.accept(n);
      // The engine stops a kernel at wallSeconds itself; the watchdog, a little later, is for what
      // the engine does not bound by time (host code).
      double patience = assignment.budgets().wallSeconds() * 1.25 + 1;
      Watchdog.Ended<ScanRun.Outcome> e = Watchdog.run("scansim-grade-run", patience, () -> runOnce(r, n));
      if (e.timedOut()) {
        runs.add(Evidence.SizeRun.timeout(n));
        stop = true; // the abandoned run still uses a core until its own budgets stop it
      } else if (e.failure() instanceof ScanRun.UsageException u) {
        runs.add(Evidence.SizeRun.failed(n, u.getMessage()));
      } else if (e.failure() instanceof Fault f) {
        runs.add(Evidence.SizeRun.faulted(n, f));
      } else if (e.failure() != null) {
        runs.add(Evidence.SizeRun.failed(n, "the simulator could not run this size: " + describe(e.failure())));
      } else {
        runs.add(Evidence.SizeRun.of(n, e.value()));
      }
      Fault f = runs.get(runs.size() - 1).fault();
      if (f != null && f.kind() == org.scansim.sim.result.Kind.RUNAWAY && !assignment.isProgram()) {
        // A whole program's runs are separate cases (their own arguments and input): each keeps its budget.
        ranAway = "the run at n = " + n + " ran away (" + budgetOf(f) + "), and one runaway ends a submission's runs: the larger"
            + " sizes would run away too";
      }
    }
    return runs;
  }

  private String budgetOf(Fault f) {
    return f.budget() == Fault.Budget.INSTRUCTIONS ? "past budgets.maxWarpInstructions = " + assignment.budgets().maxWarpInstructions()
        : f.budget() == Fault.Budget.WALL_CLOCK ? "past budgets.wallSeconds = " + Scoring.number(assignment.budgets().wallSeconds()) + " s"
        : "past the host code's fixed bounds of steps, calls and launches";
  }

  /** Told the size (or a program's run number) before each run: a progress bar's steps. */
  public Grader onSize(java.util.function.IntConsumer progress) {
    this.progress = progress;
    return this;
  }

  private ScanRun.Outcome runOnce(Frontend.Result r, int n) throws ScanRun.UsageException {
    Assignment a = assignment;
    // Every checker, the spec's budgets, one thread per run: results do not depend on it, and grading
    // many submissions stays one core's work.
    org.scansim.pipeline.RunSpec spec = org.scansim.pipeline.RunSpec.of("submission", a.arch()).withChecks(Check.all(), 0, false)
        .withBudgets(a.budgets().maxWarpInstructions(), Math.round(a.budgets().wallSeconds() * 1000), a.budgets().deviceBytes());
    if (a.isProgram()) {
      return runProgram(r, a.program().get(n - 1), spec);
    }
    spec = spec.withScan(a.scan(), a.op());
    spec = a.entry().kernel() ? spec.withKernel(a.entry().nameIn(r), a.launch().at(n)) : spec.withEntry(a.entry().nameIn(r));
    return org.scansim.pipeline.Runner.simulate(r, spec, n, org.scansim.pipeline.Runner.Extras.NONE).outcome();
  }

  /** What a whole program's {@code argv[0]} is, whatever the submission's file is called: nvcc's default output. */
  static final String PROGRAM_NAME = "./a.out";

  /**
   * A whole program's run: {@code main} with the case's arguments and standard input, no file of
   * the machine to read; its outcome is correct when it printed the case's output and exited with
   * its status (the mismatches say where it did not).
   */
  private ScanRun.Outcome runProgram(Frontend.Result r, Assignment.ProgramCase c, org.scansim.pipeline.RunSpec spec)
      throws ScanRun.UsageException {
    List<String> argv = new ArrayList<>();
    argv.add(PROGRAM_NAME);
    argv.addAll(c.args());
    byte[] stdin = c.stdin().getBytes(java.nio.charset.StandardCharsets.UTF_8);
    ScanRun.Outcome o = org.scansim.pipeline.Runner.program(r, spec, List.of(), argv, new org.scansim.sim.run.ProgramRun.Io(null, () -> stdin),
        org.scansim.pipeline.Runner.Extras.NONE).outcome();
    List<String> mismatches = o.fault() != null ? List.of() : ProgramCheck.differences(c, o.output(), o.exitStatus());
    return new ScanRun.Outcome(o.entry(), o.elementType(), o.n(), o.launches(), o.output(), o.fault() == null && mismatches.isEmpty(),
        mismatches, o.fault(), o.findings(), o.proof(), o.scheduleDifferences(), o.exitStatus(), o.notes());
  }
}
