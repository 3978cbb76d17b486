package org.scansim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code scansim circuit}: the argument errors it reports before (or without) the scan proof. */
class CircuitCommandTest {
  @TempDir Path dir;

  private static CliRun run(String... args) {
    return CliRun.of(args);
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

  private Path kernel() throws IOException {
    Path p = dir.resolve("scan.cu");
    Files.writeString(p, SCAN);
    return p;
  }

  @Test
  void isACommandWithHelp() {
    assertThat(run("--help").out()).contains("circuit");
    CliRun help = run("circuit", "--help");
    assertThat(help.code()).isZero();
    assertThat(help.out()).contains("--svg").contains("--n").contains("--expect").contains("-D").contains("--arch");
  }

  @Test
  void nIsRequiredAndBounded() throws IOException {
    String f = kernel().toString();
    assertThat(run("circuit", f, "--expect", "inclusive").code()).isEqualTo(Main.INVALID_INPUT);
    CliRun zero = run("circuit", f, "--n", "0", "--expect", "inclusive");
    assertThat(zero.code()).isEqualTo(Main.INVALID_INPUT);
    assertThat(zero.err()).contains("--n must be at least 1");
    CliRun huge = run("circuit", f, "--n", "100000", "--expect", "inclusive");
    assertThat(huge.code()).isEqualTo(Main.INVALID_INPUT);
    assertThat(huge.err()).contains("at most 4096");
  }

  @Test
  void svgDrawsAtMost256Elements() throws IOException {
    Path out = dir.resolve("c.svg");
    CliRun r = run("circuit", kernel().toString(), "--n", "257", "--expect", "inclusive", "--svg", out.toString());
    assertThat(r.code()).isEqualTo(Main.INVALID_INPUT);
    assertThat(r.err()).contains("--svg draws at most 256 elements").doesNotContain("Exception");
    assertThat(out).doesNotExist();
  }

  @Test
  void theScanToCheckIsNeeded() throws IOException {
    CliRun none = run("circuit", kernel().toString(), "--n", "16");
    assertThat(none.code()).isEqualTo(Main.INVALID_INPUT);
    assertThat(none.err()).contains("pass --expect inclusive or --expect exclusive");
    CliRun bad = run("circuit", kernel().toString(), "--n", "16", "--expect", "sideways");
    assertThat(bad.code()).isEqualTo(Main.INVALID_INPUT);
    assertThat(bad.err()).contains("--expect takes inclusive or exclusive, not 'sideways'");
  }

  @Test
  void unknownArchitectureAndUnknownNameAreUsageErrors() throws IOException {
    CliRun arch = run("circuit", kernel().toString(), "--n", "16", "--expect", "inclusive", "--arch", "pascal-9000");
    assertThat(arch.code()).isEqualTo(Main.INVALID_INPUT);
    assertThat(arch.err()).contains("pascal-9000");
    CliRun name = run("circuit", "no/such_kernel", "--n", "16");
    assertThat(name.code()).isEqualTo(Main.INVALID_INPUT);
    assertThat(name.err()).contains("no file or catalog kernel 'no/such_kernel'");
  }

  @Test
  void aPictureForAFolderThatDoesNotExistIsRefusedBeforeTheRun() throws IOException {
    Path out = dir.resolve("missing").resolve("c.svg");
    CliRun r = run("circuit", kernel().toString(), "--n", "16", "--expect", "inclusive", "--svg", out.toString());
    assertThat(r.code()).isEqualTo(Main.INVALID_INPUT);
    assertThat(r.err()).isEqualTo("scansim: error: refusing to write " + out + ": there is no folder " + out.getParent() + "\n");
    assertThat(r.out()).isEmpty();
  }

  @Test
  void neverDrawsOverTheKernelOrAnotherFile() throws IOException {
    Path f = kernel();
    CliRun self = run("circuit", f.toString(), "--n", "16", "--expect", "inclusive", "--svg", f.toString());
    assertThat(self.code()).isEqualTo(Main.INVALID_INPUT);
    assertThat(self.err()).contains("is an input of this run; refusing to overwrite it");
    assertThat(Files.readString(f)).isEqualTo(SCAN);
    Path notes = dir.resolve("notes.txt");
    Files.writeString(notes, "mine");
    CliRun other = run("circuit", f.toString(), "--n", "16", "--expect", "inclusive", "--svg", notes.toString());
    assertThat(other.code()).isEqualTo(Main.INVALID_INPUT);
    assertThat(other.err()).contains("it is not an SVG picture of scansim's; scansim writes only a new file or an SVG picture it wrote before");
    assertThat(Files.readString(notes)).isEqualTo("mine");
  }

  @Test
  void compileErrorsAreInvalidInput() throws IOException {
    Path f = dir.resolve("bad.cu");
    Files.writeString(f, "void entry(const float *in, float *out, int n) { thid1; }\n");
    CliRun r = run("circuit", f.toString(), "--n", "16", "--expect", "inclusive");
    assertThat(r.code()).isEqualTo(Main.INVALID_INPUT);
    assertThat(r.err()).contains("use of undeclared identifier 'thid1'");
  }

  /**
   * End to end: until the proof's dataflow tracker records circuits, the command says so and
   * draws nothing; once it does, the circuit is printed and drawn.
   */
  @Test
  void runsTheKernelUnderTheProof() throws IOException {
    Path out = dir.resolve("c.svg");
    CliRun r = run("circuit", kernel().toString(), "--n", "16", "--expect", "inclusive", "--svg", out.toString());
    if (r.code() == Main.INVALID_INPUT) {
      assertThat(r.err()).startsWith("scansim: error: the scan proof is not available for this run");
      assertThat(out).doesNotExist();
    } else {
      assertThat(r.code()).as(r.err()).isZero();
      assertThat(r.out()).contains("proof: every output").contains("\nlevel 1: ").contains("\nnodes per level: ");
      assertThat(Files.readString(out)).startsWith("<?xml").contains("<svg");
    }
  }
}
