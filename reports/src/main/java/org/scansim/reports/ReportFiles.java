package org.scansim.reports;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;

/** Writing a report file: whole or not at all, and readable by all, whichever command writes it. */
public final class ReportFiles {
  private ReportFiles() {}

  /**
   * Writes {@code text} to {@code p} through a temporary file beside it and a move, so that a
   * reader never sees half a report; the file is rw-r--r-- as a report should be (a temporary
   * file starts as rw-------, which is how --json and --svg files were left).
   */
  public static void writeWhole(Path p, String text) throws IOException {
    Path dir = p.toAbsolutePath().getParent();
    Path tmp = Files.createTempFile(dir, ".scansim-", ".tmp");
    try {
      Files.writeString(tmp, text, StandardCharsets.UTF_8);
      if (tmp.getFileSystem().supportedFileAttributeViews().contains("posix")) {
        Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rw-r--r--"));
      }
      Files.move(tmp, p, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } finally {
      Files.deleteIfExists(tmp);
    }
  }
}
