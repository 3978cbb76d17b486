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
 * PATH here lacks, so the launcher says so instead of building); its {@code --version} names the
 * checkout's commit.
 */
class CheckoutLauncherTest {
  @TempDir
  Path dir;

  /** The source of the checkout {@link #checkout} makes. */
  private static final String SOURCE = "m/src/main/java/A.java";

  /**
   * A checkout of the launcher, its jar as built, one pom and one source, all older than the jar:
   * built and current. The launcher runs Java through the release's launcher, given its jar.
   */
  private Path checkout() throws Exception {
    Path checkout = Files.createDirectories(dir.resolve("checkout"));
    Files.copy(Release.checkout().resolve("scansim"), checkout.resolve("scansim"), StandardCopyOption.COPY_ATTRIBUTES);
    Path jar = Files.createDirectories(checkout.resolve("cli/target")).resolve("scansim.jar");
    Files.copy(Release.checkout().resolve("cli/target/scansim.jar"), jar);
    Files.writeString(checkout.resolve("pom.xml"), "<project/>\n");
    Path source = checkout.resolve(SOURCE);
    Files.createDirectories(source.getParent());
    Files.writeString(source, "class A {}\n");
    String released = "grade/src/main/resources/org/scansim/grade/release/scansim";
    Files.createDirectories(checkout.resolve(released).getParent());
    Files.copy(Release.checkout().resolve(released), checkout.resolve(released));
    FileTime old = FileTime.fromMillis(System.currentTimeMillis() - 3_600_000);
    for (Path p : List.of(source, checkout.resolve(released), checkout.resolve("pom.xml"))) {
      Files.setLastModifiedTime(p, old);
    }
    return checkout;
  }

  @Test
  void aCopiedCheckoutRunsWithoutRebuildingAndAChangedOneRebuilds() throws Exception {
    Path checkout = checkout();
    Path source = checkout.resolve(SOURCE);
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

  /**
   * A commit that changes no source builds nothing, and {@code --version} names it all the same
   * (the commit written into the jar at its build would be the one before); a change to anything
   * but a source is not an uncommitted change of the code.
   */
  @Test
  void versionNamesTheCheckoutsCommitThoughACommitOfNoSourceBuildsNothing() throws Exception {
    Path checkout = checkout();
    Files.writeString(checkout.resolve("cli/target/.gitignore"), "*\n");
    Path path = Release.minimalPath(dir, true, "find", "sort", "xargs", "sha256sum", "touch", "flock", "git");
    git(checkout, "init", "-q");
    git(checkout, "add", "-A");
    git(checkout, "commit", "-q", "-m", "first");

    Release.Result r = Release.run(checkout, Map.of("PATH", path.toString()), List.of("bash", "scansim", "--version"));
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).isEqualTo("scansim " + version(r.out()) + " (commit " + git(checkout, "rev-parse", "--short=10", "HEAD") + ")\n");

    Files.writeString(checkout.resolve("NOTES.md"), "a note\n"); // not a source: a commit of it builds nothing
    git(checkout, "add", "NOTES.md");
    git(checkout, "commit", "-q", "-m", "a note");
    Files.writeString(checkout.resolve("TODO.md"), "uncommitted, not a source\n");
    r = Release.run(checkout, Map.of("PATH", path.toString()), List.of("bash", "scansim", "--version"));
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.err()).as("nothing built").isEmpty();
    assertThat(r.out()).isEqualTo("scansim " + version(r.out()) + " (commit " + git(checkout, "rev-parse", "--short=10", "HEAD") + ")\n");
  }

  private static String version(String line) {
    return line.split(" ")[1];
  }

  /** Runs git in {@code dir} with a fixed author; its output, trimmed. */
  private static String git(Path dir, String... args) throws Exception {
    List<String> cmd = new java.util.ArrayList<>(List.of("git", "-c", "user.name=scansim", "-c", "user.email=scansim@example.org",
        "-c", "commit.gpgsign=false"));
    cmd.addAll(List.of(args));
    Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).trim();
    assertThat(p.waitFor()).as("git " + String.join(" ", args) + ": " + out).isZero();
    return out;
  }
}
