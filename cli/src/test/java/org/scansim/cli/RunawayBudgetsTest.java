package org.scansim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Memory is a budget like time (issue 43, items 2 and 3): a runaway kernel ends at the first of
 * its budgets with a fault naming it, in a process held to a few hundred MB by construction (no
 * {@code -Xmx} here: the JVM's default heap, as a user runs it), within the wall budget and a few
 * seconds, with timing on. Measured by {@code /usr/bin/time -v}.
 */
class RunawayBudgetsTest {
  /** The most a runaway's whole process may hold: the bound. */
  private static final long MAX_RSS_KB = 1L << 20;
  private static final String ENTRY = "void scan(const float *in, float *out, int n)";

  @TempDir Path dir;

  private ScansimProcess.Measured measured(List<String> args) throws Exception {
    Assumptions.assumeTrue(ScansimProcess.canMeasure(), "no /usr/bin/time (GNU time) here to measure a process's memory");
    return ScansimProcess.measured(dir, List.of(), args);
  }

  private Path kernel(String name, String body) throws Exception {
    return Files.writeString(dir.resolve(name), body);
  }

  private static void boundedRunaway(ScansimProcess.Measured m, double wallSeconds, String budget) {
    assertThat(m.run().code()).as(m.run().err()).isEqualTo(Main.KERNEL_FAULT);
    assertThat(m.run().out() + m.run().err()).contains(budget).doesNotContain("out of memory").doesNotContain("Exception");
    assertThat(m.maxRssKb()).as("peak memory of the process, KB").isLessThan(MAX_RSS_KB);
    assertThat(m.seconds()).as("wall time of the process").isLessThan(wallSeconds + 5);
  }

  @Test
  void anEndlessLoopInOneWarpEndsAtItsWallBudgetInBoundedMemoryWithTiming() throws Exception {
    Path k = kernel("spin.cu", "__global__ void k(float *o) { while (1) { } }\n" + ENTRY + " { k<<<1, 32>>>(out); }\n");
    ScansimProcess.Measured m = measured(List.of("run", k.toString(), "--n", "32", "--wall-seconds", "4"));
    boundedRunaway(m, 4, "the run passed its wall-clock budget");
    assertThat(m.run().out()).contains("fault: ").contains("spin.cu:1:");
  }

  /** An endless loop of global loads: the traces' early-load table grew a slot a load past the budget. */
  @Test
  void anEndlessLoopOfLoadsEndsInBoundedMemoryWithTiming() throws Exception {
    Path k = kernel("loads.cu", "__global__ void k(const float *in, float *o) { float s = 0; while (1) { s += in[threadIdx.x]; }"
        + " o[threadIdx.x] = s; }\n" + ENTRY + " { k<<<1, 32>>>(in, out); }\n");
    boundedRunaway(measured(List.of("run", k.toString(), "--n", "32", "--wall-seconds", "6")), 6, "the run passed its wall-clock budget");
  }

  /** A block spinning on a flag another block keeps writing: each read of the other's write was kept (1.4 GB in 8 s). */
  @Test
  void anEndlessSpinWaitBetweenBlocksEndsInBoundedMemoryWithTiming() throws Exception {
    Path k = kernel("spinwait.cu", "__device__ int flag;\n__global__ void k(float *o) {\n"
        + "  if (blockIdx.x == 1) { while (((volatile int *)&flag)[0] == 0) { } }\n"
        + "  if (blockIdx.x == 0 && threadIdx.x == 0) { while (1) { ((volatile int *)&flag)[0] = 0; } }\n  o[threadIdx.x] = 1;\n}\n"
        + ENTRY + " { k<<<2, 32>>>(out); }\n");
    boundedRunaway(measured(List.of("run", k.toString(), "--n", "32", "--wall-seconds", "6")), 6, "the run passed its wall-clock budget");
  }

  @Test
  void anEndlessLoopAtDefaultSettingsEndsAtTheInstructionBudgetInBoundedMemory() throws Exception {
    Path k = kernel("spin.cu", "__global__ void k(float *o) { while (1) { } }\n" + ENTRY + " { k<<<1, 32>>>(out); }\n");
    ScansimProcess.Measured m = measured(List.of("run", k.toString(), "--n", "32"));
    boundedRunaway(m, 600, "instruction budget");
    // Two billion instructions are far past what the traces hold, on any machine: no cycles, said so.
    assertThat(m.run().out()).contains("no cycles: the timing model's traces passed their memory budget");
  }

  @Test
  void anEndlessLoopOfBarriersEndsInBoundedMemoryWithAndWithoutTiming() throws Exception {
    Path k = kernel("sync.cu", "__global__ void k(float *o) { while (1) { __syncthreads(); } }\n" + ENTRY + " { k<<<1, 64>>>(out); }\n");
    boundedRunaway(measured(List.of("run", k.toString(), "--n", "32", "--wall-seconds", "4")), 4, "wall-clock budget");
    boundedRunaway(measured(List.of("run", k.toString(), "--n", "32", "--wall-seconds", "4", "--no-timing")), 4, "wall-clock budget");
  }

  @Test
  void theFaultyCorpusRunawayEndsInBoundedMemoryWithAndWithoutTiming() throws Exception {
    String file = ReadmeExamplesTest.root().resolve("kernels/faulty/runaway_loop.cu").toString();
    boundedRunaway(measured(List.of("run", file, "--n", "96", "--wall-seconds", "4")), 4, "wall-clock budget");
    boundedRunaway(measured(List.of("run", file, "--n", "96", "--wall-seconds", "4", "--no-timing")), 4, "wall-clock budget");
  }

  @Test
  void aHugePrintfWidthIsBoundedBeforeItIsFormatted() throws Exception {
    Path k = kernel("printf.cu", "#include <cstdio>\n__global__ void k(float *o) { printf(\"%2147483647d\\n\", 1);"
        + " printf(\"%.99999999999g|%99999999999d\\n\", 1.0, 2); o[threadIdx.x] = 0; }\n"
        + ENTRY + " { printf(\"%2147483647d\\n\", 1); printf(\"%.2147483647f\\n\", 1.0); k<<<1, 32>>>(out); }\n");
    ScansimProcess.Measured m = measured(List.of("run", k.toString(), "--n", "32", "--wall-seconds", "5"));
    assertThat(m.run().code()).as(m.run().err()).isZero();
    assertThat(m.run().out() + m.run().err()).doesNotContain("out of memory").doesNotContain("Exception");
    assertThat(m.run().out()).contains("printf");
    assertThat(m.maxRssKb()).as("peak memory of the process, KB").isLessThan(MAX_RSS_KB);
    assertThat(m.seconds()).isLessThan(10);
  }

  @Test
  void aStudentsEndlessBarrierLoopIsGradedInBoundedMemory() throws Exception {
    Path subs = Files.createDirectories(dir.resolve("subs"));
    Files.writeString(subs.resolve("spin.cu"), "__global__ void k(float *o) { while (1) __syncthreads(); }\n" + ENTRY
        + " { k<<<1, 256>>>(out); }\n");
    Files.writeString(subs.resolve("printf.cu"), "#include <cstdio>\n" + ENTRY + " { printf(\"%2147483647d\\n\", 1); }\n");
    Path spec = Files.writeString(dir.resolve("spec.json"), """
        {"title": "t", "entry": "void scan(const float *in, float *out, int n)", "scan": "inclusive", "arch": "hopper",
         "sizes": [32], "budgets": {"wallSeconds": 3}, "points": {"correctness": 10}}
        """);
    ScansimProcess.Measured m = measured(List.of("grade", subs.toString(), "--spec", spec.toString(), "--out", dir.resolve("out").toString()));
    assertThat(m.run().code()).as(m.run().err()).isZero();
    // Which budget ends it first, the instructions or the 3 s, depends on how busy the machine is: either is named.
    assertThat(Files.readString(dir.resolve("out/spin/report.txt"))).contains("fault (runaway)")
        .containsPattern("note: a run may (execute at most budgets\\.maxWarpInstructions|take at most budgets\\.wallSeconds = 3 s)");
    assertThat(Files.readString(dir.resolve("out/printf/results.json"))).doesNotContain("internal error").doesNotContain("out of memory");
    assertThat(m.maxRssKb()).as("peak memory of the process, KB").isLessThan(MAX_RSS_KB);
    assertThat(m.seconds()).isLessThan(2 * 3 + 10);
  }

  /** Without timing, a loop of barriers grew the per-phase counters by about 550 bytes a barrier; they now stop at a bound. */
  @Test
  void barrierPhasesPastTheBoundAreSummedInTheLastRow() throws Exception {
    Path k = kernel("phases.cu", "__global__ void k(float *o) { for (int i = 0; i < 5000; i++) { __syncthreads(); } o[threadIdx.x] = 1; }\n"
        + ENTRY + " { k<<<1, 32>>>(out); }\n");
    Path json = dir.resolve("r.json");
    CliRun r = CliRun.of("run", k.toString(), "--n", "32", "--no-timing", "--json", json.toString());
    assertThat(r.code()).as(r.err()).isZero();
    JsonNode launch = new ObjectMapper().readTree(json.toFile()).get("launches").get(0);
    JsonNode phases = launch.get("phases");
    assertThat(phases.size()).isEqualTo(org.scansim.sim.engine.Warp.MAX_PHASES);
    long barriers = 0;
    for (JsonNode p : phases) {
      barriers += p.get("barriers").asLong();
    }
    assertThat(barriers).isEqualTo(launch.get("counters").get("barriers").asLong()).isEqualTo(5000);
    assertThat(phases.get(phases.size() - 1).get("barriers").asLong()).isEqualTo(5000 - (org.scansim.sim.engine.Warp.MAX_PHASES - 1));
  }

  /** Item 8: the schedules share the run's wall budget, and a budget that runs out is the run's runaway, said once. */
  @Test
  void schedulesShareTheWallBudgetAndARunawayIsNoScheduleDifference() throws Exception {
    String kernel = ReadmeExamplesTest.root().resolve("kernels/pmpp/kogge_stone.cu").toString();
    // 50,000 short runs allocate fast, and the parallel collector grows its heap with the rate (0.9 to 1.35 GB of RSS
    // measured at ec380fd as now, 2026-11-29): the heap is capped here, so that what is measured is a leak, which would
    // end in 'out of memory' (refused below), not the collector's appetite.
    Assumptions.assumeTrue(ScansimProcess.canMeasure(), "no /usr/bin/time (GNU time) here to measure a process's memory");
    ScansimProcess.Measured m = ScansimProcess.measured(dir, List.of("-Xmx640m"),
        List.of("run", kernel, "--n", "1000", "--schedules", "50000", "--wall-seconds", "3"));
    boundedRunaway(m, 3, "the run passed its wall-clock budget");
    assertThat(m.run().out()).doesNotContain("schedule-difference").doesNotContain("schedules:");

    Path spin = kernel("spin.cu", "__global__ void k(float *o) { while (1) { } }\n" + ENTRY + " { k<<<1, 32>>>(out); }\n");
    CliRun r = CliRun.of("run", spin.toString(), "--n", "32", "--schedules", "5", "--max-instructions", "100000", "--no-timing");
    assertThat(r.code()).isEqualTo(Main.KERNEL_FAULT);
    assertThat(r.out()).contains("instruction budget").doesNotContain("schedule-difference").doesNotContain("schedules:");
  }
}
