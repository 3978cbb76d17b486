package org.scansim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * A pointer made from an integer is checked like any other (issue 43, item 7): every access
 * through it, in a kernel or in host code, is an access to memory it names or a positioned fault;
 * never an exception of the simulator ({@code (float *)((long long)out * 2)} ended in
 * ArrayIndexOutOfBoundsException: its tag bits named a shared variable the kernel has not).
 */
class PointerFromIntegerTest {
  @TempDir Path dir;

  private static List<String> addresses() {
    List<String> a = new ArrayList<>(List.of("(long long)out * 2", "(long long)out + (2LL << 60) + 12345", "(long long)out + (3LL << 60)",
        "(long long)out + (1LL << 40) * 1000000", "(long long)out ^ (5LL << 60)", "-1LL", "0x7fffffffffffffffLL", "(long long)out * 3 + 7",
        "(15LL << 60) | 4096"));
    SplittableRandom r = new SplittableRandom(43);
    for (int i = 0; i < 12; i++) {
      a.add(r.nextLong() + "LL");
    }
    return a;
  }

  @TestFactory
  Stream<DynamicTest> everyAccessThroughAnIntegerIsAFaultOrMemory() throws Exception {
    List<DynamicTest> tests = new ArrayList<>();
    List<String> addresses = addresses();
    for (int i = 0; i < addresses.size(); i++) {
      String address = addresses.get(i);
      Path device = Files.writeString(dir.resolve("device" + i + ".cu"), "__global__ void k(float *out) {\n"
          + "  float *p = (float *)(" + address + ");\n  out[threadIdx.x] = *p;\n  *p = 1;\n  atomicAdd(p, 1.0f);\n}\n"
          + "void scan(const float *in, float *out, int n) { k<<<1, 32>>>(out); }\n");
      Path host = Files.writeString(dir.resolve("host" + i + ".cu"), "#include <cstdio>\n__global__ void k(float *o) { }\n"
          + "void scan(const float *in, float *out, int n) {\n  float *p = (float *)(" + address.replace("out", "in") + ");\n"
          + "  printf(\"%f\\n\", *p);\n  cudaMemcpy(p, in, 4, cudaMemcpyDeviceToDevice);\n  k<<<1, 32>>>(p);\n}\n");
      for (Path f : List.of(device, host)) {
        tests.add(DynamicTest.dynamicTest(f.getFileName() + ": " + address, () -> {
          CliRun r = CliRun.of("run", f.toString(), "--n", "32", "--no-timing");
          assertThat(r.out() + r.err()).doesNotContain("Exception").doesNotContain("internal error");
          assertThat(r.code()).as(r.out() + r.err()).isEqualTo(Main.KERNEL_FAULT);
          assertThat(r.out()).containsPattern("fault: \\S*" + java.util.regex.Pattern.quote(f.getFileName().toString()) + ":\\d+:\\d+: ");
        }));
      }
    }
    return tests.stream();
  }
}
