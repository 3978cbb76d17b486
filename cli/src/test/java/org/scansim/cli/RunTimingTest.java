package org.scansim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code run}'s timing as a user runs it: on by default, the report's timing, its total, per phase, and the options it refuses. */
class RunTimingTest {
  private static final String TWO_LAUNCHES = """
      __global__ void fill(float *out, int n) { out[threadIdx.x] = 1.0f; }
      __global__ void past(float *out, int n) { out[n + 100000 + threadIdx.x] = 2.0f; }
      void entry(const float *in, float *out, int n) {
          fill<<<1, 32>>>(out, n);
          past<<<1, 32>>>(out, n);
      }
      """;

  /** A launch that ran a device printf says its cycles leave printf out (issue 45), where the report says what bounds it; the next one does not. */
  @Test
  void aLaunchThatPrintsSaysItsCyclesLeavePrintfOut(@TempDir Path dir) throws Exception {
    Path f = Files.writeString(dir.resolve("p.cu"), """
        #include <cstdio>
        __global__ void shout(int *o) { o[threadIdx.x] = threadIdx.x; if (threadIdx.x == 0) printf("first %d\\n", o[0]); }
        __global__ void quiet(int *o) { o[threadIdx.x] += 1; }
        int main() { int *d; cudaMalloc(&d, 256); shout<<<1, 32>>>(d); quiet<<<1, 32>>>(d); cudaDeviceSynchronize(); return 0; }
        """);
    Path json = dir.resolve("p.json");
    CliRun r = CliRun.of("run", f.toString(), "--json", json.toString());
    assertThat(r.code()).as(r.err()).isZero();
    JsonNode launches = new ObjectMapper().readTree(json.toFile()).get("launches");
    assertThat(launches.get(0).get("timing").get("bound").asText()).isEqualTo("printf, not modelled");
    assertThat(launches.get(1).get("timing").get("bound").asText()).isEqualTo("blocks");
    assertThat(r.out()).startsWith("first 0\n").containsPattern("0  shout +[0-9,]+ +[0-9.]+ +1 +1  printf, not modelled");
  }

  @Test
  void theTotalIsTheCompletedLaunchesOnly(@TempDir Path dir) throws Exception {
    Path f = Files.writeString(dir.resolve("t.cu"), TWO_LAUNCHES);
    Path json = dir.resolve("r.json");
    CliRun r = CliRun.of("run", f.toString(), "--n", "64", "--timing", "--json", json.toString());
    assertThat(r.code()).as(r.err()).isEqualTo(Main.KERNEL_FAULT);
    JsonNode doc = new ObjectMapper().readTree(json.toFile());
    assertThat(doc.get("launches")).hasSize(1);
    long first = doc.get("launches").get(0).get("timing").get("smCycles").asLong();
    assertThat(first).as("at least the launch's fixed cost").isGreaterThan(org.scansim.timing.TimingPresets.ofPreset("hopper", null).orElseThrow()
        .launchCycles());
    assertThat(doc.get("totals").get("timing").get("smCycles").asLong()).as("the faulted launch is not in the total").isEqualTo(first);
    assertThat(r.out()).contains("time per launch (timing model: hopper").contains("where the warps' cycles go");
  }

  @Test
  void eachBarrierPhaseHasItsCycles(@TempDir Path dir) throws Exception {
    Path json = dir.resolve("r.json");
    CliRun r = CliRun.of("run", "harris/blelloch", "--n", "64", "--timing", "--json", json.toString());
    assertThat(r.code()).as(r.err()).isEqualTo(Main.OK);
    JsonNode launch = new ObjectMapper().readTree(json.toFile()).get("launches").get(0);
    JsonNode phases = launch.get("timing").get("phaseCycles");
    assertThat(phases).as("one a barrier phase, as the counters' phases").hasSize(launch.get("phases").size());
    long sum = 0;
    for (JsonNode p : phases) {
      assertThat(p.asLong()).isGreaterThanOrEqualTo(0);
      sum += p.asLong();
    }
    // One block: the launch is its fixed cost and the block's phases.
    assertThat(launch.get("timing").get("smCycles").asLong() - sum)
        .isEqualTo(org.scansim.timing.TimingPresets.ofPreset("hopper", null).orElseThrow().launchCycles());
  }

