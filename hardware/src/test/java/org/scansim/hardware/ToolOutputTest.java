package org.scansim.hardware;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The crosscheck's readers of Nsight Compute's and compute-sanitizer's output, on output the
 * tools wrote on an H200 (hardware/measurements/crosscheck-counters-2026-11-26-h200/samples).
 */
class ToolOutputTest {
  static Path samples() {
    for (Path p = Paths.get("").toAbsolutePath(); p != null; p = p.getParent()) {
      Path s = p.resolve("hardware/measurements/crosscheck-counters-2026-11-26-h200/samples");
      if (Files.isDirectory(s)) {
        return s;
      }
    }
    throw new IllegalStateException("no samples");
  }

  @Test
  void nsightComputesRawPageGivesEveryLaunchInOrderWithItsMetrics() throws Exception {
    List<NsightCompute.Launch> ls = NsightCompute.parse(Files.readString(samples().resolve("ncu-raw-scan_large_array-2p20.csv")));
    assertThat(ls).extracting(NsightCompute.Launch::kernel).containsExactly("prescan(float *, float *, float *, int, int)",
        "prescan(float *, float *, float *, int, int)", "uniformAdd(float *, float *, int)");
    assertThat(ls.get(0).grid()).isEqualTo("(1024, 1, 1)");
    assertThat(ls.get(0).metrics()).containsOnlyKeys(NsightCompute.METRICS);
    // Values as ncu printed them with thousands separators: 212,992 shared loads for 1024 blocks of 16 warps.
    assertThat(ls.get(0).metrics().get("smsp__sass_inst_executed_op_shared_ld.sum")).isEqualTo(212_992L);
    assertThat(ls.get(1).metrics().get("l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum")).isEqualTo(128L);
  }

  @Test
  void aTableWithoutItsHeaderIsAnErrorInOneLine() {
    assertThatThrownBy(() -> NsightCompute.parse("==PROF== Disconnected\n")).isInstanceOf(ToolFailed.class)
        .hasMessageContaining("no header row");
    assertThatThrownBy(() -> NsightCompute.parse("\"ID\",\"Kernel Name\",\"Grid Size\",\"Block Size\",\"smsp__inst_executed.sum\"\n"
        + "\"0\",\"k()\",\"(1, 1, 1)\",\"(32, 1, 1)\",\"many\"\n")).isInstanceOf(ToolFailed.class)
        .hasMessageContaining("not a number");
  }

  @Test
  void racecheckReportsOneHazardWithBothPositionsAndEveryCount() throws Exception {
    Sanitizer.Report r = Sanitizer.parse("racecheck", Files.readString(samples().resolve("sanitizer-racecheck-missing_barrier_after_load.log")));
    assertThat(r.summary()).isEqualTo("RACECHECK SUMMARY: 1 hazard displayed (1 error, 0 warnings)");
    assertThat(r.findings()).hasSize(1);
    Sanitizer.Finding f = r.findings().get(0);
    assertThat(f.at()).containsExactly("missing_barrier_after_load.cu:42", "missing_barrier_after_load.cu:37",
        "missing_barrier_after_load.cu:35");
    assertThat(f.count()).isEqualTo(3836 + 256);
    assertThat(f.consequence()).isFalse();
  }

  @Test
  void memcheckFindingsOfManyThreadsAreOneWithAThreadAndACount() {
    String log = """
        ========= COMPUTE-SANITIZER
        ========= Invalid __global__ read of size 4 bytes
        =========     at scan(float *, float *, int)+0x1d0 in /home/someone/k/unguarded.cu:34
        =========     by thread (232,0,0) in block (3,0,0)
        =========     Address 0x7f0000000fa0 is out of bounds
        =========
        ========= Invalid __global__ read of size 4 bytes
        =========     at scan(float *, float *, int)+0x1d0 in /home/someone/k/unguarded.cu:34
        =========     by thread (233,0,0) in block (3,0,0)
        =========
        ========= Program hit CUDA_ERROR_LAUNCH_FAILED (error 719) due to "unspecified launch failure" on CUDA API call to cuEventQuery.
        =========     Saved host backtrace up to driver entry point at error
        =========
        ========= ERROR SUMMARY: 3 errors
        """;
    Sanitizer.Report r = Sanitizer.parse("memcheck", log);
    assertThat(r.summary()).isEqualTo("ERROR SUMMARY: 3 errors");
    assertThat(r.findings()).hasSize(2);
    assertThat(r.findings().get(0)).isEqualTo(new Sanitizer.Finding("memcheck", "Invalid __global__ read of size 4 bytes",
        List.of("unguarded.cu:34"), "(232,0,0)", "(3,0,0)", 2));
    assertThat(r.findings().get(1).consequence()).isTrue();
  }

  @Test
  void aCleanReportHasNoFindings() throws Exception {
    Sanitizer.Report r = Sanitizer.parse("memcheck", Files.readString(samples().resolve("sanitizer-memcheck-shared_one_past.log")));
    assertThat(r.findings()).isEmpty();
    assertThat(r.summary()).isEqualTo("ERROR SUMMARY: 0 errors");
  }
}
