package org.scansim.grade;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.Set;
import org.scansim.files.OutputFiles;

/**
 * A Gradescope autograder: the zip an instructor uploads on an assignment's "Configure
 * Autograder" page. Gradescope unpacks it into {@code /autograder/source} and runs {@code setup.sh}
 * there once (it installs a Java runtime, {@code openjdk-17-jre-headless}, where none is), then for
 * each submission runs {@code run_autograder} from {@code /autograder}, which grades
 * {@code /autograder/submission} against the spec and always writes
 * {@code /autograder/results/results.json} ({@link GradescopeRun}).
 *
 * <p>Inside: {@code run_autograder}, {@code setup.sh}, {@code assignment.json} (the spec's bytes)
 * and the release, {@code scansim/} (its launcher {@code bin/scansim}, which never builds,
 * {@code lib/scansim.jar}, the jar that made the zip, and {@code THIRD-PARTY.txt}). The scripts
 * are executable; every entry has the same time, so the same spec and jar give the same bytes.
 */
public final class AutograderZip {
  /** An autograder zip as this class writes it: its first entry is {@code run_autograder}. */
  public static final OutputFiles.Output ZIP_FILE = new OutputFiles.Output("an autograder zip",
      p -> OutputFiles.head(p).startsWith("PK") && OutputFiles.head(p).contains("run_autograder"));

  /** Every entry's time: fixed, for the same bytes from the same inputs. */
  private static final FileTime TIME = FileTime.fromMillis(946_684_800_000L); // 2000-01-01T00:00:00Z

  private static final Set<PosixFilePermission> EXECUTABLE = PosixFilePermissions.fromString("rwxr-xr-x");
  private static final Set<PosixFilePermission> READABLE = PosixFilePermissions.fromString("rw-r--r--");

  private AutograderZip() {}

  /**
   * The zip's bytes for {@code spec}, which must read without errors ({@link AssignmentReader}),
   * with {@code jar} as the release's jar and {@code thirdParty} as its licence list.
   */
  public static byte[] of(Path spec, Path jar, byte[] thirdParty) throws GradeException, IOException {
    AssignmentReader.read(spec); // every problem of the spec now, not on Gradescope
    Path tmp = Files.createTempFile("scansim-autograder", ".zip");
    try {
      Files.delete(tmp);
      try (FileSystem zip = FileSystems.newFileSystem(URI.create("jar:" + tmp.toUri()),
          Map.of("create", "true", "enablePosixFileAttributes", "true"))) {
        put(zip, "run_autograder", resource("run_autograder"), EXECUTABLE);
        put(zip, "setup.sh", resource("setup.sh"), EXECUTABLE);
        put(zip, "assignment.json", Files.readAllBytes(spec), READABLE);
        put(zip, "scansim/bin/scansim", resource("scansim"), EXECUTABLE);
        put(zip, "scansim/lib/scansim.jar", Files.readAllBytes(jar), READABLE);
        put(zip, "scansim/THIRD-PARTY.txt", thirdParty, READABLE);
      }
      return Files.readAllBytes(tmp);
    } finally {
      Files.deleteIfExists(tmp);
    }
  }

  /** The release's launcher, as the release archive has it in {@code bin/}. */
  public static byte[] launcher() throws IOException {
    return resource("scansim");
  }

  private static void put(FileSystem zip, String name, byte[] bytes, Set<PosixFilePermission> mode) throws IOException {
    Path p = zip.getPath(name);
    if (p.getParent() != null) {
      Path d = zip.getPath("/");
      for (Path part : p.getParent()) {
        d = d.resolve(part.toString());
        if (!Files.exists(d)) {
          Files.createDirectory(d);
          Files.setPosixFilePermissions(d, EXECUTABLE);
          stamp(d);
        }
      }
    }
    Files.write(p, bytes);
    Files.setPosixFilePermissions(p, mode);
    stamp(p);
  }

  /** Every time of an entry (modified, accessed, created: the zip's extended timestamps) the fixed one. */
  private static void stamp(Path p) throws IOException {
    Files.getFileAttributeView(p, java.nio.file.attribute.BasicFileAttributeView.class).setTimes(TIME, TIME, TIME);
  }

  private static byte[] resource(String name) throws IOException {
    try (InputStream in = AutograderZip.class.getResourceAsStream("release/" + name)) {
      if (in == null) {
        throw new IOException("the release's " + name + " is missing from scansim's classes");
      }
      return in.readAllBytes();
    }
  }
}
