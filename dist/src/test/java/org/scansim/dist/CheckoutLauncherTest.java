package org.scansim.dist;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The checkout's {@code ./scansim} rebuilds only when a source's content changed: a copy whose
 * files are all newer than its jar runs without Maven, and a real change asks for Maven (which the
 * PATH here lacks, so the launcher says so instead of building).
 */
class CheckoutLauncherTest {
  @TempDir
  Path dir;

  @Test
  void aCopiedCheckoutRunsWithoutRebuildingAndAChangedOneRebuilds() throws Exception {
    Path checkout = Files.createDirectories(dir.resolve("checkout"));
    Files.copy(Release.checkout().resolve("scansim"), checkout.resolve("scansim"), StandardCopyOption.COPY_ATTRIBUTES);
    Path jar = Files.createDirectories(checkout.resolve("cli/target")).resolve("scansim.jar");
    Files.copy(Release.checkout().resolve("cli/target/scansim.jar"), jar);
    Files.writeString(checkout.resolve("pom.xml"), "<project/>\n");
    Path source = Files.createDirectories(checkout.resolve("m/src/main/java")).resolve("A.java");
    Files.writeString(source, "class A {}\n");
    // The launcher runs Java through the release's launcher, given its jar.
    String released = "grade/src/main/resources/org/scansim/grade/release/scansim";
    Files.createDirectories(checkout.resolve(released).getParent());
    Files.copy(Release.checkout().resolve(released), checkout.resolve(released));
    FileTime old = FileTime.fromMillis(System.currentTimeMillis() - 3_600_000);
    Files.setLastModifiedTime(source, old);
    Files.setLastModifiedTime(checkout.resolve(released), old);
    Files.setLastModifiedTime(checkout.resolve("pom.xml"), old);
    Path path = Release.minimalPath(dir, true, "find", "sort", "xargs", "sha256sum", "touch", "flock");

    // Built and current: runs, and notes its sources' digest.
    Release.Result r = Release.run(checkout, Map.of("PATH", path.toString()), List.of("bash", "scansim", "--version"));
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).startsWith("scansim ");
    assertThat(checkout.resolve("cli/target/scansim.sources")).isRegularFile();

    // Copied (every file newer than the jar, the same content): runs, no build.
    FileTime later = FileTime.fromMillis(System.currentTimeMillis() + 60_000);
    Files.setLastModifiedTime(source, later);
    Files.setLastModifiedTime(checkout.resolve("pom.xml"), later);
    r = Release.run(checkout, Map.of("PATH", path.toString()), List.of("bash", "scansim", "--version"));
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.err()).isEmpty();

    // A source changed: the launcher would build, and says that Maven is missing.
    Files.writeString(source, "class A { int x; }\n");
    Files.setLastModifiedTime(source, FileTime.fromMillis(System.currentTimeMillis() + 120_000));
    r = Release.run(checkout, Map.of("PATH", path.toString()), List.of("bash", "scansim", "--version"));
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err()).isEqualTo("scansim: 'mvn' is not installed (see README.md, 'Requirements')\n");
  }
}
