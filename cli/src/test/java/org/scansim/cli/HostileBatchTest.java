package org.scansim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A batch of hostile submissions graded as an instructor runs it, in a JVM held to a heap of
 * {@value #HEAP}: links out of the folder, huge grids, huge shared and device arrays, allocation
 * loops, a huge initializer and macro, deep host recursion, a block of 480 MB of local arrays, a
 * grid of two billion communicating blocks, an endless host loop of copies. Every submission gets a result,
 * nothing outside the folder is read, no submission runs the grader out of memory, and the
 * submissions are unchanged.
 */
class HostileBatchTest {
  /** The memory bound one grading process is held to: a few hundred MB. */
  static final String HEAP = "384m";

  @TempDir Path dir;

  private static final String ENTRY = "void scan(const float *in, float *out, int n)";

  private static Map<String, String> submissions() throws IOException {
    String kernel = Files.readString(ReadmeExamplesTest.root().resolve("examples/grading/submissions/kogge_stone.cu"));
    Map<String, String> s = new LinkedHashMap<>();
    s.put("ok.cu", kernel);
    s.put("grid.cu", "__global__ void k(float *o) { }\n" + ENTRY + " { k<<<2147483647, 1>>>(out); }\n");
    s.put("grid3.cu", "__global__ void k(float *o) { }\n" + ENTRY + " { k<<<dim3(2147483647, 65535, 65535), 1>>>(out); }\n");
    s.put("shared.cu", "__global__ void k(float *o) { __shared__ float s[1 << 30]; s[threadIdx.x] = 1; o[threadIdx.x] = s[0]; }\n"
        + ENTRY + " { k<<<1, n>>>(out); }\n");
    s.put("device.cu", "__device__ float g[1 << 29];\n__global__ void k(float *o) { o[threadIdx.x] = g[0]; }\n"
        + ENTRY + " { k<<<1, n>>>(out); }\n");
    s.put("malloc.cu", "__global__ void k(float *o) { o[threadIdx.x] = 0; }\n" + ENTRY
        + " { for (int i = 0; i < 1000000; i++) { float *p; cudaMalloc(&p, 1 << 20); } k<<<1, n>>>(out); }\n");
    s.put("init.cu", "__device__ float t[] = {" + "1,".repeat(2_500_000) + "1};\n" + kernel);
    s.put("macro.cu", "#define M " + "1 + ".repeat(500_000) + "1\nint a = M;\nint b = M;\n" + kernel);
    s.put("recursion.cu", "int f(int x) { return f(x + 1) + 1; }\n" + ENTRY + " { f(0); }\n");
    s.put("local.cu", "__global__ void k(float *o) { float a[120000]; a[threadIdx.x] = 1; o[threadIdx.x] = a[threadIdx.x]; }\n"
        + ENTRY + " { k<<<1, 1024>>>(out); }\n");
    s.put("atomics.cu", "__global__ void k(float *o) { atomicAdd(o, 1.0f); }\n" + ENTRY + " { k<<<dim3(65535, 32767, 1), 1>>>(out); }\n");
    s.put("hostloop.cu", "__global__ void k(float *o) { }\n" + ENTRY + " { for (;;) { cudaMemcpy(out, in, n * 4, cudaMemcpyDeviceToDevice); } }\n");
    return s;
  }

  @Test
  void everyHostileSubmissionGetsAResultWithinTheMemoryBound() throws Exception {
    Path secret = Files.writeString(dir.resolve("grader-secret.txt"), "TOP SECRET of the grader\n");
    Path subs = Files.createDirectories(dir.resolve("subs"));
    submissions().forEach((name, text) -> {
      try {
        Files.writeString(subs.resolve(name), text);
      } catch (IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    });
    Files.createSymbolicLink(subs.resolve("link.cu"), secret);
    Path spec = Files.writeString(dir.resolve("spec.json"), """
        {"title": "t", "entry": "void scan(const float *in, float *out, int n)", "scan": "inclusive", "arch": "hopper",
         "sizes": [32], "budgets": {"wallSeconds": 2, "deviceBytes": 16777216},
         "points": {"correctness": 10, "races": 5}}
        """);
    Map<String, String> before = snapshot(subs);
    Path out = dir.resolve("out");

    CliRun r = ScansimProcess.run(dir, List.of("-Xmx" + HEAP), List.of("grade", subs.toString(), "--spec", spec.toString(),
        "--out", out.toString()));

    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.err()).isEmpty();
    assertThat(snapshot(subs)).as("the submissions are unchanged").isEqualTo(before);
    List<String> names = List.of("atomics", "device", "grid", "grid3", "hostloop", "init", "link", "local", "macro", "malloc", "ok",
        "recursion", "shared");
    for (String name : names) {
      Path results = out.resolve(name).resolve("results.json");
      assertThat(results).as(name + " has a result").exists();
      String json = Files.readString(results);
      assertThat(json).as(name).doesNotContain("TOP SECRET").doesNotContain("ran out of memory").doesNotContain("internal error")
          .doesNotContain("Exception");
    }
    assertThat(Files.readString(out.resolve("ok/results.json"))).contains("\"score\" : 15,");
    assertThat(Files.readString(out.resolve("link/report.txt"))).contains(org.scansim.frontend.diag.SourceReader.NO_LINKS);
    assertThat(Files.readString(out.resolve("grid/report.txt"))).contains("the run passed its wall-clock budget");
    assertThat(Files.readString(out.resolve("shared/report.txt"))).contains("needs 4294967296 bytes of shared memory per block");
    assertThat(Files.readString(out.resolve("device/report.txt"))).contains("fault (out-of-memory): __device__ variable 'g'");
    assertThat(Files.readString(out.resolve("malloc/report.txt"))).contains("cudaMalloc of p: 1048576 bytes would pass the memory"
        + " budget of 16777216 bytes");
    assertThat(Files.readString(out.resolve("init/report.txt"))).contains("tokens after preprocessing");
    assertThat(Files.readString(out.resolve("macro/report.txt"))).contains("tokens after preprocessing").contains("in expansion of macro");
    assertThat(Files.readString(out.resolve("recursion/report.txt"))).contains("host recursion deeper than 10000 calls in 'f'");
    assertThat(Files.readString(out.resolve("local/report.txt"))).contains("bytes of local memory for one block");
    assertThat(Files.readString(out.resolve("atomics/report.txt"))).contains("blocks that may communicate");
    assertThat(Files.readString(out.resolve("hostloop/report.txt"))).contains("the run passed its wall-clock budget in host code");
  }

  private static Map<String, String> snapshot(Path folder) throws IOException {
    Map<String, String> out = new java.util.TreeMap<>();
    try (Stream<Path> s = Files.list(folder)) {
      for (Path p : s.toList()) {
        out.put(p.getFileName().toString(), Files.isSymbolicLink(p) ? "-> " + Files.readSymbolicLink(p) : Files.readString(p));
      }
    }
    return out;
  }
}
