package org.scansim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/** {@code scansim bench}: each kernel measured in a JVM of its own, the same runs as in this one. */
class BenchCommandTest {
  private static CliRun run(String... args) {
    return CliRun.of(args);
  }

  @Test
  void aForkedJvmMeasuresTheRunThisJvmWould() throws Exception {
    String[] args = {"bench", "--kernels", "pmpp/kogge_stone,harris/scan_large_array", "--min-log", "10", "--max-log", "12",
        "--no-targets", "--threads", "1", "--json"};
    CliRun forked = run(args);
    assertThat(forked.code()).as(forked.err()).isZero();
    String[] inProcess = java.util.Arrays.copyOf(args, args.length + 1);
    inProcess[args.length] = "--no-fork";
    CliRun here = run(inProcess);
    assertThat(here.code()).as(here.err()).isZero();
    ObjectMapper json = new ObjectMapper();
    JsonNode a = json.readTree(forked.out());
    JsonNode b = json.readTree(here.out());
    assertThat(a.get("jvmPerKernel").asBoolean()).isTrue();
    assertThat(b.get("jvmPerKernel").asBoolean()).isFalse();
    // kogge_stone runs at its one size, 1024; Harris at 2^10 and 2^12: the rows in order, the counts the same.
    assertThat(a.get("rows")).hasSize(3);
    for (int i = 0; i < 3; i++) {
      JsonNode x = a.get("rows").get(i);
      JsonNode y = b.get("rows").get(i);
      for (String f : new String[] {"kernel", "n", "threads", "warpInstructions", "threadInstructions", "correct"}) {
        assertThat(x.get(f)).as(f).isEqualTo(y.get(f));
      }
      assertThat(x.get("seconds").asDouble()).isPositive();
    }
    assertThat(a.get("rows").get(0).get("kernel").asText()).isEqualTo("pmpp/kogge_stone");
    // The sizes it does not take are named (on standard error, since standard output is the JSON); they were dropped silently.
    assertThat(forked.err()).isEqualTo("note: pmpp/kogge_stone takes 1 ≤ n ≤ 1024 (≤ 512 on g80) on hopper: 2^12 not run\n"); // steps of 2: 2^10, 2^12
    assertThat(here.err()).isEqualTo(forked.err());
    assertThat(a.get("rows").get(2).get("n").asInt()).isEqualTo(4096);
  }

  @Test
  void theTableSaysHowTheKernelsWereRun() {
    CliRun r = run("bench", "--kernels", "pmpp/kogge_stone", "--max-log", "10", "--no-targets", "--threads", "1");
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).contains("each kernel in a JVM of its own").containsPattern("(?m)^pmpp/kogge_stone +1024 ");
  }

  @Test
  void anUnknownArchitectureIsRefusedBeforeAnyOutput() {
    CliRun r = run("bench", "--kernels", "pmpp/kogge_stone", "--arch", "nosuch", "--no-targets");
    assertThat(r.code()).isEqualTo(Main.INVALID_INPUT);
    assertThat(r.out()).isEmpty();
    assertThat(r.err()).contains("no architecture preset \"nosuch\"").doesNotContain("Exception");
  }
}
