package org.scansim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code scansim sweep} and {@code scansim merge} as a user runs them: the README's Listing 3
 * sweep on one thread and on two gives the same bytes; an interrupted sweep resumed, and its four
 * shards merged, give the file one uninterrupted run gives; a row says what {@code run} says of
 * the same point; bad points are rows; a user's file is never overwritten.
 */
class SweepCommandTest {
  static final Path ROOT = ReadmeExamplesTest.root();
  static final String LISTING3 = ROOT.resolve("examples/sweeps/listing3.yaml").toString();

  @TempDir static Path dir;

  /** The Listing 3 sweep written once, uninterrupted, on every core: what the other runs must equal. */
  static byte[] csv;
  static byte[] jsonl;

  @BeforeAll
  static void uninterrupted() throws Exception {
    CliRun r = CliRun.of("sweep", LISTING3, "--csv", dir.resolve("all.csv").toString(), "--jsonl", dir.resolve("all.jsonl").toString());
    assertThat(r.code()).as(r.err()).isZero();
    csv = Files.readAllBytes(dir.resolve("all.csv"));
    jsonl = Files.readAllBytes(dir.resolve("all.jsonl"));
  }

  static List<String> lines(byte[] b) {
    return new String(b, StandardCharsets.UTF_8).lines().toList();
  }

  @Test
  void theListing3SweepHasARowAPointInTheSpecsOrder() {
    List<String> rows = lines(csv);
    assertThat(rows).hasSize(49);
    assertThat(rows.get(0)).startsWith("point,kernel,variant,arch,n,status,correct,findings,launches,warpInstructions,");
    assertThat(lines(jsonl)).hasSize(48);
    // kernel, variant, arch, n: "no padding" on g80 from 64 to 2048 first, then on hopper
    assertThat(rows.get(1)).startsWith("0,harris/conflict_free,no padding,g80,64,ran,true,");
    assertThat(rows.get(7)).startsWith("6,harris/conflict_free,no padding,hopper,64,ran,true,");
    assertThat(rows.get(48)).startsWith("47,harris/conflict_free,typo,hopper,2048,ran,false,");
    // G80 holds at most 512 threads a block: n = 2048 needs 1024. The catalog says so for the
    // kernel's own defines; with the spec's defines (a variant's, here g80's bank count too) the
    // launch is tried, and refused as the card refuses it (cudaErrorInvalidConfiguration).
    assertThat(rows.get(18)).startsWith("17,harris/conflict_free,n >> log2(banks),g80,2048,refused,")
        .contains("launch of prescan with blocks of 1024x1x1 threads: blockDim.x may be at most 512 on g80");
    assertThat(rows.get(6)).startsWith("5,harris/conflict_free,no padding,g80,2048,refused,")
        .contains("conflict_free.cu:113:5: launch of prescan with blocks of 1024x1x1 threads: blockDim.x may be at most"
            + " 512 on g80 (cudaErrorInvalidConfiguration)");
  }