  @Test
  void theReportSaysWhatTheLaunchsFixedCostAndItsBankConflictsTake(@TempDir Path dir) throws Exception {
    long fixed = org.scansim.timing.TimingPresets.ofPreset("hopper", null).orElseThrow().launchCycles();
    Path listing2 = dir.resolve("l2.json");
    assertThat(CliRun.of("run", "harris/blelloch", "--n", "1024", "--json", listing2.toString()).code()).isEqualTo(Main.OK);
    JsonNode t = new ObjectMapper().readTree(listing2.toFile()).get("launches").get(0).get("timing");
    assertThat(t.get("fixedCycles").asLong()).isEqualTo(fixed);
    // Listing 2 at 1024 elements has up to 32-way conflicts: without them the block is shorter, by
    // part of its own cycles (not the launch's fixed cost), and each phase by its own conflicts.
    long conflicts = t.get("conflictCycles").asLong();
    assertThat(conflicts).isPositive().isLessThan(t.get("smCycles").asLong() - fixed);
    long perPhase = 0;
    for (int i = 0; i < t.get("phaseCycles").size(); i++) {
      assertThat(t.get("phaseConflictCycles").get(i).asLong()).isBetween(0L, t.get("phaseCycles").get(i).asLong());
      perPhase += t.get("phaseConflictCycles").get(i).asLong();
    }
    assertThat(perPhase).as("one block: the launch's conflicts are its phases'").isEqualTo(conflicts);
    // Harris's large-array scan at 2^20 has none (memory table: 0 conflicts): nothing added.
    Path large = dir.resolve("large.json");
    assertThat(CliRun.of("run", "harris/scan_large_array", "--n", "1048576", "--json", large.toString()).code()).isEqualTo(Main.OK);
    JsonNode doc = new ObjectMapper().readTree(large.toFile());
    for (JsonNode l : doc.get("launches")) {
      assertThat(l.get("timing").get("conflictCycles").asLong()).isZero();
    }
    assertThat(doc.get("totals").get("timing").get("fixedCycles").asLong()).isEqualTo(fixed * doc.get("launches").size());
  }

  @Test
  void theCardIsAParameter(@TempDir Path dir) throws Exception {
    Path h100 = dir.resolve("h100.json");
    Path h200 = dir.resolve("h200.json");
    assertThat(CliRun.of("run", "harris/blelloch", "--n", "256", "--json", h100.toString()).code()).isEqualTo(Main.OK);
    CliRun r = CliRun.of("run", "harris/blelloch", "--n", "256", "--card", "h200", "--json", h200.toString());
    assertThat(r.code()).as(r.err()).isEqualTo(Main.OK);
    assertThat(r.out()).contains("calibrated on NVIDIA H200");
    JsonNode a = new ObjectMapper().readTree(h100.toFile()).get("launches").get(0).get("timing");
    JsonNode b = new ObjectMapper().readTree(h200.toFile()).get("launches").get(0).get("timing");
    // The H200's launch costs about 1,200 cycles less (empty.cu: 2,247 against 3,435 on the H100).
    assertThat(b.get("fixedCycles").asLong()).isEqualTo(org.scansim.timing.TimingPresets.ofPreset("hopper", "h200").orElseThrow().launchCycles());
    assertThat(a.get("smCycles").asLong() - b.get("smCycles").asLong()).isGreaterThan(800);
    CliRun wrong = CliRun.of("run", "harris/blelloch", "--n", "256", "--card", "a100");
    assertThat(wrong.code()).isEqualTo(Main.INVALID_INPUT);
    assertThat(wrong.err()).contains("--card a100: the timing model has parameters for h100 and h200 on hopper");
    // Whatever else the run asks for: a card the preset does not have is an error, its case aside.
    assertThat(CliRun.of("run", "harris/blelloch", "--n", "256", "--no-timing", "--card", "a100").code()).isEqualTo(Main.INVALID_INPUT);
    CliRun g80 = CliRun.of("run", "harris/blelloch", "--n", "256", "--arch", "g80", "--card", "h200");
    assertThat(g80.code()).isEqualTo(Main.INVALID_INPUT);
    assertThat(g80.err()).contains("--card h200: the timing model has parameters for 8800gtx on g80");
    assertThat(CliRun.of("run", "harris/blelloch", "--n", "256", "--card", "H200").code()).isEqualTo(Main.OK);
  }

  @Test
  void timingIsTheSimulatedDevicesAndEveryPresets(@TempDir Path dir) throws Exception {
    Path f = Files.writeString(dir.resolve("t.cu"), TWO_LAUNCHES);
    CliRun gpu = CliRun.of("run", f.toString(), "--n", "64", "--timing", "--device", "gpu");
    assertThat(gpu.code()).isEqualTo(Main.INVALID_INPUT);
    assertThat(gpu.err()).startsWith("scansim: error: --timing predicts the simulated device's cycles");
    CliRun own = CliRun.of("run", f.toString(), "--n", "64", "--timing", "--arch", ownArchitecture(dir).toString());
    assertThat(own.code()).isEqualTo(Main.INVALID_INPUT);
    assertThat(own.err()).isEqualTo("scansim: error: --timing: the timing model has no parameters for my-g80: its facts are no preset's,"
        + " and its parameters are calibrated on the presets' cards (" + String.join(", ", org.scansim.timing.TimingPresets.all().keySet())
        + ")\n");
    for (String arch : List.of("g80", "fermi", "kepler", "volta", "ampere")) {
      CliRun r = CliRun.of("run", f.toString(), "--n", "64", "--timing", "--arch", arch);
      assertThat(r.code()).as("its second launch writes past the output").isEqualTo(Main.KERNEL_FAULT);
      assertThat(r.out()).contains("time per launch (timing model: " + arch + ", not calibrated against any card");
    }
  }

