package org.scansim.grade;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.TimeZone;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The autograder zip is the same bytes in any time zone (a zip stores local time), with its scripts executable. */
class AutograderZipTest {
  @TempDir
  Path dir;

  @Test
  void theSameInputsGiveTheSameBytesInEveryTimeZone() throws Exception {
    Path jar = Files.write(dir.resolve("scansim.jar"), new byte[] {1, 2, 3});
    TimeZone before = TimeZone.getDefault();
    byte[] utc;
    byte[] newYork;
    try {
      TimeZone.setDefault(TimeZone.getTimeZone("UTC"));
      utc = AutograderZip.of(Examples.spec(), jar, new byte[] {4});
      TimeZone.setDefault(TimeZone.getTimeZone("America/New_York"));
      newYork = AutograderZip.of(Examples.spec(), jar, new byte[] {4});
    } finally {
      TimeZone.setDefault(before);
    }
    assertThat(newYork).isEqualTo(utc);
    Path zip = Files.write(dir.resolve("a.zip"), utc);
    try (java.util.zip.ZipFile z = new java.util.zip.ZipFile(zip.toFile())) {
      assertThat(z.stream().map(java.util.zip.ZipEntry::getName)).containsExactly("run_autograder", "setup.sh", "assignment.json",
          "scansim/", "scansim/bin/", "scansim/bin/scansim", "scansim/lib/", "scansim/lib/scansim.jar", "scansim/THIRD-PARTY.txt");
    }
    try (java.nio.file.FileSystem z = java.nio.file.FileSystems.newFileSystem(java.net.URI.create("jar:" + zip.toUri()),
        java.util.Map.of("enablePosixFileAttributes", "true"))) {
      assertThat(java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(z.getPath("run_autograder"))))
          .isEqualTo("rwxr-xr-x");
      assertThat(java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(z.getPath("assignment.json"))))
          .isEqualTo("rw-r--r--");
    }
  }
}
