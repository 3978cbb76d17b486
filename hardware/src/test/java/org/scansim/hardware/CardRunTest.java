package org.scansim.hardware;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.scansim.reports.RunReport;
import org.scansim.sim.result.Fault;

/**
 * A card's run ({@code run --device gpu}) is reported in the simulated GPU's model: a recorded H100
 * run (hardware/measurements/gpu-runs-2026-11-26) and runs made up to show the median of several,
 * a wrong result and a fault. The expected reports are written out by hand from the recorded
 * values.
 */
class CardRunTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static RunReport.Inputs inputs(String file, int n, String expect) {
    return new RunReport.Inputs(file, n, "sm_90", expect, Map.of(), 0);
  }

  /** The recorded run of line {@code line} (1-based) of runs.jsonl, as the card gave it. */
  private static GpuRun.Outcome recorded(int line) throws Exception {
    Path runs = ToolOutputTest.samples().getParent().getParent().resolve("gpu-runs-2026-11-26/runs.jsonl");
    JsonNode r = JSON.readTree(Files.readAllLines(runs).get(line - 1));
    List<GpuRun.Launch> launches = new ArrayList<>();
    for (JsonNode l : r.get("launches")) {
      launches.add(new GpuRun.Launch(l.get("index").asInt(), l.get("kernel").asText(), l.get("launchSite").asText(), longs(l.get("grid")),
          longs(l.get("block")), l.get("dynamicSharedBytes").asLong(), l.get("millis").asDouble()));
    }
    return new GpuRun.Outcome(r.get("card").asText(), r.get("arch").asText(), r.get("driverVersion").asInt(), r.get("entry").asText(),
        r.get("elementType").asText(), r.get("n").asInt(), launches, r.get("output").asText(), r.get("correct").asBoolean(), List.of(),
        null, new byte[0], 1);
  }

  private static List<Long> longs(JsonNode a) {
    List<Long> out = new ArrayList<>();
    a.forEach(v -> out.add(v.asLong()));
    return out;
  }

  @Test
  void aRecordedH100RunReadsAsASimulatedRunDoesWithItsLaunchTimes() throws Exception {
    CardRun run = new CardRun(inputs("kernels/handbook/reduce_then_scan.cu", 1048576, "inclusive"), recorded(3));
    assertThat(run.text()).isEqualTo("""
        scansim run kernels/handbook/reduce_then_scan.cu --device gpu  n=1048576  arch=sm_90  entry=reduce_then_scan(float)
        card: NVIDIA H100 80GB HBM3 (sm_90, driver 13.0)
        result: correct inclusive scan

        launches (time by CUDA events)
          #  kernel               grid     block    dyn smem B  time ms  location
          0  reduce_tiles_kernel  512x1x1  128x1x1           0    0.071  kernels/handbook/reduce_then_scan.cu:220:5
          1  scan_tiles_kernel    1x1x1    128x1x1           0    0.038  kernels/handbook/reduce_then_scan.cu:214:9
          2  scan_tiles_kernel    512x1x1  128x1x1           0    0.019  kernels/handbook/reduce_then_scan.cu:222:5
        """);
    JsonNode j = JSON.readTree(run.json());
    assertThat(j.get("schemaVersion").asInt()).isEqualTo(RunReport.SCHEMA_VERSION);
    assertThat(j.get("inputs").get("file").asText()).isEqualTo("kernels/handbook/reduce_then_scan.cu");
    assertThat(j.get("card").toString()).isEqualTo("{\"name\":\"NVIDIA H100 80GB HBM3\",\"arch\":\"sm_90\",\"driver\":\"13.0\",\"runs\":1}");
    assertThat(j.get("correct").asBoolean()).isTrue();
    JsonNode l = j.get("launches").get(2);
    // The launch's fields a simulated report has too, in its order, then the card's time; no counters.
    assertThat(names(l)).containsExactly("index", "kernel", "location", "grid", "block", "dynamicSharedBytes", "cardTime");
    assertThat(l.get("grid").toString()).isEqualTo("[512,1,1]");
    assertThat(l.get("cardTime").get("medianMillis").asDouble()).isEqualTo(0.019487999379634857); // as recorded
    assertThat(j.has("totals")).isFalse();
    assertThat(j.has("sites")).isFalse();
  }

  @Test
  void severalRunsGiveEachLaunchTheirMedianFastestAndSlowest() throws Exception {
    List<GpuRun.Launch> launches = new ArrayList<>();
    double[][] ms = {{0.5, 2.0}, {0.25, 1.0}, {0.75, 3.0}};
    for (int run = 0; run < 3; run++) {
      launches.add(new GpuRun.Launch(2 * run, "up", "s.cu:9:3", List.of(4L, 1L, 1L), List.of(256L, 1L, 1L), 1024, ms[run][0]));
      launches.add(new GpuRun.Launch(2 * run + 1, "down", "s.cu:10:3", List.of(4L, 1L, 1L), List.of(256L, 1L, 1L), 0, ms[run][1]));
    }
    GpuRun.Outcome o = new GpuRun.Outcome("Card", "sm_90", 12080, "scan", "int", 1024, launches, "done\n", false,
        List.of("out[3] = 7, expected 6"), null, new byte[0], 3);
    CardRun run = new CardRun(inputs("s.cu", 1024, "exclusive"), o);
    assertThat(run.text()).isEqualTo("""
        scansim run s.cu --device gpu --repeat 3  n=1024  arch=sm_90  entry=scan(int)
        card: Card (sm_90, driver 12.8)
        result: WRONG, not an exclusive scan
          out[3] = 7, expected 6

        launches (time by CUDA events: the median of 3 runs)
          #  kernel  grid   block    dyn smem B  median ms  fastest  slowest  location
          0  up      4x1x1  256x1x1        1024      0.500    0.250    0.750  s.cu:9:3
          1  down    4x1x1  256x1x1           0      2.000    1.000    3.000  s.cu:10:3

        program output
        done
        """);
    assertThat(JSON.readTree(run.json()).get("launches").get(1).get("cardTime").toString())
        .isEqualTo("{\"medianMillis\":2.0,\"fastestMillis\":1.0,\"slowestMillis\":3.0,\"millisPerRun\":[2.0,1.0,3.0]}");
    assertThat(run.correct()).isFalse();
  }

  @Test
  void aFaultIsTheSimulatedReportsFaultLine() throws Exception {
    Fault f = new Fault(org.scansim.sim.result.Kind.EXIT, null, "the program called exit(1)");
    GpuRun.Outcome o = new GpuRun.Outcome("Card", "sm_90", 12080, "scan", "float", 64, List.of(), "", null, List.of(), f, new byte[0], 1);
    CardRun run = new CardRun(inputs("s.cu", 64, null), o);
    assertThat(run.text()).isEqualTo("""
        scansim run s.cu --device gpu  n=64  arch=sm_90  entry=scan(float)
        card: Card (sm_90, driver 12.8)
        no kernel ran: the host entry launched none
        fault: the program called exit(1)
        """);
    assertThat(JSON.readTree(run.json()).get("fault").toString())
        .isEqualTo("{\"severity\":\"error\",\"kind\":\"" + org.scansim.sim.result.Kind.EXIT.spelling() + "\",\"location\":null,\"message\":\"the program called exit(1)\"}");
    assertThat(run.fault()).isSameAs(f);
  }

  /** A JSON object's field names in order. */
  private static List<String> names(JsonNode n) {
    List<String> out = new ArrayList<>();
    n.fieldNames().forEachRemaining(out::add);
    return out;
  }
}
