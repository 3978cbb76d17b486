package org.scansim.grade;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.scansim.files.OutputFiles;
import org.scansim.files.OutputFiles.Output;

/**
 * The files of a grading: which submissions a path names, where each one's results go, and the
 * checks that keep the user's files safe. The output folder may not be (or contain) the spec or a
 * submission; only {@code results.json}, {@code report.txt} and {@code summary.csv} are written,
 * into the output folder, which is created if needed. A submission file is only read.
 */
public final class Batch {
  public static final String RESULTS = "results.json";
  public static final String REPORT = "report.txt";
  public static final String SUMMARY = "summary.csv";

  /** A submission's results file, as grade writes it (also --gradescope's RESULTS_JSON). */
  public static final Output RESULTS_FILE = new Output("a results file",
      p -> OutputFiles.head(p).stripLeading().startsWith("{") && OutputFiles.head(p).contains("\"score\""));
  /** A submission's report, as grade writes it. */
  static final Output REPORT_FILE = Output.startingWith("a grading report", "scansim grade ");
  /** The summary of a folder of submissions, as grade writes it. */
  static final Output SUMMARY_FILE = Output.startingWith("a grading summary", "submission,score,max_score");

  /**
   * One submission: the file, its name as reported (relative to the given path), and the
   * folder under the output folder that holds its results.
   */
  public record Submission(Path file, String name, String folder) {}

  /** What a path names: one file, or every {@code .cu} file (or link) directly in a folder, by file name. */
  public record Plan(boolean folder, List<Submission> submissions) {}

  private Batch() {}

  public static Plan plan(Path input) throws GradeException {
    // A link that is not to a folder is one submission (graded with a result that says it was not read).
    if (Files.isRegularFile(input) || (Files.isSymbolicLink(input) && !Files.isDirectory(input))) {
      String name = input.getFileName().toString();
      return new Plan(false, List.of(new Submission(input, name, folderName(name, new HashSet<>()))));
    }
    if (!Files.isDirectory(input)) {
      throw new GradeException(input + ": error: no such file or folder");
    }
    List<Path> files;
    try (Stream<Path> s = Files.list(input)) {
      // Links too (not followed here): grading one that leaves the folder gives its student a
      // result that says so, rather than skipping it without a word.
      // Folders named like one too: each gets a result that says it is a folder, not a silence.
      files = s.filter(p -> p.getFileName().toString().endsWith(".cu"))
          .sorted(Comparator.comparing(p -> p.getFileName().toString()))
          .toList();
    } catch (IOException e) {
      throw new GradeException(input + ": error: cannot list the folder: " + e.getMessage());
    }
    if (files.isEmpty()) {
      throw new GradeException(input + ": error: no .cu files in this folder");
    }
    Set<String> used = new HashSet<>();
    List<Submission> out = new ArrayList<>();
    for (Path f : files) {
      String name = f.getFileName().toString();
      out.add(new Submission(f, name, folderName(name, used)));
    }
    return new Plan(true, out);
  }

  /**
   * The results folder of a submission: its file name without {@code .cu}, with anything but
   * letters, digits, {@code . _ + -} replaced and no leading dot (a file named {@code ...cu} must
   * not write into the output folder's parent), made unique with {@code -2}, {@code -3}, ...
   */
  static String folderName(String fileName, Set<String> used) {
    String stem = fileName.endsWith(".cu") ? fileName.substring(0, fileName.length() - 3) : fileName;
    String safe = stem.replaceAll("[^A-Za-z0-9._+-]", "_");
    if (safe.isEmpty() || safe.startsWith(".")) {
      safe = "_" + safe;
    }
    if (safe.equals(SUMMARY)) {
      safe = "_" + safe;
    }
    String name = safe;
    for (int k = 2; !used.add(name.toLowerCase(java.util.Locale.ROOT)); k++) {
      name = safe + "-" + k;
    }
    return name;
  }

