package org.scansim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code run --timing} as a user runs it: the report's timing, its total, and the options it refuses. */
class RunTimingTest {
  private static final String TWO_LAUNCHES = """
      __global__ void fill(float *out, int n) { out[threadIdx.x] = 1.0f; }
      __global__ void past(float *out, int n) { out[n + 100000 + threadIdx.x] = 2.0f; }
      void entry(const float *in, float *out, int n) {
          fill<<<1, 32>>>(out, n);
          past<<<1, 32>>>(out, n);
      }
      """;

  @Test
  void theTotalIsTheCompletedLaunchesOnly(@TempDir Path dir) throws Exception {
    Path f = Files.writeString(dir.resolve("t.cu"), TWO_LAUNCHES);
    Path json = dir.resolve("r.json");
    CliRun r = CliRun.of("run", f.toString(), "--n", "64", "--timing", "--json", json.toString());
    assertThat(r.code()).as(r.err()).isEqualTo(Main.KERNEL_FAULT);
    JsonNode doc = new ObjectMapper().readTree(json.toFile());
    assertThat(doc.get("launches")).hasSize(1);
    long first = doc.get("launches").get(0).get("timing").get("smCycles").asLong();
    assertThat(first).as("at least the launch's fixed cost").isGreaterThan(org.scansim.timing.TimingParameters.of("hopper").orElseThrow()
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
        .isEqualTo(org.scansim.timing.TimingParameters.of("hopper").orElseThrow().launchCycles());
  }

  @Test
  void timingIsTheSimulatedDevicesAndHoppersForNow(@TempDir Path dir) throws Exception {
    Path f = Files.writeString(dir.resolve("t.cu"), TWO_LAUNCHES);
    CliRun gpu = CliRun.of("run", f.toString(), "--n", "64", "--timing", "--device", "gpu");
    assertThat(gpu.code()).isEqualTo(Main.INVALID_INPUT);
    assertThat(gpu.err()).startsWith("scansim: error: --timing predicts the simulated device's cycles");
    CliRun g80 = CliRun.of("run", f.toString(), "--n", "64", "--timing", "--arch", "g80");
    assertThat(g80.code()).isEqualTo(Main.INVALID_INPUT);
    assertThat(g80.err()).isEqualTo("scansim: error: --timing: the timing model has no parameters for g80 yet (it has them for hopper)\n");
  }
}
