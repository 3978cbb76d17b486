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
   * changes nothing the user gave), or that is a folder.
   */
  public static void checkResultsFile(Path results, Path folder, Path spec) throws GradeException {
    if (Files.isDirectory(results, LinkOption.NOFOLLOW_LINKS)) {
      throw new GradeException(results + ": error: is a folder; RESULTS_JSON is the file to write, such as results/results.json");
    }
    Path r = canonical(results);
    if (r.equals(canonical(spec))) {
      throw new GradeException(results + ": error: is the spec (" + spec + "); choose another RESULTS_JSON");
    }
    if (r.startsWith(canonical(folder))) {
      throw new GradeException(results + ": error: is inside the submission's folder (" + folder + "), which grading never"
          + " changes; choose another RESULTS_JSON");
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

  /** Writes a submission's {@code results.json} and {@code report.txt} under {@code out}. */
  public static void write(Path out, Submission s, Graded g) throws IOException {
    Path dir = out.resolve(s.folder());
    if (Files.isSymbolicLink(dir)) {
      throw new IOException(dir + " is a link; refusing to write through it");
    }
    Files.createDirectories(dir);
    writeFile(dir.resolve(RESULTS), g.results().toJson());
    writeFile(dir.resolve(REPORT), g.report());
  }

  public static void writeSummary(Path out, String csv) throws IOException {
    Files.createDirectories(out);
    writeFile(out.resolve(SUMMARY), csv);
  }

  /** Replaces a file the grader wrote before; never follows a link planted in the output folder. */
  private static void writeFile(Path p, String text) throws IOException {
    if (Files.isSymbolicLink(p) || Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
      throw new IOException(p + " is a link or a folder; refusing to write through it");
    }
    Files.writeString(p, text, StandardCharsets.UTF_8);
  }
}
