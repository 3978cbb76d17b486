package org.scansim.grade;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Optional;
import org.scansim.frontend.Frontend;
import org.scansim.frontend.diag.Diagnostic;
import org.scansim.frontend.diag.DiagnosticPrinter;
import org.scansim.frontend.diag.SourceFile;
import org.scansim.frontend.pp.IncludeLoader;
import org.scansim.sim.check.Check;
import org.scansim.sim.exec.Fault;
import org.scansim.sim.run.ScanRun;

/**
 * Grades one submission against an assignment: reads it, compiles it on a watched thread, checks
 * that it defines the entry, runs it at every size with every checker on, and scores what it
 * observed ({@link Scoring}). Nothing a submission does escapes {@link #grade}: every failure,
 * {@link StackOverflowError} and {@link OutOfMemoryError} included, becomes a graded result.
 *
 * <p>What a submission can reach: the front end knows no file, process or network call (an
 * undeclared {@code fopen} or {@code system} is a compile error), quoted {@code #include}s are
 * refused (they could read the grader's files), and a run sees only the simulated device within
 * the spec's budgets.
 */
public final class Grader {
  private final Assignment assignment;

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

  /** Grades {@code file}, reported under {@code name} (a path relative to what the user gave). Never throws. */
  public Graded grade(Path file, String name) {
    try {
      Evidence e = observe(file, name);
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

  private Evidence observe(Path file, String name) {
    String text;
    try {
      text = read(file);
    } catch (IOException e) {
      return new Evidence(name, false, name + ": " + e.getMessage() + "\n", null, List.of());
    }
    SourceFile source = new SourceFile(name, text);
    Watchdog.Ended<Frontend.Result> c = Watchdog.run("scansim-grade-compile", assignment.budgets().compileSeconds(),
        () -> Frontend.compile(source, new LinkedHashMap<>(assignment.defines()), IncludeLoader.NONE));
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
      return new Evidence(name, false, diagnostics + errors + (errors == 1 ? " error" : " errors") + " generated.\n", null, List.of());
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

  /** Reads the file as the front end would: bounded in size, UTF-8 only. */
  private static String read(Path file) throws IOException {
    if (!Files.isRegularFile(file)) {
      throw new IOException("not a regular file");
    }
    if (Files.size(file) > Frontend.MAX_SOURCE_BYTES) {
      throw new IOException("file is larger than " + (Frontend.MAX_SOURCE_BYTES >> 20) + " MiB");
    }
    try {
      return StandardCharsets.UTF_8.newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(java.nio.ByteBuffer.wrap(Files.readAllBytes(file)))
          .toString();
    } catch (CharacterCodingException e) {
      throw new IOException("not a UTF-8 text file");
    }
  }

  private List<Evidence.SizeRun> runAll(Frontend.Result r) {
    List<Evidence.SizeRun> runs = new ArrayList<>();
    boolean stop = false;
    for (int n : assignment.sizes()) {
      if (stop) {
        runs.add(Evidence.SizeRun.notRun(n));
        continue;
      }
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
    }
    return runs;
  }

  private ScanRun.Outcome runOnce(Frontend.Result r, int n) throws ScanRun.UsageException {
    Assignment a = assignment;
    ScanRun.Options options = new ScanRun.Options(Check.all(), 0, Math.round(a.budgets().wallSeconds() * 1000), false,
        a.budgets().deviceBytes());
    // One thread per run: results do not depend on it, and grading many submissions stays one core's work.
    ScanRun.Request req = new ScanRun.Request(a.entry().name(), n, a.arch(), a.scan(), 0, a.budgets().maxWarpInstructions(), 1, 0,
        options);
    return a.entry().kernel() ? ScanRun.runKernel(r, req, a.launch().at(n)) : ScanRun.run(r, req);
  }
}
