package org.scansim.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.scansim.grade.Assignment;
import org.scansim.grade.AssignmentReader;
import org.scansim.grade.Batch;
import org.scansim.grade.GradeException;
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
      "The spec's format is in examples/grading/README.md. Compiles each",
      "submission, checks that it defines the spec's entry, runs it at every",
      "size with every checker on, and scores correctness, races, barrier",
      "divergence, bounds, initialisation, work efficiency and bank conflicts.",
      "Writes OUT/<name>/results.json (Gradescope's format) and",
      "OUT/<name>/report.txt per submission, and OUT/summary.csv for a folder;",
      "a single file's report is also printed. Exit code 0 whenever grading ran,",
      "whatever the scores; 2 for a bad spec or usage.",
      ""
    })
final class GradeCommand implements Callable<Integer> {
  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @Parameters(index = "0", paramLabel = "SUBMISSION.cu|DIR",
      description = "one submission, or a folder whose .cu files are the submissions")
  Path input;

  @Option(names = "--spec", required = true, paramLabel = "ASSIGNMENT.json", description = "the assignment spec")
  Path specFile;

  @Option(names = "--out", paramLabel = "DIR", defaultValue = "grade-results",
      description = "folder for the results, created if needed; never an input or a folder holding one (default: ${DEFAULT-VALUE})")
  Path out;

  @Override
  public Integer call() {
    PrintWriter stdout = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    Assignment assignment;
    Batch.Plan plan;
    try {
      assignment = AssignmentReader.read(specFile);
      plan = Batch.plan(input);
      Batch.checkOutput(out, input, specFile);
    } catch (GradeException e) {
      e.problems().forEach(err::println);
      err.flush();
      return Main.INVALID_INPUT;
    }
    Grader grader = new Grader(assignment);
    List<Graded> graded = new ArrayList<>();
    for (Batch.Submission s : plan.submissions()) {
      Graded g = grader.grade(s.file(), s.name());
      graded.add(g);
      try {
        Batch.write(out, s, g);
      } catch (IOException e) {
        err.println("scansim: error: cannot write the results of " + s.name() + " under " + out + ": " + e.getMessage());
        return Main.INVALID_INPUT;
      }
      if (plan.folder()) {
        stdout.println(s.name() + ": " + g.results().score().toPlainString() + " / " + g.results().maxScore().toPlainString());
      } else {
        stdout.print(g.report());
      }
      stdout.flush();
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
}