  @Test
  void timingIsOnByDefaultAndNoTimingLeavesTheRestAsItWas(@TempDir Path dir) throws Exception {
    Path timed = dir.resolve("timed.json");
    Path plain = dir.resolve("plain.json");
    CliRun a = CliRun.of("run", "harris/blelloch", "--n", "256", "--json", timed.toString());
    CliRun b = CliRun.of("run", "harris/blelloch", "--n", "256", "--no-timing", "--json", plain.toString());
    assertThat(a.code()).as(a.err()).isEqualTo(Main.OK);
    assertThat(b.code()).as(b.err()).isEqualTo(Main.OK);
    assertThat(a.out()).contains("time per launch (timing model: hopper");
    assertThat(b.out()).doesNotContain("time per launch").doesNotContain("cycles");
    ObjectMapper m = new ObjectMapper();
    com.fasterxml.jackson.databind.node.ObjectNode withTiming = (com.fasterxml.jackson.databind.node.ObjectNode) m.readTree(timed.toFile());
    assertThat(withTiming.get("launches").get(0).get("timing").get("smCycles").asLong()).isPositive();
    ((com.fasterxml.jackson.databind.node.ObjectNode) withTiming.get("launches").get(0)).remove("timing");
    ((com.fasterxml.jackson.databind.node.ObjectNode) withTiming.get("totals")).remove("timing");
    assertThat(withTiming).as("the timing model changes nothing else").isEqualTo(m.readTree(plain.toFile()));
  }

  @Test
  void anArchitectureWithoutParametersRunsWithANoteUnlessTimingIsAskedFor(@TempDir Path dir) throws Exception {
    Path json = dir.resolve("out.json");
    String own = ownArchitecture(dir).toString();
    CliRun r = CliRun.of("run", "harris/blelloch", "--n", "256", "--arch", own, "--json", json.toString());
    assertThat(r.code()).as(r.err()).isEqualTo(Main.OK);
    assertThat(r.out()).contains("note: no cycles: the timing model has no parameters for my-g80: its facts are no preset's")
        .doesNotContain("time per launch");
    JsonNode d = new ObjectMapper().readTree(json.toFile()).get("diagnostics").get(0);
    assertThat(d.get("severity").asText()).isEqualTo("note");
    assertThat(d.get("kind").asText()).isEqualTo("timing");
    CliRun none = CliRun.of("run", "harris/blelloch", "--n", "256", "--arch", own, "--no-timing");
    assertThat(none.out()).doesNotContain("no cycles");
  }

  @Test
  void eachBarrierPhaseHasItsStallsAndTheyAddUpToTheLaunchs(@TempDir Path dir) throws Exception {
    Path json = dir.resolve("r.json");
    CliRun r = CliRun.of("run", "harris/scan_large_array", "--n", "4096", "--json", json.toString());
    assertThat(r.code()).as(r.err()).isEqualTo(Main.OK);
    JsonNode launches = new ObjectMapper().readTree(json.toFile()).get("launches");
    for (JsonNode launch : launches) {
      JsonNode t = launch.get("timing");
      assertThat(t.get("phaseStalls")).as("one a barrier phase").hasSize(launch.get("phases").size());
      java.util.Iterator<String> reasons = t.get("stalls").fieldNames();
      while (reasons.hasNext()) {
        String reason = reasons.next();
        long sum = 0;
        for (JsonNode p : t.get("phaseStalls")) {
          sum += p.get(reason).asLong();
        }
        assertThat(sum).as(reason).isEqualTo(t.get("stalls").get(reason).asLong());
      }
    }
    // The first launch's warps wait for their global loads before the first barrier, and only there.
    JsonNode first = launches.get(0).get("timing").get("phaseStalls");
    assertThat(first.get(0).get("long_scoreboard").asLong()).isPositive();
    assertThat(first.get(1).get("long_scoreboard").asLong()).isZero();
    assertThat(first.get(1).get("barrier").asLong()).isPositive();
  }

