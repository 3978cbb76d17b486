package org.scansim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code run --device gpu}: on a machine without a usable GPU (no driver, no device, no nvcc),
 * one line says which is missing and the exit code is 4; on one with a GPU, the run's report.
 */
class GpuRunCommandTest {
  private static final String KERNEL = """
      __global__ void k(const float *in, float *out, int n) {
        if (threadIdx.x == 0) { float s = 0; for (int i = 0; i < n; i++) { s += in[i]; out[i] = s; } }
      }
      void entry(const float *in, float *out, int n) { k<<<1, 32>>>(in, out, n); }
      """;

  @Test
  void withoutAUsableGpuOneLineSaysWhatIsMissing(@TempDir Path dir) throws Exception {
    Path f = Files.writeString(dir.resolve("s.cu"), KERNEL);
    CliRun r = CliRun.of("run", f.toString(), "--n", "64", "--expect", "inclusive", "--device", "gpu");
    if (r.code() == Main.NO_GPU) {
      assertThat(r.err().lines().toList()).hasSize(1).first().asString().startsWith("scansim: no usable GPU: ");
      assertThat(r.err()).doesNotContain("Exception").doesNotContain("\tat ");
      assertThat(r.out()).isEmpty();
    } else {
      // A machine with a GPU, its driver and nvcc: the same file runs there.
      assertThat(r.code()).as(r.err()).isEqualTo(Main.OK);
      assertThat(r.out()).contains("result: correct (inclusive scan)").contains("k<<<1, 32, 0>>>");
    }
  }

  @Test
  void crosscheckWithoutAUsableGpuSaysWhatIsMissingBeforeSimulating(@TempDir Path dir) throws Exception {
    Path f = Files.writeString(dir.resolve("s.cu"), KERNEL);
    CliRun r = CliRun.of("crosscheck", f.toString(), "--n", "64,100");
    if (r.code() == Main.NO_GPU) {
      assertThat(r.err().lines().toList()).hasSize(1).first().asString().startsWith("scansim: no usable GPU: ");
      assertThat(r.out()).isEmpty();
    } else {
      assertThat(r.code()).as(r.err()).isEqualTo(Main.OK);
      assertThat(r.out()).contains("n = 64: launches the same (1); result: simulator -, GPU -; outputs equal, bit for bit")
          .contains("n = 100: launches the same (1)");
    }
  }

  @Test
  void crosscheckTakesFilesOrTheCatalogAndAFileNeedsItsSizes(@TempDir Path dir) throws Exception {
    Path f = Files.writeString(dir.resolve("s.cu"), KERNEL);
    CliRun none = CliRun.of("crosscheck");
    assertThat(none.code()).isEqualTo(Main.INVALID_INPUT);
    assertThat(none.err()).isEqualTo("scansim: error: crosscheck takes FILE|NAME... or --catalog (one of the two)\n");
    CliRun both = CliRun.of("crosscheck", "--catalog", "harris/blelloch");
    assertThat(both.code()).isEqualTo(Main.INVALID_INPUT);
    CliRun noSizes = CliRun.of("crosscheck", f.toString());
    assertThat(noSizes.code()).isEqualTo(Main.INVALID_INPUT);
    assertThat(noSizes.err()).isEqualTo("scansim: error: crosscheck " + f + " needs --n N[,N...] (a catalog kernel has default sizes, a file has none)\n");
    // A missing file, or one that does not compile, is the input's mistake, said before any GPU is looked for.
    Path junk = Files.writeString(dir.resolve("junk.cu"), "garbage(\n");
    for (Path bad : new Path[] {dir.resolve("nonexist.cu"), junk}) {
      CliRun r = CliRun.of("crosscheck", bad.toString(), "--n", "64");
      assertThat(r.code()).as(bad.toString()).isEqualTo(Main.INVALID_INPUT);
      assertThat(r.err()).as(bad.toString()).contains(bad + ":").contains("error").doesNotContain("GPU");
    }
  }

  @Test
  void crosscheckOfTheCatalogWithoutAUsableGpuIsOneLine(@TempDir Path dir) throws Exception {
    // No nvcc at the path given: missing on every machine, with a GPU or without.
    Path notNvcc = Files.writeString(dir.resolve("nvcc"), "not a program");
    CliRun r = CliRun.of("crosscheck", "--catalog", "--sanitizer", "--nvcc", notNvcc.toString());
    assertThat(r.code()).isEqualTo(Main.NO_GPU);
    assertThat(r.err().lines().toList()).hasSize(1).first().asString().startsWith("scansim: no usable GPU: ");
    assertThat(r.out()).isEmpty();
  }