  /**
   * Refuses an output folder that is an input (a submission, the submissions' folder, the spec)
   * or contains one, or that exists and is not a folder.
   */
  public static void checkOutput(Path out, Path input, Path spec) throws GradeException {
    if (Files.exists(out, LinkOption.NOFOLLOW_LINKS) && !Files.isDirectory(out)) {
      throw new GradeException(out + ": error: exists and is not a folder; refusing to write results there");
    }
    Path o = canonical(out);
    for (Path given : List.of(input, spec)) {
      Path g = canonical(given);
      if (g.equals(o)) {
        throw new GradeException(out + ": error: is one of the inputs (" + given + "); choose another --out");
      }
      if (g.startsWith(o)) {
        throw new GradeException(out + ": error: contains an input (" + given + "); choose another --out");
      }
    }
  }

  /**
   * Refuses a results file that is the spec or lies inside the submission's folder (grading
   * changes nothing the user gave), or that is not a file grade may write ({@link OutputFiles}).
   */
  public static void checkResultsFile(Path results, Path folder, Path spec) throws GradeException {
    Path r = canonical(results);
    if (r.equals(canonical(spec))) {
      throw new GradeException(results + ": error: is the spec (" + spec + "); choose another RESULTS_JSON");
    }
    if (r.startsWith(canonical(folder))) {
      throw new GradeException(results + ": error: is inside the submission's folder (" + folder + "), which grading never"
          + " changes; choose another RESULTS_JSON");
    }
    if (Files.exists(results, LinkOption.NOFOLLOW_LINKS)) {
      String no = OutputFiles.refusal(results, RESULTS_FILE);
      if (no != null) {
        throw new GradeException("scansim: error: " + no);
      }
    }

  }

  /** The real path of what exists, the normalised absolute path of the rest (resolved from its nearest existing parent). */
  private static Path canonical(Path p) {
    Path abs = p.toAbsolutePath().normalize();
    Path existing = abs;
    Path rest = abs.getFileSystem().getPath("");
    while (existing != null && !Files.exists(existing)) {
      rest = existing.getFileName().resolve(rest);
      existing = existing.getParent();
    }
    if (existing == null) {
      return abs;
    }
    try {
      return existing.toRealPath().resolve(rest).normalize();
    } catch (IOException e) {
      return abs;
    }
  }

  /**
   * Refuses, before anything is graded, an output that grading would have to write over: a
   * submission's folder under {@code out} that is a link or a file, and a results file, report
   * or summary there that is a link, a pipe, a device, a folder or a file grade did not write.
   */
  public static void checkTargets(Path out, Plan plan) throws GradeException {
    List<String> problems = new ArrayList<>();
    for (Submission s : plan.submissions()) {
      Path dir = out.resolve(s.folder());
      if (Files.exists(dir, LinkOption.NOFOLLOW_LINKS) && !Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
        problems.add(dir + ": error: exists and is not a folder (a link or a file); refusing to write results there");
        continue;
      }
      if (Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
        target(dir.resolve(RESULTS), RESULTS_FILE, problems);
        target(dir.resolve(REPORT), REPORT_FILE, problems);
      }
    }
    if (plan.folder() && Files.isDirectory(out)) {
      target(out.resolve(SUMMARY), SUMMARY_FILE, problems);
    }
    if (!problems.isEmpty()) {
      throw new GradeException(problems);
    }
  }

  private static void target(Path p, Output o, List<String> problems) {
    String no = OutputFiles.refusal(p, o);
    if (no != null) {
      problems.add("scansim: error: " + no);
    }
  }

  /** Writes a submission's {@code results.json} and {@code report.txt} under {@code out}. */
  public static void write(Path out, Submission s, Graded g) throws IOException {
    Path dir = out.resolve(s.folder());
    if (Files.isSymbolicLink(dir)) {
      throw new IOException(dir + " is a link; refusing to write through it");
    }
    Files.createDirectories(dir);
    OutputFiles.write(dir.resolve(RESULTS), g.results().toJson(), RESULTS_FILE);
    OutputFiles.write(dir.resolve(REPORT), g.report(), REPORT_FILE);
  }

  public static void writeSummary(Path out, String csv) throws IOException {
    Files.createDirectories(out);
    OutputFiles.write(out.resolve(SUMMARY), csv, SUMMARY_FILE);
  }

}