  @Test
  void blocksThatDifferAreTakenInBlockOrderOnAnyNumberOfThreads(@TempDir Path dir) throws Exception {
    // 300 blocks (several chunks), each looping blockIdx.x % 7 times longer than the one before:
    // their traces differ, so the launch's slowest block and its phases depend on the order.
    Path f = Files.writeString(dir.resolve("uneven.cu"), """
        __global__ void uneven(const float *in, float *out, int n) {
            __shared__ float s[64];
            float x = in[threadIdx.x];
            for (int k = 0; k < (int) (blockIdx.x % 7) * 8; ++k) {
                x = x * 0.5f + 1.0f;
            }
            s[threadIdx.x] = x;
            __syncthreads();
            out[blockIdx.x * 64 + threadIdx.x] = s[63 - threadIdx.x];
        }
        void entry(const float *in, float *out, int n) { uneven<<<300, 64>>>(in, out, n); }
        """);
    Path one = dir.resolve("one.json");
    Path four = dir.resolve("four.json");
    CliRun a = CliRun.of("run", f.toString(), "--n", "19200", "--threads", "1", "--json", one.toString());
    CliRun b = CliRun.of("run", f.toString(), "--n", "19200", "--threads", "4", "--json", four.toString());
    assertThat(a.code()).as(a.err()).isEqualTo(Main.OK);
    assertThat(b.code()).as(b.err()).isEqualTo(Main.OK);
    assertThat(Files.readString(four)).isEqualTo(Files.readString(one));
    assertThat(new ObjectMapper().readTree(one.toFile()).get("launches").get(0).get("timing").get("smCycles").asLong()).isPositive();
  }

  @Test
  void theReportIsTheSameOnAnyNumberOfThreads(@TempDir Path dir) throws Exception {
    for (String kernel : new String[] {"harris/scan_large_array", "pmpp/chained_scan"}) {
      Path one = dir.resolve("one.json");
      Path four = dir.resolve("four.json");
      CliRun a = CliRun.of("run", kernel, "--n", "65536", "--threads", "1", "--json", one.toString());
      CliRun b = CliRun.of("run", kernel, "--n", "65536", "--threads", "4", "--json", four.toString());
      assertThat(a.code()).as(a.err()).isEqualTo(Main.OK);
      assertThat(b.code()).as(b.err()).isEqualTo(Main.OK);
      assertThat(a.out()).contains("time per launch");
      assertThat(Files.readString(four)).as(kernel).isEqualTo(Files.readString(one));
      assertThat(b.out()).isEqualTo(a.out());
    }
  }

  /** G80's file renamed, with 8 SMs instead of 16: an architecture of the user's own, so the timing model has no parameters for it. */
  private static Path ownArchitecture(Path dir) throws Exception {
    return Files.writeString(dir.resolve("my-g80.json"), g80Copy("my-g80", 8));
  }

  private static String g80Copy(String name, int sms) throws Exception {
    try (java.io.InputStream in = org.scansim.sim.arch.Architecture.class.getResourceAsStream("g80.json")) {
      String text = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
      assertThat(text).contains("\"name\": \"g80\"", "\"smCount\": 16,");
      return text.replace("\"name\": \"g80\"", "\"name\": \"" + name + "\"").replace("\"smCount\": 16,", "\"smCount\": " + sms + ",");
    }
  }

  @Test
  void timingFollowsAnArchitecturesFactsNotItsName(@TempDir Path dir) throws Exception {
    // A preset's facts under another name are that preset: its parameters apply.
    Path renamed = Files.writeString(dir.resolve("renamed.json"), g80Copy("renamed", 16));
    CliRun r = CliRun.of("run", "harris/blelloch", "--n", "256", "--arch", renamed.toString());
    assertThat(r.code()).as(r.err()).isEqualTo(Main.OK);
    assertThat(r.out()).contains("time per launch (timing model: g80, not calibrated against any card");
    // and the catalog's settings for g80 too: the sizes it refuses there.
    CliRun big = CliRun.of("run", "harris/blelloch", "--n", "2048", "--arch", renamed.toString());
    assertThat(big.code()).isEqualTo(Main.INVALID_INPUT);
    assertThat(big.err()).contains("n = 2048 is not among them on g80");
    // A preset's name with other facts would claim the preset's timing for them: refused, naming what differs.
    Path claimed = Files.writeString(dir.resolve("claimed.json"), g80Copy("g80", 1));
    CliRun c = CliRun.of("run", "harris/blelloch", "--n", "256", "--arch", claimed.toString());
    assertThat(c.code()).isEqualTo(Main.INVALID_INPUT);
    assertThat(c.err()).contains(claimed + ": error: field \"name\": \"g80\" is a preset's name, and this file differs from that preset in"
        + " smCount (1; the preset's 16); give it a name of its own").doesNotContain("at org.");
    assertThat(c.out()).isEmpty();
  }
}
