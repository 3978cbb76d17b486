package org.scansim.grade;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.ZoneId;
import org.apache.commons.compress.archivers.zip.ZipArchiveEntry;
import org.apache.commons.compress.archivers.zip.ZipArchiveOutputStream;
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
 * are executable (Unix modes, written with Apache Commons Compress); every entry has the same
 * time, 2000-01-01 00:00 as a zip stores it (local time, no time zone), so the same spec and jar
 * give the same bytes on any machine.
 */
public final class AutograderZip {
  /** An autograder zip as this class writes it: its first entry is {@code run_autograder}. */
  public static final OutputFiles.Output ZIP_FILE = new OutputFiles.Output("an autograder zip",
      p -> OutputFiles.head(p).startsWith("PK") && OutputFiles.head(p).contains("run_autograder"));

  /** Regular files' and folders' modes: the type bits with rwxr-xr-x or rw-r--r--. */
  private static final int EXECUTABLE = 0100755;
  private static final int READABLE = 0100644;
  private static final int FOLDER = 040755;

  private AutograderZip() {}

  /**
   * The zip's bytes for {@code spec}, which must read without errors ({@link AssignmentReader}),
   * with {@code jar} as the release's jar and {@code thirdParty} as its licence list.
   */
  public static byte[] of(Path spec, Path jar, byte[] thirdParty) throws GradeException, IOException {
    AssignmentReader.read(spec); // every problem of the spec now, not on Gradescope
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ZipArchiveOutputStream zip = new ZipArchiveOutputStream(bytes)) {
      put(zip, "run_autograder", resource("run_autograder"), EXECUTABLE);
      put(zip, "setup.sh", resource("setup.sh"), EXECUTABLE);
      put(zip, "assignment.json", Files.readAllBytes(spec), READABLE);
      put(zip, "scansim/", null, FOLDER);
      put(zip, "scansim/bin/", null, FOLDER);
      put(zip, "scansim/bin/scansim", resource("scansim"), EXECUTABLE);
      put(zip, "scansim/lib/", null, FOLDER);
      put(zip, "scansim/lib/scansim.jar", Files.readAllBytes(jar), READABLE);
      put(zip, "scansim/THIRD-PARTY.txt", thirdParty, READABLE);
    }
    return bytes.toByteArray();
  }

  private static void put(ZipArchiveOutputStream zip, String name, byte[] content, int mode) throws IOException {
    ZipArchiveEntry e = new ZipArchiveEntry(name);
    e.setUnixMode(mode);
    // A zip's time is local time: the instant that is 2000-01-01 00:00 here is stored as that, whatever the zone.
    e.setTime(LocalDateTime.of(2000, 1, 1, 0, 0).atZone(ZoneId.systemDefault()).toInstant().toEpochMilli());
    zip.putArchiveEntry(e);
    if (content != null) {
      zip.write(content);
    }
    zip.closeArchiveEntry();
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
