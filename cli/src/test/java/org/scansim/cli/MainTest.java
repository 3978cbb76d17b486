package org.scansim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command line as a user meets it: output streams and exit codes. */
class MainTest {
  @TempDir Path dir;

  private static CliRun run(String... args) {
    return CliRun.of(args);
  }

  private Path write(String name, String text) throws IOException {
    Path p = dir.resolve(name);
    Files.writeString(p, text);
    return p;
  }

  private static final String KERNEL = """
      __global__ void k(float *out, const float *in) {
        out[threadIdx.x] = in[threadIdx.x];
      }
      """;

  @Test
  void checkOfAValidFileSucceedsAndSaysSo() throws IOException {
    Path f = write("ok.cu", KERNEL);
    CliRun r = run("check", f.toString());
    assertThat(r.code()).isZero();
    assertThat(r.out()).isEqualTo(f + ": ok (1 function: kernel k)\n");
    assertThat(r.err()).isEmpty();
  }

  @Test
  void checkPrintsIrOnRequest() throws IOException {
    CliRun r = run("check", write("ok.cu", KERNEL).toString(), "--ir");
    assertThat(r.code()).isZero();
    assertThat(r.out()).startsWith("kernel @k(%out.0: ptr, %in.1: ptr)").contains("ld.generic.f32");
  }

  @Test
  void errorsAreRenderedWithCaretAndExitCodeTwo() throws IOException {
    Path f = write("bad.cu", "__global__ void k(float *o) {\n    o[0] = thid1;\n}\n");
    CliRun r = run("check", f.toString());
    assertThat(r.code()).isEqualTo(Main.INVALID_INPUT);
    assertThat(r.out()).isEmpty();
    assertThat(r.err()).isEqualTo(
        f + ":2:12: error: use of undeclared identifier 'thid1'\n"
            + "    2 |     o[0] = thid1;\n"
            + "      |            ^~~~~\n"
            + "1 error generated.\n");
  }

  @Test
  void definesReachThePreprocessor() throws IOException {
    Path f = write("d.cu", "#if N != 4 || !defined(FLAG)\n#error need N=4 and FLAG\n#endif\n" + KERNEL);
    assertThat(run("check", f.toString()).code()).isEqualTo(Main.INVALID_INPUT);
    assertThat(run("check", f.toString(), "-DN=4", "-D", "FLAG").code()).isZero();
  }

  @Test
  void missingFileIsInvalidInputWithoutStackTrace() {
    CliRun r = run("check", dir.resolve("nope.cu").toString());
    assertThat(r.code()).isEqualTo(Main.INVALID_INPUT);
    assertThat(r.err()).contains("no such file").doesNotContain("Exception").doesNotContain("\tat ");
  }

  @Test
  void usageErrorsExitWithTwo() {
    assertThat(run("check").code()).isEqualTo(Main.INVALID_INPUT);
    assertThat(run("check", "x.cu", "--frobnicate").code()).isEqualTo(Main.INVALID_INPUT);
    assertThat(run("frobnicate").code()).isEqualTo(Main.INVALID_INPUT);
    CliRun none = run();
    assertThat(none.code()).isEqualTo(Main.INVALID_INPUT);
    assertThat(none.err()).contains("missing command");
  }

  @Test
  void everyCommandHasHelp() {
    CliRun top = run("--help");
    assertThat(top.code()).isZero();
    assertThat(top.out()).contains("check").contains("Exit codes");
    CliRun check = run("check", "--help");
    assertThat(check.code()).isZero();
    assertThat(check.out()).contains("--ir").contains("-D");
  }

  /** The top-level help lists each command with the first line of its description: a whole sentence, not a fragment. */
  @Test
  void eachCommandsSummaryIsASentence() {
    String help = run("--help").out();
    String commands = help.substring(help.indexOf("Commands:\n") + "Commands:\n".length(), help.indexOf("\n\n", help.indexOf("Commands:")));
    java.util.Map<String, String> summaries = new java.util.LinkedHashMap<>();
    String name = null;
    for (String line : commands.split("\n")) {
      java.util.regex.Matcher m = java.util.regex.Pattern.compile("^  (\\w+)\\s+(.*)$").matcher(line);
      if (m.matches()) {
        name = m.group(1);
        summaries.put(name, m.group(2).strip());
      } else {
        summaries.merge(name, " " + line.strip(), String::concat);
      }
    }
    assertThat(summaries.keySet()).containsExactly("check", "run", "circuit", "catalog", "claims", "grade", "bench", "crosscheck", "sweep",
        "merge", "help");
    assertThat(summaries).allSatisfy((command, summary) -> assertThat(summary).as(command).endsWith("."));
  }