  @Test
  void theCommittedCsvIsWhatTheReadmesSweepWrites() throws Exception {
    // run from the checkout's root, as the README runs it: positions in messages are relative to it
    Path out = dir.resolve("readme.csv");
    CliRun r = ScansimProcess.run(ROOT, List.of(), List.of("sweep", "examples/sweeps/listing3.yaml", "--csv", out.toString()));
    assertThat(r.code()).as(r.err()).isZero();
    Path committed = ROOT.resolve("examples/sweeps/listing3.csv");
    if (Boolean.getBoolean("golden.update")) {
      Files.copy(out, committed, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    }
    assertThat(Files.readString(out)).isEqualTo(Files.readString(committed));
  }

  @Test
  void theRowsAreTheSameOnAnyThreadCount() throws Exception {
    CliRun one = CliRun.of("sweep", LISTING3, "--threads", "1", "--csv", dir.resolve("one.csv").toString());
    assertThat(one.code()).as(one.err()).isZero();
    assertThat(Files.readAllBytes(dir.resolve("one.csv"))).isEqualTo(csv);
    // without a file, the CSV goes to standard output
    CliRun out = CliRun.of("sweep", LISTING3, "--threads", "2");
    assertThat(out.out()).isEqualTo(new String(csv, StandardCharsets.UTF_8));
  }

  @Test
  void aRowSaysWhatRunSaysOfItsPoint() throws Exception {
    JsonNode row = new ObjectMapper().readTree(lines(jsonl).get(34)); // ZERO_BANK_CONFLICTS, hopper, 1024
    assertThat(row.get("variant").asText()).isEqualTo("ZERO_BANK_CONFLICTS");
    assertThat(row.get("arch").asText()).isEqualTo("hopper");
    assertThat(row.get("n").asInt()).isEqualTo(1024);
    Path report = dir.resolve("point34.json");
    CliRun r = CliRun.of("run", "harris/conflict_free", "-D", "ZERO_BANK_CONFLICTS", "--n", "1024", "--json", report.toString());
    assertThat(r.code()).as(r.err()).isZero();
    JsonNode totals = new ObjectMapper().readTree(report.toFile()).get("totals");
    for (String counter : List.of("warpInstructions", "threadInstructions", "sharedLoadWavefronts", "sharedStoreWavefronts",
        "sharedLoadBankConflicts", "sharedStoreBankConflicts", "globalLoadSectors", "barriers", "work", "maxThreadWork")) {
      assertThat(row.get(counter).asLong()).as(counter).isEqualTo(totals.get(counter).asLong());
    }
    assertThat(row.get("smCycles").asLong()).isEqualTo(totals.get("timing").get("smCycles").asLong());
    assertThat(row.get("timeNs").asLong()).isEqualTo(totals.get("timing").get("durationNs").asLong());
    // what was measured on an H200 (the catalog's property): no bank conflicts with the two-level padding
    assertThat(row.get("sharedLoadBankConflicts").asLong()).isZero();
    // and the typo gives wrong results from n = 64 on (the catalog's erratum): every size it ran here, 11 of 12
    assertThat(lines(csv).stream().filter(l -> l.contains(",typo,")).filter(l -> l.contains(",ran,")))
        .hasSize(11).allMatch(l -> l.contains(",ran,false,"));
  }

  /**
   * Two cells worked out by hand from Listing 2's access pattern on 32 banks, one warp of 32
   * threads at n = 64 on hopper. Without padding: the up-sweep's steps with 32, 16, 8, 4 and 2
   * active threads each access temp at a stride of 2, 4, 8, 16 and 32 words; every such access
   * puts two of its words in one bank: 2-way, one conflict each, for its two loads and one store:
   * 5 × 3 = 15. The down-sweep's steps with 2 … 32 threads make two loads, one more load (the +=)
   * and two stores each at the same strides: 5 × 5 = 25; the step with one thread and the global
   * copies have none. 40 in all. With n >> 5 padding, word i moves to i + i / 32: the stride-2
   * words 0 … 62 land on banks 0, 2 … 30 and then 1, 3 … 31, all different, and every wider
   * stride spreads as well: no conflict.
   */
  @Test
  void cellsWorkedOutByHand() throws Exception {
    java.util.Map<String, JsonNode> byPoint = new java.util.HashMap<>();
    for (String l : lines(jsonl)) {
      JsonNode r = new ObjectMapper().readTree(l);
      byPoint.put(r.get("variant").asText() + "/" + r.get("arch").asText() + "/" + r.get("n").asInt(), r);
    }
    JsonNode plain = byPoint.get("no padding/hopper/64");
    assertThat(plain.get("sharedLoadBankConflicts").asLong() + plain.get("sharedStoreBankConflicts").asLong()).isEqualTo(40);
    JsonNode padded = byPoint.get("n >> log2(banks)/hopper/64");
    assertThat(padded.get("sharedLoadBankConflicts").asLong() + padded.get("sharedStoreBankConflicts").asLong()).isZero();
  }

  @Test
  void aSweepCutOffMidLineResumesToTheSameFile() throws Exception {
    Path p = dir.resolve("cut.csv");
    String all = new String(csv, StandardCharsets.UTF_8);
    int cut = all.indexOf('\n', all.length() / 2) + 40; // the header, the whole rows before it and part of the next
    String kept = all.substring(0, cut);
    long whole = kept.chars().filter(c -> c == '\n').count() - 1;
    Files.writeString(p, kept);
    CliRun r = CliRun.of("sweep", LISTING3, "--csv", p.toString(), "--resume");
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.err()).contains("(" + whole + " kept from the interrupted sweep)");
    assertThat(Files.readAllBytes(p)).isEqualTo(csv);
    // resuming a finished sweep runs nothing and changes nothing
    CliRun again = CliRun.of("sweep", LISTING3, "--csv", p.toString(), "--resume");
    assertThat(again.err()).contains("48 points: 44 ran (33 correct, 11 wrong), 4 refused (all done already)");
    assertThat(Files.readAllBytes(p)).isEqualTo(csv);
  }

