package org.scansim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command line as a user meets it: output streams and exit codes. */
class MainTest {
  @TempDir Path dir;

  private record Run(int code, String out, String err) {}

  private static Run run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = Main.execute(args, new PrintWriter(out), new PrintWriter(err));
    return new Run(code, out.toString(), err.toString());
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
    Run r = run("check", f.toString());
    assertThat(r.code()).isZero();
    assertThat(r.out()).isEqualTo(f + ": ok (1 function: kernel k)\n");
    assertThat(r.err()).isEmpty();
  }

  @Test
  void checkPrintsIrOnRequest() throws IOException {
    Run r = run("check", write("ok.cu", KERNEL).toString(), "--ir");
    assertThat(r.code()).isZero();
    assertThat(r.out()).startsWith("kernel @k(%out.0: ptr, %in.1: ptr)").contains("ld.generic.f32");
  }

  @Test
  void errorsAreRenderedWithCaretAndExitCodeTwo() throws IOException {
    Path f = write("bad.cu", "__global__ void k(float *o) {\n    o[0] = thid1;\n}\n");
    Run r = run("check", f.toString());
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
    Run r = run("check", dir.resolve("nope.cu").toString());
    assertThat(r.code()).isEqualTo(Main.INVALID_INPUT);
    assertThat(r.err()).contains("no such file").doesNotContain("Exception").doesNotContain("\tat ");
  }

  @Test
  void usageErrorsExitWithTwo() {
    assertThat(run("check").code()).isEqualTo(Main.INVALID_INPUT);
    assertThat(run("check", "x.cu", "--frobnicate").code()).isEqualTo(Main.INVALID_INPUT);
    assertThat(run("frobnicate").code()).isEqualTo(Main.INVALID_INPUT);
    Run none = run();
    assertThat(none.code()).isEqualTo(Main.INVALID_INPUT);
    assertThat(none.err()).contains("missing command");
  }

  @Test
  void everyCommandHasHelp() {
    Run top = run("--help");
    assertThat(top.code()).isZero();
    assertThat(top.out()).contains("check").contains("Exit codes");
    Run check = run("check", "--help");
    assertThat(check.code()).isZero();
    assertThat(check.out()).contains("--ir").contains("-D");
  }

  @Test
  void binaryInputIsRejectedCleanly() throws IOException {
    Path f = dir.resolve("bin.cu");
    Files.write(f, new byte[] {(byte) 0xff, (byte) 0xfe, 0, 1, 2});
    Run r = run("check", f.toString());
    assertThat(r.code()).isEqualTo(Main.INVALID_INPUT);
    assertThat(r.err()).contains("not a UTF-8 text file");
  }
}