  @Test
  void binaryInputIsRejectedCleanly() throws IOException {
    Path f = dir.resolve("bin.cu");
    Files.write(f, new byte[] {(byte) 0xff, (byte) 0xfe, 0, 1, 2});
    CliRun r = run("check", f.toString());
    assertThat(r.code()).isEqualTo(Main.INVALID_INPUT);
    assertThat(r.err()).startsWith(f + ":1:1: error: invalid UTF-8: byte 0xff cannot start or continue a character here");
  }

  private static final String SCAN = """
      __global__ void scan(float *out, const float *in, int n) {
        __shared__ float s[64];
        int t = threadIdx.x;
        s[t] = t < n ? in[t] : 0.0f;
        for (int d = 1; d < 64; d *= 2) {
          __syncthreads();
          float v = t >= d ? s[t - d] : 0.0f;
          __syncthreads();
          s[t] += v;
        }
        if (t < n) out[t] = s[t];
      }
      void entry(const float *in, float *out, int n) {
        scan<<<1, 64>>>(out, in, n);
      }
      """;

  @Test
  void runChecksTheScanAndWritesJson() throws IOException {
    Path f = write("scan.cu", SCAN);
    Path json = dir.resolve("report.json");
    CliRun r = run("run", f.toString(), "--n", "50", "--expect", "inclusive", "--json", json.toString());
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).contains("result: correct inclusive scan").contains("launches").contains("scan");
    String j = Files.readString(json);
    assertThat(j).contains("\"schemaVersion\" : 1").contains("\"correct\" : true").contains("\"sharedLoadInstructions\"")
        .contains("\"totals\"").contains("\"sites\"");
  }

  @Test
  void wrongKindOfScanExitsWithOne() throws IOException {
    CliRun r = run("run", write("scan.cu", SCAN).toString(), "--n", "50", "--expect", "exclusive");
    assertThat(r.code()).isEqualTo(Main.FAILED);
    assertThat(r.out()).contains("WRONG").contains("out[0] = ");
  }

  @Test
  void sameRunGivesByteIdenticalJson() throws IOException {
    Path f = write("scan.cu", SCAN);
    Path a = dir.resolve("a.json");
    Path b = dir.resolve("b.json");
    run("run", f.toString(), "--n", "64", "--json", a.toString());
    run("run", f.toString(), "--n", "64", "--json", b.toString());
    assertThat(Files.readString(a)).isEqualTo(Files.readString(b));
  }

  @Test
  void faultInTheKernelExitsWithThreeAndNamesThePosition() throws IOException {
    Path f = write("oob.cu", SCAN.replace("s[t] += v;", "s[t + 1] += v;"));
    CliRun r = run("run", f.toString(), "--n", "64");
    assertThat(r.code()).isEqualTo(Main.KERNEL_FAULT);
    assertThat(r.out()).contains("fault: " + f + ":9:").contains("index 64 of 's'").doesNotContain("\tat ");
    // Once, in the report: it was printed again on standard error.
    assertThat(r.err()).isEmpty();
    // The launch that faulted is in the launches table, numbered, without counters.
    assertThat(r.out()).contains("\n  0  scan    1x1x1  64x1x1  -").contains("(launch 0 faulted: its counters are not reported)");
  }

  @Test
  void aRunawayKernelNamesTheFlagThatRaisesItsBudgetOnStandardError() throws IOException {
    Path f = write("spin.cu", SCAN.replace("if (t < n) out[t] = s[t];", "while (true) { s[t] += 1.0f; }"));
    CliRun r = run("run", f.toString(), "--n", "64", "--max-instructions", "100000");
    assertThat(r.code()).isEqualTo(Main.KERNEL_FAULT);
    assertThat(r.out()).contains("the launch ran past its instruction budget").doesNotContain("--max-instructions");
    assertThat(r.err()).isEqualTo("scansim: note: --max-instructions N raises the instruction budget (now 100000 warp instructions)"
        + " if the kernel is meant to run this long\n");
  }

  @Test
  void reportsAreWrittenReadableByAll() throws IOException {
    org.junit.jupiter.api.Assumptions.assumeTrue(dir.getFileSystem().supportedFileAttributeViews().contains("posix"));
    Path f = write("scan.cu", SCAN);
    Path json = dir.resolve("r.json");
    assertThat(run("run", f.toString(), "--n", "8", "--json", json.toString()).code()).isZero();
    assertThat(java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(json))).isEqualTo("rw-r--r--");
  }

  @Test
  void aFileThatIsNotAReportIsNeverOverwritten() throws IOException {
    Path f = write("scan.cu", SCAN);
    CliRun r = run("run", f.toString(), "--n", "8", "--json", f.toString());
    assertThat(r.code()).isEqualTo(Main.INVALID_INPUT);
    assertThat(Files.readString(f)).isEqualTo(SCAN);
  }

  @Test
  void aReportForAFolderThatDoesNotExistIsRefusedBeforeTheRun() throws IOException {
    Path f = write("scan.cu", SCAN);
    Path json = dir.resolve("missing").resolve("report.json");
    CliRun r = run("run", f.toString(), "--n", "8", "--json", json.toString());
    assertThat(r.code()).isEqualTo(Main.INVALID_INPUT);
    assertThat(r.err()).isEqualTo("scansim: error: refusing to write " + json + ": there is no folder " + json.getParent() + "\n");
    assertThat(r.out()).as("nothing ran").isEmpty();
  }

  @Test
  void threadsBelowOneAreAUsageError() throws IOException {
    Path f = write("scan.cu", SCAN);
    for (String t : new String[] {"0", "-3"}) {
      CliRun r = run("run", f.toString(), "--n", "8", "--threads", t);
      assertThat(r.code()).isEqualTo(Main.INVALID_INPUT);
      assertThat(r.err()).isEqualTo("scansim: error: --threads must be at least 1, not " + t + "\n");
      assertThat(r.out()).isEmpty();
    }
  }

  /** More threads than cores only slow a run down: it runs on the cores, says so, and reports the same. */
  @Test
  void moreThreadsThanCoresRunOnTheCores() {
    int cores = Runtime.getRuntime().availableProcessors();
    CliRun many = run("run", "harris/scan_large_array", "--n", "65536", "--threads", String.valueOf(cores + 1000));
    assertThat(many.code()).as(many.err()).isZero();
    assertThat(many.err()).isEqualTo("scansim: note: --threads " + (cores + 1000) + " is more than this machine's " + cores
        + " cores, which run it; the report is the same for any thread count\n");
    CliRun one = run("run", "harris/scan_large_array", "--n", "65536", "--threads", "1");
    assertThat(one.err()).isEmpty();
    assertThat(many.out()).isEqualTo(one.out());
  }

  /** A run of many launches (a host loop) lists the first 20 and the last 10 in the text report, and every one in the JSON. */
  @Test
  void manyLaunchesShowTheFirstAndTheLast() throws IOException {
    for (int launches : new int[] {30, 45}) {
      Path f = write("loop" + launches + ".cu", """
          __global__ void copy(const float *in, float *out, int n) { out[threadIdx.x] = in[threadIdx.x]; }
          void entry(const float *in, float *out, int n) { for (int k = 0; k < LAUNCHES; k++) copy<<<1, 32>>>(in, out, n); }
          """.replace("LAUNCHES", String.valueOf(launches)));
      Path json = dir.resolve("loop" + launches + ".json");
      CliRun r = run("run", f.toString(), "--n", "32", "--json", json.toString());
      assertThat(r.code()).as(r.err()).isZero();
      List<String> rows = r.out().lines().dropWhile(l -> !l.equals("launches")).skip(2).takeWhile(l -> !l.isEmpty()).toList();
      List<String> numbers = rows.stream().map(l -> l.strip().split(" +")[0]).toList();
      List<String> expected = new java.util.ArrayList<>();
      for (int k = 0; k < launches; k++) {
        if (launches > 30 && k == 20) {
          expected.add("…");
          k = launches - 10;
        }
        expected.add(String.valueOf(k));
      }
      expected.add("total");
      if (launches > 30) {
        expected.add("(" + (launches - 30));
      }
      assertThat(numbers).as("%d launches", launches).isEqualTo(expected);
      assertThat(new com.fasterxml.jackson.databind.ObjectMapper().readTree(json.toFile()).get("launches").size()).isEqualTo(launches);
    }
  }

  @Test
  void unknownArchitectureIsAUsageError() throws IOException {
    CliRun r = run("run", write("scan.cu", SCAN).toString(), "--n", "8", "--arch", "pascal-9000");
    assertThat(r.code()).isEqualTo(Main.INVALID_INPUT);
  }

  @Test
  void catalogListsTheKernelsWithSourceAndWork() {
    CliRun r = run("catalog");
    assertThat(r.code()).isZero();
    assertThat(r.out()).contains("harris/blelloch").contains("2*(n-1)").contains("Listing 2")
        .contains("harris/conflict_free_as_printed *").containsPattern("\\d+ kernels; \\* keeps an erratum");
  }

  @Test
  void catalogDescribesOneKernelAndItsJsonIsTheMetadata() {
    CliRun r = run("catalog", "harris/conflict_free_typo");
    assertThat(r.code()).isZero();
    assertThat(r.out()).contains("kernels/harris/conflict_free.cu -DBANK_OFFSET_B_TYPO").contains("wrong results from n = 64");
    CliRun j = run("catalog", "harris/blelloch", "--json");
    assertThat(j.code()).isZero();
    assertThat(j.out()).contains("\"file\" : \"kernels/harris/blelloch.cu\"").contains("\"formula\" : \"2*(n-1)\"");
    CliRun bad = run("catalog", "harris/blelloc");
    assertThat(bad.code()).isEqualTo(Main.INVALID_INPUT);
    assertThat(bad.err()).contains("did you mean harris/blelloch");
  }

  @Test
  void theSiteTableSaysWhichLaunchEachRowIsFrom() {
    // Harris's prescan runs twice at n = 4096: over the 4 blocks of the input, then over their
    // sums in one block. Line 63 stores once per warp of 512-thread blocks: 4 * 16 times, then 16.
    CliRun r = run("run", "harris/scan_large_array", "--n", "4096");
    assertThat(r.code()).as(r.err()).isZero();
    String sites = r.out().substring(r.out().indexOf("shared-memory sites"));
    assertThat(sites).containsPattern("\\n  #  location +array +op ")
        .containsPattern("\\n  0  \\S*kernels/harris/scan_large_array\\.cu:63:5 +temp +st +64 ")
        .containsPattern("\\n  1  \\S*kernels/harris/scan_large_array\\.cu:63:5 +temp +st +16 ");
  }

  @Test
  void runAcceptsACatalogNameWithItsDefinesAndScan() {
    CliRun r = run("run", "harris/conflict_free_g80", "--n", "512", "--arch", "g80");
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).contains("result: correct exclusive scan").contains("-DLOG_NUM_BANKS=4");
    CliRun wrong = run("run", "harris/naive_scan_as_printed", "--n", "64");
    assertThat(wrong.code()).isEqualTo(Main.FAILED);
    assertThat(wrong.out()).contains("WRONG");
  }

  @Test
  void versionIsTheBuildsVersion() throws IOException {
    CliRun r = run("-V");
    assertThat(r.code()).isZero();
    String pom = Files.readString(Path.of("pom.xml"));
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("<version>([^<]+)</version>").matcher(
        pom.substring(pom.indexOf("<parent>"), pom.indexOf("</parent>")));
    assertThat(m.find()).isTrue();
    // The version, then the commit it was built from (a build outside git says so).
    assertThat(r.out()).matches(java.util.regex.Pattern.quote("scansim " + m.group(1) + " (")
        + "(commit [0-9a-f]{10}(, with uncommitted changes)?|commit unknown)\\)\n");
    String head = gitHead();
    if (head != null) {
      assertThat(r.out()).contains("commit " + head.substring(0, 10));
    }
  }

  /** The checkout's HEAD commit, or null where git or the repository is not there. */
  private static String gitHead() {
    try {
      Process p = new ProcessBuilder("git", "rev-parse", "HEAD").directory(ReadmeExamplesTest.root().toFile()).redirectErrorStream(true)
          .start();
      String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).strip();
      return p.waitFor() == 0 && out.matches("[0-9a-f]{40}") ? out : null;
    } catch (IOException | InterruptedException e) {
      return null;
    }
  }

  @Test
  void tablesFitATerminal() {
    CliRun catalog = run("catalog");
    // The catalog's source column was up to 363 characters wide; scansim catalog NAME has it whole.
    assertThat(catalog.out().lines()).allMatch(l -> l.length() <= CatalogCommand.WIDTH);
    CliRun r = run("run", "harris/scan_large_array", "--n", "100000");
    // The launches table was 163 characters wide: now two tables of the same rows.
    assertThat(r.out()).contains("\nlaunches\n").contains("\nmemory per launch\n");
    assertThat(r.out().lines().filter(l -> l.startsWith("  "))).allMatch(l -> l.length() <= 120);
  }

  @Test
  void progressIsNotShownWhenStandardErrorIsAPipe() throws Exception {
    // A JVM of its own, whose standard error is a pipe, as when a user redirects it: no bar there.
    Path f = write("scan.cu", SCAN);
    CliRun r = ScansimProcess.run(null, List.of(), List.of("run", f.toString(), "--n", "64"));
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.err()).isEmpty();
    assertThat(r.out()).doesNotContain(" blocks (");
  }

  @Test
  void theProgressBarCountsALaunchsBlocks() {
    java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
    TerminalProgress p = new TerminalProgress(new java.io.PrintStream(bytes, true, java.nio.charset.StandardCharsets.UTF_8));
    p.launch(0, "prescan", 4096);
    p.blocksDone(1024);
    p.blocksDone(4096);
    p.launchEnded();
    String shown = bytes.toString(java.nio.charset.StandardCharsets.UTF_8);
    assertThat(shown).contains("launch 0 prescan").contains("4096/4096 blocks");
  }
}
