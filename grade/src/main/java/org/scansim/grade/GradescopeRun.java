package org.scansim.grade;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.FileVisitOption;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.scansim.frontend.pp.IncludeLoader;

/**
 * Gradescope's way of grading: one student's submission folder in, one {@code results.json} out,
 * always. The submission is the file the spec names ({@code "file"}), or else the one {@code .cu}
 * file anywhere in the folder; anything else (no such file, several {@code .cu} files, a spec
 * that cannot be read, a failure of the grader itself) still writes a results file, with 0
 * points and the reason in words a student can act on, so that Gradescope never shows
 * "autograder failed" without one. Quoted includes are read from the submission's folder and
 * nowhere else.
 */
public final class GradescopeRun {
  /** How deep the folder is searched, and how many entries at most: a bound for hostile uploads. */
  static final int MAX_DEPTH = 16;
  static final int MAX_ENTRIES = 10_000;

  private GradescopeRun() {}

  /** What grading gave: the results to write, and the report to print (for the instructor's log). */
  public record Outcome(GradescopeResults results, String report, boolean specProblem) {}

  /**
   * Grades the submission in {@code folder} against the spec at {@code spec}. Never throws:
   * every failure is an outcome of 0 points with its reason.
   */
  public static Outcome grade(Path folder, Path spec) {
    long start = System.nanoTime();
    Outcome o;
    try {
      o = gradeUntimed(folder, spec);
    } catch (Throwable t) { // the results file must be written whatever happened
      o = failure("The autograder stopped with an internal error (" + t.getClass().getSimpleName() + "); please tell the course"
          + " staff. Your submission was not graded.", true);
    }
    long seconds = (System.nanoTime() - start + 999_999_999L) / 1_000_000_000L;
    return new Outcome(o.results().withExecutionTime(seconds), o.report(), o.specProblem());
  }

  private static Outcome gradeUntimed(Path folder, Path spec) {
    Assignment a;
    try {
      a = AssignmentReader.read(spec);
    } catch (GradeException e) {
      return failure("The autograder's assignment spec cannot be read, so nothing was graded; this is the course staff's"
          + " error, not yours. Please tell them:\n" + String.join("\n", e.problems()), true);
    }
    if (!Files.isDirectory(folder)) {
      return failure("The autograder found no submission folder: " + folder + (Files.exists(folder) ? " is a file, and"
          + " --gradescope takes the student's folder" : " does not exist") + "; please tell the course staff.", true);
    }
    Path root;
    try {
      root = folder.toRealPath();
    } catch (IOException e) {
      return failure("The submission folder cannot be read (" + e.getMessage() + "); please tell the course staff.", true);
    }
    Path file;
    if (a.file() != null) {
      file = root.resolve(a.file());
      if (!Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
        return zero(a, "Your submission has no file " + a.file() + ", which this assignment asks for. " + holds(root));
      }
    } else {
      List<Path> cu;
      try {
        cu = files(root).stream().filter(p -> p.getFileName().toString().endsWith(".cu")).toList();
      } catch (IOException | java.io.UncheckedIOException e) {
        return zero(a, "Your submission's folder cannot be read (" + e.getMessage() + ").");
      }
      if (cu.isEmpty()) {
        return zero(a, "Your submission has no .cu file; upload your kernel as one file whose name ends in .cu. " + holds(root));
      }
      if (cu.size() > 1) {
        return zero(a, "Your submission has " + (cu.size() > MAX_ENTRIES ? "more than " + MAX_ENTRIES : cu.size()) + " .cu files ("
            + names(root, cu) + "); upload exactly one, the"
            + " file with your kernel.");
      }
      file = cu.get(0);
    }
    String name = root.relativize(file).toString();
    Graded g = new Grader(a).grade(file, name, root, IncludeLoader.within(root));
    return new Outcome(g.results(), g.report(), false);
  }

  /**
   * Every entry under the folder but the folder itself (links included, not followed), sorted,
   * within the bounds, leaving out what an archiver adds beside the student's files: macOS's
   * {@code __MACOSX/} folder and {@code ._NAME} files, and hidden files.
   */
  private static List<Path> entries(Path root) throws IOException {
    List<Path> out = new ArrayList<>();
    try (Stream<Path> s = Files.walk(root, MAX_DEPTH, new FileVisitOption[0])) {
      // The folder itself first, then one past the bound: a count that reached it reads "more than" (10,000 files read as 9999).
      s.limit(10L * MAX_ENTRIES).filter(p -> !p.equals(root) && !archiverLeftover(root.relativize(p))).limit(MAX_ENTRIES + 1)
          .forEach(out::add); // the walk bounded too, whatever is left out (hidden files, __MACOSX)
    }
    out.sort(null);
    return out;
  }

  private static boolean archiverLeftover(Path relative) {
    for (Path part : relative) {
      String name = part.toString();
      if (name.equals("__MACOSX") || name.startsWith(".")) {
        return true;
      }
    }
    return false;
  }

  /** The files under the folder (not folders): where the submission is looked for. */
  private static List<Path> files(Path root) throws IOException {
    return entries(root).stream().filter(p -> !Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)).toList();
  }

  private static String holds(Path root) {
    try {
      List<Path> all = entries(root);
      return all.isEmpty() ? "The upload is empty." : "It holds: " + names(root, all) + ".";
    } catch (IOException | java.io.UncheckedIOException e) {
      return "";
    }
  }

  /** Up to ten entries by their path in the folder, a folder's with a trailing slash ("x.cu/" is not a file). */
  private static String names(Path root, List<Path> entries) {
    List<String> names = entries.stream().limit(10)
        .map(p -> root.relativize(p) + (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS) ? "/" : "")).toList();
    return String.join(", ", names) + (entries.size() > MAX_ENTRIES ? " and more than " + (MAX_ENTRIES - 10) + " more"
        : entries.size() > 10 ? " and " + (entries.size() - 10) + " more" : "");
  }

  /** Every test of the assignment at 0 with the reason: the submission was found wanting before grading. */
  private static Outcome zero(Assignment a, String why) {
    Graded g = Scoring.notGraded(a, why);
    return new Outcome(g.results(), g.report(), false);
  }

  /** No assignment to list tests from: 0 points and the reason, at the top level. */
  private static Outcome failure(String why, boolean specProblem) {
    GradescopeResults r = new GradescopeResults(BigDecimal.ZERO, BigDecimal.ZERO, null, Scoring.clean(why + "\n"), "visible",
        "hidden", null, List.of());
    return new Outcome(r, why + "\n", specProblem);
  }

  /** Writes the results file whole (a temporary file beside it, then a move), readable by all. */
  public static void write(Path results, GradescopeResults r) throws IOException {
    Path dir = results.toAbsolutePath().getParent();
    Files.createDirectories(dir);
    org.scansim.files.OutputFiles.write(results, r.toJson(), Batch.RESULTS_FILE);
  }
}
