package org.scansim.dist;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code scansim grade --autograder}, from the release: the zip, unpacked as Gradescope unpacks
 * it into a fresh {@code autograder/source} (with the modes the zip gives), set up by its
 * {@code setup.sh} and run by {@code run_autograder} from {@code autograder/}, as Gradescope does,
 * with a PATH that has Java and no Maven. Each sample submission gets the score the grading
 * README's table gives it.
 */
class AutograderTest {
  @TempDir
  static Path dir;

  static Path release;
  static Path path;
  static Path zip;

  @BeforeAll
  static void makeTheZip() throws Exception {
    release = Release.unpack(dir);
    path = Release.minimalPath(dir, true);
    zip = dir.resolve("autograder.zip");
    Release.Result r = scansim("grade", "--autograder", "examples/grading/inclusive_scan.json", "-o", zip.toString());
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).startsWith("wrote " + zip + " (");
  }

  private static Release.Result scansim(String... args) throws Exception {
    return Release.scansim(release, path, release, args);
  }

  /** A fresh {@code autograder/} with the zip in {@code source/}, set up; the folder. */
  private static Path gradescope(String name) throws Exception {
    Path root = Files.createDirectories(dir.resolve(name).resolve("autograder"));
    Path source = Files.createDirectories(root.resolve("source"));
    Files.createDirectories(root.resolve("submission"));
    try (FileSystem z = FileSystems.newFileSystem(URI.create("jar:" + zip.toUri()), Map.of("enablePosixFileAttributes", "true"));
        Stream<Path> entries = Files.walk(z.getPath("/"))) {
      for (Path e : entries.toList()) {
        Path to = source.resolve(z.getPath("/").relativize(e).toString());
        if (Files.isDirectory(e)) {
          Files.createDirectories(to);
        } else {
          Files.copy(e, to);
          Files.setPosixFilePermissions(to, Files.getPosixFilePermissions(e));
        }
      }
    }
    Release.Result setup = Release.run(source, Map.of("PATH", path.toString()), List.of("bash", "setup.sh"));
    assertThat(setup.code()).as(setup.out() + setup.err()).isZero();
    assertThat(setup.out()).startsWith("scansim autograder: Java found\nscansim ");
    // Gradescope copies run_autograder from source/ to autograder/ and runs it there.
    Files.copy(source.resolve("run_autograder"), root.resolve("run_autograder"), StandardCopyOption.COPY_ATTRIBUTES);
    return root;
  }

  private static JsonNode runAutograder(Path root) throws Exception {
    Release.Result r = Release.run(root, Map.of("PATH", path.toString()), List.of(root.resolve("run_autograder").toString()));
    assertThat(r.code()).as(r.err()).isZero();
    return new ObjectMapper().readTree(root.resolve("results/results.json").toFile());
  }

  @Test
  void theZipHoldsTheScriptsExecutableTheSpecAndTheRelease() throws Exception {
    try (FileSystem z = FileSystems.newFileSystem(URI.create("jar:" + zip.toUri()), Map.of("enablePosixFileAttributes", "true"))) {
      assertThat(Files.getPosixFilePermissions(z.getPath("run_autograder"))).contains(PosixFilePermission.OWNER_EXECUTE);
      assertThat(Files.getPosixFilePermissions(z.getPath("setup.sh"))).contains(PosixFilePermission.OWNER_EXECUTE);
      assertThat(Files.getPosixFilePermissions(z.getPath("scansim/bin/scansim"))).contains(PosixFilePermission.OWNER_EXECUTE);
      assertThat(Files.readAllBytes(z.getPath("assignment.json")))
          .isEqualTo(Files.readAllBytes(release.resolve("examples/grading/inclusive_scan.json")));
      assertThat(Files.readAllBytes(z.getPath("scansim/lib/scansim.jar"))).isEqualTo(Files.readAllBytes(release.resolve("lib/scansim.jar")));
      assertThat(z.getPath("scansim/THIRD-PARTY.txt")).isRegularFile();
    }
  }

  @Test
  void theSameSpecMakesTheSameBytes() throws Exception {
    Path again = dir.resolve("again.zip");
    Release.Result r = scansim("grade", "--autograder", "examples/grading/inclusive_scan.json", "-o", again.toString());
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(Files.readAllBytes(again)).isEqualTo(Files.readAllBytes(zip));
  }

  @ParameterizedTest
  @CsvSource({"kogge_stone.cu, 100", "brent_kung.cu, 80", "hillis_steele.cu, 70", "racy_kogge_stone.cu, 15", "syntax_error.cu, 0",
      "wrong_signature.cu, 0"})
  void eachSampleSubmissionGetsTheScoreTheGradingReadmeGives(String file, int score) throws Exception {
    Path root = gradescope("gs-" + file);
    Files.copy(release.resolve("examples/grading/submissions").resolve(file), root.resolve("submission").resolve(file));
    JsonNode results = runAutograder(root);
    assertThat(results.get("score").asInt()).isEqualTo(score);
    assertThat(results.get("max_score").asInt()).isEqualTo(100);
  }

  @Test
  void anEmptySubmissionStillGetsResultsThatSayWhy() throws Exception {
    JsonNode results = runAutograder(gradescope("gs-empty"));
    assertThat(results.get("score").asInt()).isZero();
    assertThat(results.get("output").asText()).contains(".cu");
  }

  @Test
  void aSpecWithErrorsMakesNoZipAndSaysWhereEachIs() throws Exception {
    Path spec = dir.resolve("bad.json");
    Files.writeString(spec, "{\n  \"title\": \"t\",\n  \"entry\": \"void scan(const float *in, float *out, int n)\",\n  \"scan\": \"inclusive\",\n"
        + "  \"arch\": \"hopper\",\n  \"sizes\": [1],\n  \"points\": {\"correctness\": 10},\n  \"colour\": 1\n}\n");
    Path bad = dir.resolve("bad.zip");
    Release.Result r = scansim("grade", "--autograder", spec.toString(), "-o", bad.toString());
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err()).contains(spec + ":8:");
    assertThat(bad).doesNotExist();
  }
}
