package org.scansim.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.scansim.grade.Assignment;
import org.scansim.grade.AssignmentReader;
import org.scansim.grade.AutograderZip;
import org.scansim.grade.Batch;
import org.scansim.grade.GradeException;
import org.scansim.grade.GradescopeRun;
import org.scansim.grade.Graded;
import org.scansim.grade.Grader;
import org.scansim.grade.SummaryCsv;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code scansim grade SUBMISSION.cu|DIR --spec ASSIGNMENT.json [--out DIR]}: the autograder. */
@Command(
    name = "grade",
    mixinStandardHelpOptions = true,
    description = {
      "Grades student scan kernels (untrusted) against an assignment spec.",
      "The spec's format is in examples/grading/README.md. Compiles each submission, checks that it defines the spec's entry,"
          + " runs it at every size with every checker on, and scores correctness, races, barrier divergence, bounds,"
          + " initialisation, work efficiency and bank conflicts.",
      "Writes OUT/<name>/results.json (Gradescope's format) and OUT/<name>/report.txt per submission, and OUT/summary.csv for"
          + " a folder; a single file's report is also printed. Exit code 0 whenever grading ran, whatever the scores; 2 for a"
          + " bad spec or usage.",
      "With --gradescope SUBMISSION_DIR RESULTS_JSON, grades one student's folder as Gradescope's run_autograder does: the"
          + " file the spec names, or the one .cu file in the folder, and always writes RESULTS_JSON (0 points and the reason"
          + " when there is nothing to grade).",
      "With --autograder ASSIGNMENT.json -o autograder.zip, makes the zip to upload as a Gradescope autograder"
          + " (examples/grading/README.md, step by step).",
      ""
    })
final class GradeCommand implements Callable<Integer> {
  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @Parameters(index = "0", arity = "0..1", paramLabel = "SUBMISSION.cu|DIR",
      description = "one submission, or a folder whose .cu files are the submissions (with --gradescope: one student's folder)")
  Path input;

  @Parameters(index = "1", arity = "0..1", paramLabel = "RESULTS_JSON",
      description = "with --gradescope: where results.json goes (Gradescope's is /autograder/results/results.json)")
  Path results;

  @Option(names = "--gradescope", description = "grade one student's submission folder and always write RESULTS_JSON")
  boolean gradescope;

  @Option(names = "--spec", paramLabel = "ASSIGNMENT.json", description = "the assignment spec")
  Path specFile;

  @Option(names = "--autograder", paramLabel = "ASSIGNMENT.json",
      description = "make a Gradescope autograder for this spec (with -o ZIP) instead of grading")
  Path autograder;

  @Option(names = {"-o", "--output"}, paramLabel = "ZIP", description = "with --autograder: the zip to write")
  Path zip;

  @Option(names = "--out", paramLabel = "DIR", defaultValue = "grade-results",
      description = "folder for the results, created if needed; never an input or a folder holding one (default: ${DEFAULT-VALUE})")
  Path out;

  @Override
  public Integer call() {
    PrintWriter stdout = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    if (autograder != null || zip != null) {
      return autograder(stdout, err);
    }
    if (input == null || specFile == null) {
      err.println("scansim: error: " + (input == null ? "grade needs SUBMISSION.cu|DIR" : "grade needs --spec ASSIGNMENT.json")
          + ": scansim grade SUBMISSION.cu|DIR --spec ASSIGNMENT.json (scansim grade --help)");
      return Main.INVALID_INPUT;
    }
    if (gradescope || results != null) {
      return gradescope(stdout, err);
    }
    Assignment assignment;
    Batch.Plan plan;
    try {
      assignment = AssignmentReader.read(specFile);
      plan = Batch.plan(input);
      Batch.checkOutput(out, input, specFile);
      Batch.checkTargets(out, plan);
    } catch (GradeException e) {
      e.problems().forEach(err::println);
      err.flush();
      return Main.INVALID_INPUT;
    }
    List<Graded> graded = new ArrayList<>();
    Grader grader = new Grader(assignment);
    try (GradeProgress progress = new GradeProgress(plan.submissions().size(), assignment.sizes().size(),
        TerminalProgress.standardErrorIsATerminal(), System.err)) {
      grader.onSize(progress::size);
      for (Batch.Submission s : plan.submissions()) {
        progress.submission(s.name());
        Graded g = grader.grade(s.file(), s.name());
        progress.submissionDone();
        graded.add(g);
        try {
          Batch.write(out, s, g);
        } catch (IOException e) {
          progress.beforeLine();
          err.println("scansim: error: cannot write the results of " + s.name() + " under " + out + ": " + e.getMessage());
          return Main.INVALID_INPUT;
        }
        progress.beforeLine();
        if (plan.folder()) {
          stdout.println(s.name() + ": " + g.results().score().toPlainString() + " / " + g.results().maxScore().toPlainString());
        } else {
          stdout.print(g.report());
        }
        stdout.flush();
      }
    }
    if (plan.folder()) {
      try {
        Batch.writeSummary(out, SummaryCsv.render(grader.testNames(), graded));
      } catch (IOException e) {
        err.println("scansim: error: cannot write " + out.resolve(Batch.SUMMARY) + ": " + e.getMessage());
        return Main.INVALID_INPUT;
      }
      stdout.println("wrote " + out.resolve(Batch.SUMMARY) + " and a results folder per submission under " + out);
    }
    return Main.OK;
  }

