package org.scansim.dist;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The release archive runs on a machine with a Java runtime and nothing else: unpacked, its
 * {@code bin/scansim} runs the README's commands with a PATH that has no Maven, from anywhere
 * (the catalog's names resolve to its own {@code kernels/}), through a link, and says what is
 * missing without Java. It makes its class-data archive once, whole, and starts with it.
 */
class ReleaseTest {
  @TempDir
  static Path dir;

  static Path release;
  static Path path;

  @BeforeAll
  static void unpack() throws Exception {
    release = Release.unpack(dir);
    path = Release.minimalPath(dir, true);
  }

  private static Release.Result scansim(Path cwd, String... args) throws Exception {
    return Release.scansim(release, path, cwd, args);
  }

  @Test
  void holdsTheLauncherTheJarTheLicencesTheCatalogAndTheExamples() {
    for (String f : List.of("bin/scansim", "lib/scansim.jar", "THIRD-PARTY.txt", "README.md", "kernels/harris/blelloch.cu",
        "examples/programs/scan_main.cu", "examples/grading/inclusive_scan.json", "docs/programs.md")) {
      assertThat(release.resolve(f)).as(f).isRegularFile();
    }
    assertThat(release.resolve("bin/scansim")).isExecutable();
    assertThat(release.resolve("pom.xml")).doesNotExist();
  }

  @Test
  void printsItsVersionAndCommit() throws Exception {
    Release.Result r = scansim(dir, "--version");
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).matches("scansim \\d+\\.\\d+\\.\\d+(-SNAPSHOT)? \\((commit [0-9a-f]{10}(, with uncommitted changes)?|commit unknown)\\)\n");
  }

  @Test
  void runsTheReadmesFirstCommandWithJavaAlone() throws Exception {
    Release.Result r = scansim(release, "run", "examples/programs/scan_main.cu", "--no-timing", "--", "100000");
    assertThat(r.code()).as(r.err()).isZero();
    // The program's own lines, as the README shows them.
    assertThat(r.out()).startsWith("scanned 100000 elements, total 448952\nPASSED\n");
    assertThat(r.err()).doesNotContain("build").doesNotContain("mvn");
  }

  @Test
  void findsItsCatalogFromAnyFolderAndThroughALink() throws Exception {
    Path elsewhere = Files.createDirectories(dir.resolve("elsewhere"));
    Path link = elsewhere.resolve("scansim");
    Files.createSymbolicLink(link, release.resolve("bin/scansim"));
    Release.Result r = Release.run(elsewhere, Map.of("PATH", path.toString()),
        List.of(link.toString(), "run", "harris/blelloch", "--n", "1024", "--no-timing"));
    Files.delete(link); // the temporary folder's clean-up would warn of a link to outside it
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).contains("result: correct exclusive scan");
  }

  @Test
  void makesItsClassDataArchiveOnceAndStartsWithIt() throws Exception {
    Path lib = release.resolve("lib");
    Path archive = lib.resolve("scansim.jsa");
    Path cwd = Files.createDirectories(dir.resolve("cds"));
    Release.Result first = scansim(cwd, "--version");
    assertThat(first.code()).as(first.err()).isZero();
    assertThat(first.err()).isEmpty();
    assertThat(archive).isRegularFile();
    assertThat(Files.readString(lib.resolve("scansim.jsa.java")).trim()).endsWith("java");
    try (var files = Files.list(lib)) {
      assertThat(files.map(p -> p.getFileName().toString()).sorted().toList())
          .containsExactly("scansim.jar", "scansim.jsa", "scansim.jsa.java");
    }
    try (var files = Files.list(cwd)) { // (the test's own out and err files are there)
      assertThat(files.map(p -> p.getFileName().toString())).as("nothing written where it ran")
          .allMatch(name -> name.matches("(out|err)\\d+\\.txt"));
    }
    // Ready: not made again, and Java maps scansim's classes from it, picocli's (Java 5 class files)
    // included; with -Xshare:on it would exit rather than start without it.
    long made = Files.getLastModifiedTime(archive).toMillis();
    Path loads = dir.resolve("class-loads.txt");
    Release.Result on = Release.run(cwd, Map.of("PATH", path.toString(), "SCANSIM_JAVA_OPTS",
        "-Xshare:on -Xlog:class+load=info:file=" + loads), List.of(release.resolve("bin/scansim").toString(), "check",
        release.resolve("kernels/harris/blelloch.cu").toString()));
    assertThat(on.code()).as(on.err()).isZero();
    assertThat(on.out()).contains("ok");
    assertThat(Files.getLastModifiedTime(archive).toMillis()).isEqualTo(made);
    assertThat(Files.readString(loads)).contains("org.scansim.cli.CheckCommand source: shared objects file\n")
        .contains("picocli.CommandLine source: shared objects file\n");
    // A newer jar (a new release unpacked over this one) gets a new archive.
    Files.setLastModifiedTime(release.resolve("lib/scansim.jar"), java.nio.file.attribute.FileTime.fromMillis(made + 2000));
    assertThat(scansim(cwd, "--version").code()).isZero();
    assertThat(Files.getLastModifiedTime(archive).toMillis()).isGreaterThan(made + 2000);
    // SCANSIM_CDS=off: none made, none used.
    Files.delete(archive);
    Release.Result off = Release.run(cwd, Map.of("PATH", path.toString(), "SCANSIM_CDS", "off"),
        List.of(release.resolve("bin/scansim").toString(), "--version"));
    assertThat(off.code()).as(off.err()).isZero();
    assertThat(archive).doesNotExist();
    // An archive that cannot be made (here its bundled kernel is missing) is not tried at every start.
    Path kernel = release.resolve("kernels/harris/blelloch.cu");
    Path away = dir.resolve("blelloch.cu.away");
    Files.move(kernel, away);
    try {
      Release.Result failing = scansim(cwd, "--version");
      assertThat(failing.code()).as(failing.err()).isZero();
      assertThat(failing.err()).as("nothing said of the archive").isEmpty();
      assertThat(archive).doesNotExist();
      Path failed = lib.resolve("scansim.jsa.failed");
      assertThat(failed).isRegularFile();
      long tried = Files.getLastModifiedTime(failed).toMillis();
      assertThat(scansim(cwd, "--version").code()).isZero();
      assertThat(Files.getLastModifiedTime(failed).toMillis()).as("not tried again").isEqualTo(tried);
    } finally {
      Files.move(away, kernel);
    }
    // A new jar is tried again, and its archive made: the mark goes.
    Files.setLastModifiedTime(release.resolve("lib/scansim.jar"), java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis()));
    assertThat(scansim(cwd, "--version").code()).isZero();
    assertThat(archive).isRegularFile();
    assertThat(lib.resolve("scansim.jsa.failed")).doesNotExist();
  }

  /**
   * The compiler a command line gets: C1 alone (TieredStopAtLevel 1) for short work, both compilers
   * (4) for a sweep, a bench and a grade or another command that names a size of 2^24 or more (a
   * word of digits, ^ and separators, after any --name=, or the sizes of a grade's --spec); a run
   * of such a size starts with C1 alone and asks (a missing file stops there; {@link
   * #aLargeRunAsksForBothCompilersWhenItsBlocksAreInterpreted}); SCANSIM_JIT chooses. Java prints
   * its flags (-XX:+PrintFlagsFinal) before the command runs, so a missing file does.
   * With both, the timing sink's methods are kept from being inlined into the engine's (CompileCommand);
   * with C1 alone on a machine of one or two cores, one compiler thread (CICompilerCount).
   */
  @Test
  void givesShortWorkTheQuickCompilerAndLargeSizesBoth() throws Exception {
    Map<String, String> lines = new java.util.LinkedHashMap<>();
    lines.put("--version", "1");
    lines.put("check missing.cu", "1");
    lines.put("run missing.cu --n 1048576", "1");
    lines.put("run missing.cu --n 16777215", "1");
    lines.put("run missing.cu --n 16777216", "1");
    lines.put("run missing.cu --n=2^10..2^24", "1");
    lines.put("run missing.cu --n 1024,33554432", "1");
    // A large program (no --n): both compilers, C2 for its hot methods alone (HotMethods).
    lines.put("run missing.cu -- 67108864", "4");
    lines.put("run missing.cu -- --size=16777216", "4");
    lines.put("run missing.cu --n 16777216 -- 5", "1");
    // Budgets are no sizes: --memory's bytes and --max-instructions' count (a program's own arguments are).
    lines.put("run missing.cu --n 1024 --max-instructions 6000000000", "1");
    lines.put("run missing.cu --memory=17179869184 -- 5", "1");
    lines.put("run missing.cu --memory 17179869184 -- 5", "1");
    lines.put("run missing.cu -- --memory 17179869184", "4");
    lines.put("crosscheck missing.cu --n 16777216", "4");
    lines.put("grade missing --spec missing.json", "1");
    // Digits in a name are no size: a temporary folder's, a file's.
    lines.put("grade subs-12345678901234/a --spec missing.json", "1");
    lines.put("run missing_16777216.cu --json out-33554432.json", "1");
    lines.put("sweep --help", "4");
    lines.put("bench --help", "4");
    for (var e : lines.entrySet()) {
      assertThat(tieredStopAtLevel(Map.of(), e.getKey().split(" "))).as(e.getKey()).isEqualTo(e.getValue());
    }
    assertThat(tieredStopAtLevel(Map.of(), "run", "missing.cu", "--n", "2^20, 2^24")).isEqualTo("1");
    assertThat(tieredStopAtLevel(Map.of("SCANSIM_JIT", "full"), "run", "missing.cu", "--n", "2^24")).isEqualTo("4");
    // A grade whose spec's sizes reach 2^24: both; a spec of small sizes: C1.
    Path big = Files.writeString(dir.resolve("big-spec.json"), "{\"name\": \"s\", \"sizes\": [1, 1024,\n 16777216]}\n");
    Path small = Files.writeString(dir.resolve("small-spec.json"), "{\"sizes\": [1, 1024], \"wallSeconds\": 100000000}\n");
    assertThat(tieredStopAtLevel(Map.of(), "grade", "missing", "--spec", big.toString())).isEqualTo("4");
    assertThat(tieredStopAtLevel(Map.of(), "grade", "missing", "--spec=" + big)).isEqualTo("4");
    assertThat(tieredStopAtLevel(Map.of(), "grade", "missing", "--spec", small.toString())).isEqualTo("1");
    assertThat(tieredStopAtLevel(Map.of("SCANSIM_JIT", "full"), "check", "missing.cu")).isEqualTo("4");
    assertThat(tieredStopAtLevel(Map.of("SCANSIM_JIT", "quick"), "bench", "--help")).isEqualTo("1");
    Release.Result bad = Release.run(dir, Map.of("PATH", path.toString(), "SCANSIM_JIT", "fast"),
        List.of(release.resolve("bin/scansim").toString(), "--version"));
    assertThat(bad.code()).isEqualTo(2);
    assertThat(bad.err()).isEqualTo("scansim: SCANSIM_JIT must be quick, full or auto, not 'fast'\n");
    // The methods the launcher keeps from being inlined are in the jar (Java ignores a command for a
    // class it never loads, or a method it does not have).
    java.util.regex.Matcher named = java.util.regex.Pattern.compile("dontinline,([\\w.]+)::([\\w*]+)")
        .matcher(Files.readString(release.resolve("bin/scansim")));
    int commands = 0;
    try (java.net.URLClassLoader jar = new java.net.URLClassLoader(new java.net.URL[] {release.resolve("lib/scansim.jar").toUri().toURL()}, null)) {
      while (named.find()) {
        commands++;
        Class<?> c = Class.forName(named.group(1), false, jar);
        String method = named.group(2);
        assertThat(method.equals("*") || java.util.Arrays.stream(c.getDeclaredMethods()).anyMatch(m -> m.getName().equals(method)))
            .as(named.group()).isTrue();
      }
    }
    assertThat(commands).as("dontinline commands").isGreaterThanOrEqualTo(3);
  }

  /** A kernel with an atomic (its blocks cannot be replayed) whose entry launches one block, whatever n; a warning. */
  private static final String ATOMIC = """
      __global__ void k(const float *in, float *out, int n) {
        if (threadIdx.x == 0) { atomicAdd(&out[0], in[0]); }
      }
      void entry(const float *in, float *out, int n) {
        int wide = 1 << 40;
        k<<<1, 32>>>(in, out, n + wide - wide);
      }
      """;

  /**
   * A run of 2^24 elements or more starts with C1 alone; when its compiled code has blocks the
   * engine interprets one by one (an atomic; checkers), it writes its answer and stops before it
   * says anything, and the launcher starts it again with both compilers: Java's flags twice, the
   * report and the compiler's warning once. A bundled scan whose blocks are replayed stays with
   * C1; a large program starts with both (C2 for its hot methods alone), and one that ends with
   * status 75 is not started again. SCANSIM_JIT=full asks nothing.
   */
  @Test
  void aLargeRunAsksForBothCompilersWhenItsBlocksAreInterpreted() throws Exception {
    Path atomic = Files.writeString(dir.resolve("atomic.cu"), ATOMIC);
    Map<String, String> env = Map.of("PATH", path.toString(), "SCANSIM_JAVA_OPTS", "-XX:+PrintFlagsFinal");
    String bin = release.resolve("bin/scansim").toString();
    Release.Result asked = Release.run(dir, env, List.of(bin, "run", atomic.toString(), "--n", "16777216"));
    assertThat(asked.code()).as(asked.err()).isZero();
    assertThat(levels(asked.out())).as("the Java processes' compilers").containsExactly("1", "4");
    assertThat(asked.out().split("scansim run ", -1)).as("reports").hasSize(2);
    // The compiler's warning, held while the first process asked: said once.
    assertThat(asked.err().split("shift count 40", -1)).as("warnings: " + asked.err()).hasSize(2);
    Release.Result checked = Release.run(dir, env, List.of(bin, "run", "harris/scan_large_array", "--n", "2^24", "--check", "bounds"));
    assertThat(levels(checked.out())).as("a checked run").containsExactly("1", "4");
    assertThat(checked.code()).as(checked.err()).isZero();
    assertThat(checked.out().split("scansim run ", -1)).as("reports of the checked run").hasSize(2);
    // A program's own exit status is scansim's: one that ends with 75 is not started again.
    Path exits = Files.writeString(dir.resolve("exits75.cu"), "#include <cstdio>\nint main(int argc, char **argv) { printf(\"said by the program\\n\"); return 75; }\n");
    Release.Result program = Release.run(dir, env, List.of(bin, "run", exits.toString(), "--", "16777216"));
    assertThat(program.code()).as(program.err()).isEqualTo(75);
    assertThat(levels(program.out())).as("a program that ends with 75").containsExactly("4");
    assertThat(program.out().split("said by the program", -1)).as("its output").hasSize(2);
    // A large program whose kernel cannot be replayed: both compilers from the start, and C2 for every
    // method once it knows (HotMethods takes its directives back): one Java, its warning said once.
    Path atomicProgram = Files.writeString(dir.resolve("atomic_main.cu"), """
        #include <cstdio>
        __global__ void k(int *out) { atomicAdd(&out[0], 1); }
        int main(int argc, char **argv) {
          int wide = 1 << 40;
          int zero = wide - wide;
          int *d;
          cudaMalloc(&d, sizeof(int));
          cudaMemcpy(d, &zero, sizeof(int), cudaMemcpyHostToDevice);
          k<<<1, 32>>>(d);
          int h = 0;
          cudaMemcpy(&h, d, sizeof(int), cudaMemcpyDeviceToHost);
          printf("atomics: %d\\n", h);
          return 0;
        }
        """);
    Release.Result atomicRun = Release.run(dir, env, List.of(bin, "run", atomicProgram.toString(), "--", "16777216"));
    assertThat(atomicRun.code()).as(atomicRun.err()).isZero();
    assertThat(levels(atomicRun.out())).as("a program whose kernel is interpreted").containsExactly("4");
    assertThat(atomicRun.out().split("atomics: 32", -1)).as("its output: " + atomicRun.out()).hasSize(2);
    assertThat(atomicRun.err().split("shift count 40", -1)).as("warnings: " + atomicRun.err()).hasSize(2);
    Release.Result replayed = Release.run(dir, env, List.of(bin, "run", "harris/scan_large_array", "--n", "2^24", "--no-timing"));
    assertThat(replayed.code()).as(replayed.err()).isZero();
    assertThat(levels(replayed.out())).as("a replayed scan").containsExactly("1");
    assertThat(replayed.out()).contains("result: correct exclusive scan");
    Release.Result full = Release.run(dir, Map.of("PATH", path.toString(), "SCANSIM_JAVA_OPTS", "-XX:+PrintFlagsFinal", "SCANSIM_JIT", "full"),
        List.of(bin, "run", atomic.toString(), "--n", "16777216"));
    assertThat(levels(full.out())).as("SCANSIM_JIT=full").containsExactly("4");
  }

  /**
   * Java's heap gets transparent huge pages wherever the system gives them on request or always
   * (the kernel's own setting, read here independently of the launcher), for every command; where
   * it gives none Java is not asked, and SCANSIM_JAVA_OPTS can still say no.
   */
  @Test
  void javaAsksForHugePagesWhereTheSystemGivesThem() throws Exception {
    Path setting = Path.of("/sys/kernel/mm/transparent_hugepage/enabled");
    String mode = Files.exists(setting) ? Files.readString(setting) : "";
    String expected = mode.contains("[always]") || mode.contains("[madvise]") ? "true" : "false";
    assertThat(flag(Map.of(), "UseTransparentHugePages", "check", "missing.cu")).isEqualTo(expected);
    assertThat(flag(Map.of(), "UseTransparentHugePages", "run", "missing.cu", "--", "67108864")).isEqualTo(expected);
    assertThat(flag(Map.of("SCANSIM_JAVA_OPTS", "-XX:-UseTransparentHugePages"), "UseTransparentHugePages", "check", "missing.cu"))
        .isEqualTo("false");
  }

  /**
   * A run given --memory may grow its heap to three quarters of the machine's memory, Java's
   * default being a quarter; a -Xmx of SCANSIM_JAVA_OPTS still decides.
   */
  @Test
  void aRunGivenMoreMemoryGetsALargerHeap() throws Exception {
    assertThat(flag(Map.of(), "MaxRAMPercentage", "run", "missing.cu", "--memory", "3G", "--", "5")).isEqualTo("75.000000");
    assertThat(flag(Map.of(), "MaxRAMPercentage", "run", "missing.cu", "--memory=3G", "--n", "1024")).isEqualTo("75.000000");
    assertThat(flag(Map.of(), "MaxRAMPercentage", "run", "missing.cu", "--", "--memory", "3G")).isEqualTo("25.000000");
    assertThat(flag(Map.of(), "MaxRAMPercentage", "run", "missing.cu", "--n", "1024")).isEqualTo("25.000000");
    String given = flag(Map.of("SCANSIM_JAVA_OPTS", "-Xmx300m"), "MaxHeapSize", "run", "missing.cu", "--memory", "3G");
    assertThat(Long.parseLong(given)).isEqualTo(300L << 20);
  }

  /** Java's value of flag {@code name} for a launch of the release with {@code args} (its flags printed first). */
  private static String flag(Map<String, String> env, String name, String... args) throws Exception {
    Map<String, String> all = new java.util.HashMap<>(env);
    all.put("PATH", path.toString());
    all.put("SCANSIM_JAVA_OPTS", (env.getOrDefault("SCANSIM_JAVA_OPTS", "") + " -XX:+PrintFlagsFinal").trim());
    List<String> cmd = new java.util.ArrayList<>(List.of(release.resolve("bin/scansim").toString()));
    cmd.addAll(List.of(args));
    Release.Result r = Release.run(dir, all, cmd);
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\b" + name + "\\s+=\\s+(\\S+)").matcher(r.out());
    assertThat(m.find()).as(String.join(" ", args) + ": " + r.err()).isTrue();
    return m.group(1);
  }

  /** The TieredStopAtLevel of each Java process whose flags the output shows, in order. */
  private static List<String> levels(String out) {
    return java.util.regex.Pattern.compile("\\bTieredStopAtLevel\\s+=\\s+(\\d+)").matcher(out).results().map(m -> m.group(1)).toList();
  }

  /** The cores the launcher counts ({@code nproc}), which may differ from Java's count in a container with a CPU quota. */
  private static int launcherCores() throws Exception {
    Process p = new ProcessBuilder("nproc").redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).trim();
    assertThat(p.waitFor()).as("nproc: " + out).isZero();
    return Integer.parseInt(out);
  }

  private static String tieredStopAtLevel(Map<String, String> env, String... args) throws Exception {
    Map<String, String> all = new java.util.HashMap<>(env);
    all.put("PATH", path.toString());
    all.put("SCANSIM_JAVA_OPTS", "-XX:+PrintFlagsFinal");
    List<String> cmd = new java.util.ArrayList<>(List.of(release.resolve("bin/scansim").toString()));
    cmd.addAll(List.of(args));
    Release.Result r = Release.run(dir, all, cmd);
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\bTieredStopAtLevel\\s+=\\s+(\\d+)").matcher(r.out());
    assertThat(m.find()).as(String.join(" ", args) + ": " + r.err()).isTrue();
    // With both compilers, the timing sink's methods are not inlined into the engine's (Java lists the command among its flags).
    assertThat(r.out().contains("dontinline,org.scansim.timing.BlockSink::*")).as(String.join(" ", args))
        .isEqualTo(m.group(1).equals("4"));
    // C1 alone on a machine of one or two cores: one compiler thread, so that it leaves the run a core.
    java.util.regex.Matcher count = java.util.regex.Pattern.compile("\\bCICompilerCount\\s+=\\s+(\\d+)\\s+\\{[^}]*\\}\\s+\\{([^}]*)\\}")
        .matcher(r.out());
    assertThat(count.find()).as(String.join(" ", args)).isTrue();
    boolean oneThread = m.group(1).equals("1") && launcherCores() <= 2;
    assertThat(count.group(1).equals("1") && count.group(2).equals("command line")).as(String.join(" ", args) + ": " + count.group())
        .isEqualTo(oneThread);
    return m.group(1);
  }

  @Test
  void withoutJavaSaysSoInOneLine() throws Exception {
    Path noJava = Release.minimalPath(dir, false);
    Release.Result r = Release.run(dir, Map.of("PATH", noJava.toString()), List.of(release.resolve("bin/scansim").toString(), "--version"));
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err()).isEqualTo("scansim: no Java runtime: install Java 17 or newer (Debian, Ubuntu: apt-get install"
        + " openjdk-17-jre-headless) or set JAVA_HOME\n");
  }
}