  @Test
  void aCatalogKernelsDefaultSizesAreThoseItSupports() throws Exception {
    var catalog = CatalogLocation.load();
    assertThat(CrosscheckCommand.catalogSizes(catalog.find("harris/blelloch").orElseThrow(), "hopper", null))
        .containsExactly(64, 256, 1024, 2048);
    assertThat(CrosscheckCommand.catalogSizes(catalog.find("harris/scan_large_array").orElseThrow(), "hopper", null))
        .containsExactly(64, 256, 1024, 2048, 1 << 16, 1 << 20, 1 << 24);
  }

  @Test
  void countersAreComparedOnlyForTheCardsOwnArchitecture() {
    var err = new java.io.PrintWriter(new java.io.StringWriter());
    assertThat(CrosscheckCommand.otherArch(Targets.architecture("hopper", err), "NVIDIA H100 80GB HBM3 (sm_90)")).isNull();
    assertThat(CrosscheckCommand.otherArch(Targets.architecture("g80", err), "NVIDIA H100 80GB HBM3 (sm_90)"))
        .isEqualTo("the simulated g80 (sm_10) is not the card's architecture; crosscheck with its --arch");
  }

  @Test
  void theCheckersAreTheSimulatorsOnly(@TempDir Path dir) throws Exception {
    Path f = Files.writeString(dir.resolve("s.cu"), KERNEL);
    CliRun r = CliRun.of("run", f.toString(), "--n", "64", "--expect", "inclusive", "--device", "gpu", "--check", "all");
    assertThat(r.code()).isEqualTo(Main.INVALID_INPUT);
    assertThat(r.err()).isEqualTo("scansim: error: --check and --schedules run on the simulated device only (drop --device gpu)\n");
  }

  @Test
  void theSimulatorsSchedulingOptionsAreRefusedNotIgnored(@TempDir Path dir) throws Exception {
    Path f = Files.writeString(dir.resolve("s.cu"), KERNEL);
    for (String[] option : new String[][] {{"--seed", "3"}, {"--resident-blocks", "2"}, {"--threads", "1"}, {"--max-instructions", "5"},
        {"--memory", "4G"}}) {
      CliRun r = CliRun.of("run", f.toString(), "--n", "64", "--device", "gpu", option[0], option[1]);
      assertThat(r.code()).as(option[0]).isEqualTo(Main.INVALID_INPUT);
      assertThat(r.err()).as(option[0]).isEqualTo("scansim: error: --seed, --resident-blocks, --threads, --max-instructions and --memory"
          + " steer the simulated device only (drop --device gpu)\n");
    }
  }

  @Test
  void aDeviceIsSimOrGpu(@TempDir Path dir) throws Exception {
    Path f = Files.writeString(dir.resolve("s.cu"), KERNEL);
    CliRun r = CliRun.of("run", f.toString(), "--n", "64", "--device", "tpu");
    assertThat(r.code()).isEqualTo(Main.INVALID_INPUT);
    assertThat(r.err()).isEqualTo("scansim: error: --device takes sim or gpu, not 'tpu'\n");
  }

  @Test
  void repeatedRunsAreTheCardsAndNeedNsightComputeInACrosscheck(@TempDir Path dir) throws Exception {
    Path f = Files.writeString(dir.resolve("s.cu"), KERNEL);
    CliRun sim = CliRun.of("run", f.toString(), "--n", "64", "--repeat", "3");
    assertThat(sim.code()).isEqualTo(Main.INVALID_INPUT);
    assertThat(sim.err()).isEqualTo("scansim: error: --repeat runs on the card only (--device gpu): the simulated device gives the same"
        + " counts every time\n");
    CliRun zero = CliRun.of("crosscheck", f.toString(), "--n", "64", "--repeat", "0");
    assertThat(zero.code()).isEqualTo(Main.INVALID_INPUT);
    assertThat(zero.err()).isEqualTo("scansim: error: --repeat takes 1 to 1000 runs, not 0\n");
    CliRun off = CliRun.of("crosscheck", f.toString(), "--n", "64", "--cycles-only", "--no-counters");
    assertThat(off.code()).isEqualTo(Main.INVALID_INPUT);
    assertThat(off.err()).isEqualTo("scansim: error: --repeat and --cycles-only measure with Nsight Compute, which --no-counters turns off\n");
    CliRun gpu = CliRun.of("run", f.toString(), "--n", "64", "--device", "gpu", "--repeat", "1001");
    assertThat(gpu.code()).isIn(Main.INVALID_INPUT, Main.NO_GPU);
    assertThat(gpu.err().lines().toList()).hasSize(1);
  }
}