  /** {@code --autograder SPEC -o ZIP}: the zip an instructor uploads to Gradescope ({@link AutograderZip}). */
  private int autograder(PrintWriter stdout, PrintWriter err) {
    if (autograder == null || zip == null) {
      err.println("scansim: error: " + (autograder == null ? "-o ZIP goes with --autograder" : "--autograder needs -o ZIP")
          + ": scansim grade --autograder ASSIGNMENT.json -o autograder.zip");
      return Main.INVALID_INPUT;
    }
    if (input != null || results != null || gradescope || specFile != null) {
      err.println("scansim: error: --autograder takes the spec alone (no submission, --spec or --gradescope):"
          + " scansim grade --autograder ASSIGNMENT.json -o autograder.zip");
      return Main.INVALID_INPUT;
    }
    Path jar = runningJar();
    byte[] thirdParty;
    try (java.io.InputStream in = GradeCommand.class.getResourceAsStream("/THIRD-PARTY.txt")) {
      thirdParty = in == null ? null : in.readAllBytes();
    } catch (IOException e) {
      thirdParty = null;
    }
    if (jar == null || thirdParty == null) {
      err.println("scansim: error: the autograder holds the jar scansim runs from, and this scansim runs from classes, not a"
          + " release: run ./scansim, or the release's bin/scansim");
      return Main.INVALID_INPUT;
    }
    if (!Outputs.mayWrite(zip, AutograderZip.ZIP_FILE, err)) {
      return Main.INVALID_INPUT;
    }
    byte[] bytes;
    try {
      bytes = AutograderZip.of(autograder, jar, thirdParty);
    } catch (GradeException e) {
      e.problems().forEach(err::println);
      return Main.INVALID_INPUT;
    } catch (IOException e) {
      err.println("scansim: error: cannot make the autograder: " + e.getMessage());
      return Main.INVALID_INPUT;
    }
    if (!Outputs.writeBytes(zip, AutograderZip.ZIP_FILE, err, () -> bytes)) {
      return Main.INVALID_INPUT;
    }
    stdout.println("wrote " + zip + " (" + (bytes.length + 1023) / 1024 + " KiB): on Gradescope, the assignment's Configure"
        + " Autograder page, upload it as a zip file with the Ubuntu 22.04 base image");
    return Main.OK;
  }

  /** The jar this scansim runs from, or null when it runs from classes (a build's tests). */
  private static Path runningJar() {
    try {
      java.security.CodeSource src = GradeCommand.class.getProtectionDomain().getCodeSource();
      Path p = src == null ? null : Path.of(src.getLocation().toURI());
      return p != null && java.nio.file.Files.isRegularFile(p) && p.getFileName().toString().endsWith(".jar") ? p : null;
    } catch (java.net.URISyntaxException | IllegalArgumentException | SecurityException e) {
      return null;
    }
  }

  /** {@code --gradescope SUBMISSION_DIR RESULTS_JSON}: one folder, one results file, always. */
  private int gradescope(PrintWriter stdout, PrintWriter err) {
    if (!gradescope || results == null) {
      err.println("scansim: error: RESULTS_JSON goes with --gradescope: scansim grade --gradescope SUBMISSION_DIR RESULTS_JSON"
          + " --spec ASSIGNMENT.json");
      return Main.INVALID_INPUT;
    }
    try {
      Batch.checkResultsFile(results, input, specFile);
    } catch (GradeException e) {
      e.problems().forEach(err::println);
      return Main.INVALID_INPUT;
    }
    GradescopeRun.Outcome o = GradescopeRun.grade(input, specFile);
    try {
      GradescopeRun.write(results, o.results());
    } catch (IOException e) {
      err.println("scansim: error: cannot write " + results + ": " + e.getMessage());
      return Main.INVALID_INPUT;
    }
    stdout.print(o.report());
    stdout.println("wrote " + results);
    return o.specProblem() ? Main.INVALID_INPUT : Main.OK;
  }
}