  @Test
  void aSweepCutInsideACharacterResumesAndAnAddedOutputIsFilled() throws Exception {
    // row 18 (point 17) holds "≤": cut inside its three bytes, as a write stopped by a full disk leaves it
    byte[] all = csv;
    String text = new String(all, StandardCharsets.UTF_8);
    int row = text.indexOf("\n17,") + 1;
    int le = new String(all, StandardCharsets.UTF_8).substring(row).indexOf('≤');
    int cut = text.substring(0, row + le).getBytes(StandardCharsets.UTF_8).length + 1; // one byte of the three
    Path p = dir.resolve("cut-char.csv");
    Files.write(p, java.util.Arrays.copyOf(all, cut));
    // and JSON lines added only now: filled with the CSV's kept rows, then the rest
    Path j = dir.resolve("cut-char.jsonl");
    CliRun r = CliRun.of("sweep", LISTING3, "--csv", p.toString(), "--jsonl", j.toString(), "--resume");
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.err()).contains("(17 kept from the interrupted sweep)");
    assertThat(Files.readAllBytes(p)).isEqualTo(csv);
    assertThat(Files.readAllBytes(j)).isEqualTo(jsonl);
    // a cut-off line that is not this sweep's next row is a file it was not writing: refused, untouched
    Path mine = dir.resolve("mine-row.jsonl");
    Files.writeString(mine, "{\"point\":3,\"mine\": true}");
    CliRun m = CliRun.of("sweep", LISTING3, "--jsonl", mine.toString(), "--resume");
    assertThat(m.code()).isEqualTo(Main.INVALID_INPUT);
    assertThat(m.err()).contains("its last line is not the start of this sweep's next row (point 0)");
    assertThat(Files.readString(mine)).isEqualTo("{\"point\":3,\"mine\": true}");
  }

  /** A sweep slow enough to be stopped: 36 points of Harris's scan of large arrays, checked. */
  static Path slowSpec() throws Exception {
    Path spec = dir.resolve("slow.yaml");
    Files.writeString(spec, """
        kernels: [harris/scan_large_array]
        variants: {a: [], b: [NUM_BANKS=32], c: [LOG_NUM_BANKS=5]}
        sizes: 2^12..2^17
        archs: [hopper, g80]
        options: {check: [races, bounds]}
        """);
    return spec;
  }

  @Test
  void aSweepKilledAndResumedWritesWhatAnUninterruptedOneWrites() throws Exception {
    Path spec = slowSpec();
    Path whole = dir.resolve("slow-whole.jsonl");
    CliRun w = CliRun.of("sweep", spec.toString(), "--jsonl", whole.toString());
    assertThat(w.code()).as(w.err()).isZero();
    Path killed = dir.resolve("slow-killed.jsonl");
    // The sweep in a JVM of its own, killed (SIGKILL: no shutdown hook runs) once some rows are written.
    List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
        System.getProperty("java.class.path"), Main.class.getName(), "sweep", spec.toString(), "--jsonl", killed.toString(),
        "--threads", "1"));
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    long deadline = System.nanoTime() + 120_000_000_000L;
    while (System.nanoTime() < deadline && p.isAlive() && (!Files.exists(killed) || Files.readAllLines(killed).size() < 4)) {
      Thread.sleep(20);
    }
    assertThat(p.isAlive()).as("the sweep still runs when it is killed").isTrue();
    p.destroyForcibly().waitFor();
    int before = Files.readAllLines(killed).size();
    assertThat(before).isBetween(4, 35);
    CliRun r = CliRun.of("sweep", spec.toString(), "--jsonl", killed.toString(), "--resume");
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.err()).contains("(" + before + " kept from the interrupted sweep)");
    assertThat(Files.readAllBytes(killed)).isEqualTo(Files.readAllBytes(whole));
  }

  @Test
  void fourShardsMergeIntoTheFileOneRunWrites() throws Exception {
    List<String> csvShards = new ArrayList<>();
    List<String> jsonShards = new ArrayList<>();
    for (int i = 3; i >= 0; i--) { // in any order
      String c = dir.resolve("shard-" + i + ".csv").toString();
      String j = dir.resolve("shard-" + i + ".jsonl").toString();
      CliRun r = CliRun.of("sweep", LISTING3, "--shard", i + "/4", "--csv", c, "--jsonl", j);
      assertThat(r.code()).as(r.err()).isZero();
      assertThat(r.err()).contains("12 points");
      csvShards.add(c);
      jsonShards.add(j);
    }
    List<String> args = new ArrayList<>(List.of("merge", dir.resolve("merged.csv").toString()));
    args.addAll(csvShards);
    CliRun m = CliRun.of(args.toArray(String[]::new));
    assertThat(m.code()).as(m.err()).isZero();
    assertThat(m.err()).isEqualTo("scansim: merged 4 shards into " + dir.resolve("merged.csv") + " (48 points)\n");
    assertThat(Files.readAllBytes(dir.resolve("merged.csv"))).isEqualTo(csv);
    args = new ArrayList<>(List.of("merge", dir.resolve("merged.jsonl").toString()));
    args.addAll(jsonShards);
    assertThat(CliRun.of(args.toArray(String[]::new)).code()).isZero();
    assertThat(Files.readAllBytes(dir.resolve("merged.jsonl"))).isEqualTo(jsonl);

    // a shard missing, a shard twice, a shard of another sweep: refused, saying which
    CliRun missing = CliRun.of("merge", dir.resolve("m2.csv").toString(), csvShards.get(0), csvShards.get(1), csvShards.get(2));
    assertThat(missing.code()).isEqualTo(Main.INVALID_INPUT);
    assertThat(missing.err()).isEqualTo("scansim: error: 12 of the sweep's 48 points are in none of the shards (point 0, 4, 8, 12, 16, …):"
        + " a shard is missing or did not finish\n");
    CliRun twice = CliRun.of("merge", dir.resolve("m2.csv").toString(), csvShards.get(0), dir.resolve(".").resolve("shard-3.csv").toString());
    assertThat(twice.err()).isEqualTo("scansim: error: point 3 is in two shards: " + csvShards.get(0) + " (named twice)\n");
    Path other = dir.resolve("other.csv");
    assertThat(CliRun.of("sweep", slowSpec().toString(), "--shard", "0/9", "--csv", other.toString()).code()).isZero();
    CliRun mixed = CliRun.of("merge", dir.resolve("m2.csv").toString(), csvShards.get(0), other.toString());
    assertThat(mixed.err()).contains("rows of another sweep");
    assertThat(Files.exists(dir.resolve("m2.csv"))).isFalse();
  }

  @Test
  void shardsRunAsSeparateProcessesMergeToo() throws Exception {
    // what a batch system does: each shard a JVM of its own, started together, in its own order
    List<Process> ps = new ArrayList<>();
    List<String> shards = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      String out = dir.resolve("proc-" + i + ".csv").toString();
      shards.add(out);
      ps.add(new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp", System.getProperty("java.class.path"),
          Main.class.getName(), "sweep", LISTING3, "--shard", i + "/4", "--csv", out, "--threads", "1")
          .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start());
    }
    for (Process p : ps) {
      assertThat(p.waitFor()).isZero();
    }
    List<String> args = new ArrayList<>(List.of("merge", dir.resolve("proc.csv").toString()));
    args.addAll(shards);
    assertThat(CliRun.of(args.toArray(String[]::new)).code()).isZero();
    assertThat(Files.readAllBytes(dir.resolve("proc.csv"))).isEqualTo(csv);
  }

  @Test
  void badPointsAreRowsWithTheirError() throws Exception {
    Path spec = dir.resolve("bad.yaml");
    Files.writeString(spec, """
        kernels: [harris/conflict_free]
        variants:
          fine: []
          broken: [LOG_NUM_BANKS=banks]
        sizes: [1024, 4096]
        options: {max-instructions: 5000}
        """);
    Path out = dir.resolve("bad.csv");
    CliRun r = CliRun.of("sweep", spec.toString(), "--csv", out.toString());
    assertThat(r.code()).as(r.err()).isZero();
    List<String> rows = Files.readAllLines(out);
    assertThat(rows).hasSize(5);
    assertThat(rows.get(1)).startsWith("0,harris/conflict_free,fine,hopper,1024,fault,")
        .contains("kernels/harris/conflict_free.cu:92:23: the launch ran past its instruction budget");
    assertThat(rows.get(2)).startsWith("1,harris/conflict_free,fine,hopper,4096,refused,")
        .contains("harris/conflict_free runs 2 ≤ n ≤ 2048");
    assertThat(rows.get(3)).startsWith("2,harris/conflict_free,broken,hopper,1024,does-not-compile,")
        .contains("kernels/harris/conflict_free.cu:").contains("undeclared identifier 'banks'");
    // why a variant does not compile is said once, on standard error too
    assertThat(r.err()).containsOnlyOnce("scansim: note: harris/conflict_free, variant 'broken' does not compile: ")
        .endsWith("scansim: 4 points: 2 does-not-compile, 1 fault, 1 refused; wrote " + out + "\n");
  }

  @Test
  void aPointThatLaunchesNothingSaysSo() throws Exception {
    // with a variant's defines the catalog's sizes are not checked; the host entry then returns
    // without a launch at n = 4096, which its own bounds refuse
    Path spec = dir.resolve("nolaunch.yaml");
    Files.writeString(spec, "kernels: [harris/conflict_free]\nvariants: {z: [ZERO_BANK_CONFLICTS]}\nsizes: [4096]\n");
    Path out = dir.resolve("nolaunch.csv");
    CliRun r = CliRun.of("sweep", spec.toString(), "--csv", out.toString());
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(Files.readAllLines(out).get(1)).startsWith("0,harris/conflict_free,z,hopper,4096,ran,false,,0,")
        .contains("no kernel was launched: the entry returned without a launch");
    assertThat(r.out()).contains("hopper  4,096  -\n").contains("launched no kernel");
  }

  @Test
  void aSpecOrAFileThatCannotBeUsedStopsTheSweepBeforeItRuns() throws Exception {
    Path spec = dir.resolve("typo.yaml");
    Files.writeString(spec, "kernels: [harris/conflict_fre]\nsizes: 64\n");
    CliRun typo = CliRun.of("sweep", spec.toString());
    assertThat(typo.code()).isEqualTo(Main.INVALID_INPUT);
    assertThat(typo.err()).startsWith(spec + ": error: kernels: no file or catalog kernel 'harris/conflict_fre'; did you mean harris/conflict_free");
    Files.writeString(spec, "kernels: [harris/conflict_free]\nsizes: 64\narchs: [hoper]\n");
    assertThat(CliRun.of("sweep", spec.toString()).err()).startsWith(spec + ": error: archs: ");
    // the user's own file is never overwritten, nor resumed: a CSV, and JSON lines of one line without its end
    Path mine = dir.resolve("mine.csv");
    Files.writeString(mine, "a,b\n1,2\n");
    Path mineJson = dir.resolve("mine.jsonl");
    Files.writeString(mineJson, "{\"my\": \"precious data\"}");
    Path shard = dir.resolve("a-shard.csv");
    Files.write(shard, csv);
    for (String[] args : List.of(new String[] {"sweep", LISTING3, "--csv", mine.toString()},
        new String[] {"sweep", LISTING3, "--csv", mine.toString(), "--resume"}, new String[] {"merge", mine.toString(), shard.toString()},
        new String[] {"sweep", LISTING3, "--jsonl", mineJson.toString()}, new String[] {"sweep", LISTING3, "--jsonl", mineJson.toString(), "--resume"})) {
      CliRun r = CliRun.of(args);
      assertThat(r.code()).as(String.join(" ", args)).isEqualTo(Main.INVALID_INPUT);
    }
    assertThat(Files.readString(mine)).isEqualTo("a,b\n1,2\n");
    assertThat(Files.readString(mineJson)).isEqualTo("{\"my\": \"precious data\"}");
    // one file named for two outputs
    CliRun twice = CliRun.of("sweep", LISTING3, "--csv", dir.resolve("same.csv").toString(), "--html", dir.resolve("same.csv").toString());
    assertThat(twice.err()).isEqualTo("scansim: error: " + dir.resolve("same.csv") + " is named twice (as an input or output); name each file once\n");
    Path page = dir.resolve("page.html");
    CliRun run = CliRun.of("run", ROOT.resolve("kernels/harris/blelloch.cu").toString(), "--n", "64", "--json", page.toString(), "--html",
        page.toString());
    assertThat(run.code()).isEqualTo(Main.INVALID_INPUT);
    assertThat(run.err()).contains(" is named twice");
    assertThat(page).doesNotExist();
    // rows of another sweep are not resumed
    Path other = dir.resolve("other-sweep.csv");
    Files.write(other, csv);
    Files.writeString(spec, "kernels: [harris/conflict_free]\nsizes: 64\n");
    CliRun r = CliRun.of("sweep", spec.toString(), "--csv", other.toString(), "--resume");
    assertThat(r.code()).isEqualTo(Main.INVALID_INPUT);
    assertThat(r.err()).contains("rows of another sweep").contains("run without --resume to start again");
    assertThat(Files.readAllBytes(other)).isEqualTo(csv);
    assertThat(CliRun.of("sweep", LISTING3, "--shard", "4/4").err())
        .isEqualTo("scansim: error: --shard takes I/N with 0 <= I < N (0/4 … 3/4, as a Slurm array's task id counts), not '4/4'\n");
  }
}
