package org.scansim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 44's runtime breadth as programs call it: managed memory both sides read and write,
 * events timed by the timing model (and said so), POSIX clocks made deterministic, pinned host
 * memory, streams in the default stream's order; and the include path a program is built with.
 */
class ProgramRuntimeTest {
  @TempDir Path dir;

  private static final String PROGRAM = """
      #include <cstdio>
      #include <cstdlib>
      #include <sys/time.h>
      #include <time.h>
      #include <lib/check.h>
      __global__ void scan(int *a, int n) {
        __shared__ int t[256];
        int i = threadIdx.x;
        t[i] = i < n ? a[i] : 0;
        __syncthreads();
        for (int d = 1; d < 256; d *= 2) { int v = i >= d ? t[i - d] : 0; __syncthreads(); t[i] += v; __syncthreads(); }
        if (i < n) a[i] = t[i];
      }
      static double seconds() { struct timeval tv; gettimeofday(&tv, NULL); return tv.tv_sec + tv.tv_usec * 1e-6; }
      int main() {
        int n = 256;
        int *a;
        CHECK(cudaMallocManaged(&a, n * sizeof(int)));
        for (int i = 0; i < n; i++) a[i] = 1;
        int *pinned;
        CHECK(cudaMallocHost((void **)&pinned, n * sizeof(int)));
        cudaStream_t s;
        cudaStreamCreate(&s);
        cudaEvent_t start, stop;
        cudaEventCreate(&start);
        cudaEventCreate(&stop);
        double t0 = seconds();
        cudaEventRecord(start);
        scan<<<1, 256, 0, s>>>(a, n);
        cudaEventRecord(stop, s);
        cudaEventSynchronize(stop);
        CHECK(cudaStreamSynchronize(s));
        double t1 = seconds();
        float ms = -1;
        CHECK(cudaEventElapsedTime(&ms, start, stop));
        struct timespec ts;
        clock_gettime(CLOCK_MONOTONIC, &ts);
        CHECK(cudaMemcpy(pinned, a, n * sizeof(int), cudaMemcpyDeviceToHost));
        printf("last %d %d, kernel timed %d, host clock moved %d, %d\\n", a[n - 1], pinned[n - 1], ms > 0, t1 > t0, ts.tv_nsec > 0);
        cudaEvent_t never;
        cudaEventCreate(&never);
        printf("unrecorded: %d\\n", (int)cudaEventElapsedTime(&ms, start, never));
        CHECK(cudaFreeHost(pinned));
        CHECK(cudaFree(a));
        return 0;
      }
      """;

  private Path program() throws Exception {
    Files.createDirectories(dir.resolve("include/lib"));
    Files.writeString(dir.resolve("include/lib/check.h"), """
        #pragma once
        #define CHECK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \\
            fprintf(stderr, "%s:%d: %s\\n", __FILE__, __LINE__, cudaGetErrorString(e_)); exit(1); } } while (0)
        """);
    return Files.writeString(dir.resolve("prog.cu"), PROGRAM);
  }

  @Test
  void managedMemoryEventsClocksAndStreamsWorkAsTheRuntimeAnswers() throws Exception {
    Path prog = program();
    CliRun r = CliRun.of("run", prog.toString(), "-I", dir.resolve("include").toString());
    assertThat(r.code()).as(r.out() + r.err()).isZero();
    assertThat(r.out()).startsWith("last 256 256, kernel timed 1, host clock moved 1, 1\nunrecorded: 400\n")
        .contains("note: cudaEventElapsedTime gives the timing model's predicted time of the launches between its events")
        .contains("note: the program's clocks (clock, gettimeofday, clock_gettime, time) count its host instructions");
    // Without a timing model the events say 0 ms, and the report says why.
    CliRun untimed = CliRun.of("run", prog.toString(), "-I", dir.resolve("include").toString(), "--no-timing");
    assertThat(untimed.out()).startsWith("last 256 256, kernel timed 0,")
        .contains("note: cudaEventElapsedTime gave 0 ms: the run has no timing model");
  }

  @Test
  void theIncludePathFindsAProgramsHeadersAndAnUnknownSystemHeaderIsAWarning() throws Exception {
    Path prog = program();
    CliRun missing = CliRun.of("check", prog.toString());
    assertThat(missing.code()).isEqualTo(Main.INVALID_INPUT);
    assertThat(missing.err()).contains("prog.cu:5:10: warning: <lib/check.h> is neither a system header scansim knows nor on the"
        + " include path (-I DIR): it is not read, and what it declares is missing");
    assertThat(CliRun.of("check", prog.toString(), "-I", dir.resolve("include").toString()).code()).isZero();
  }

  @Test
  void theDeviceAnswersItsPropertiesFromTheArchitecturePreset() throws Exception {
    Path f = Files.writeString(dir.resolve("props.cu"), """
        #include <cstdio>
        int main() {
          cudaDeviceProp prop;
          cudaGetDeviceProperties(&prop, 0);
          int sms = 0, major = 0;
          cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
          cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, 0);
          printf("%s|%d.%d|%d|%d|%zu|%d|%d|%d\\n", prop.name, prop.major, prop.minor, prop.multiProcessorCount, prop.maxThreadsPerBlock,
                 prop.sharedMemPerBlock, sms, major, (int)cudaGetDeviceProperties(&prop, 1));
          return 0;
        }
        """);
    // The Hopper and G80 presets' own numbers (simulator/src/main/resources: their sources are cited there).
    assertThat(CliRun.of("run", f.toString(), "--no-timing").out())
        .startsWith("H100 SXM5 (GH100 Hopper, compute capability 9.0)|9.0|132|1024|49152|132|9|101\n");
    assertThat(CliRun.of("run", f.toString(), "--no-timing", "--arch", "g80").out())
        .startsWith("GeForce 8800 GTX (G80, compute capability 1.0)|1.0|16|512|16384|16|1|101\n");
  }

  @Test
  void theHostReadingADevicePointerSaysWhatWouldLetIt() throws Exception {
    Path f = Files.writeString(dir.resolve("deref.cu"), """
        int main() {
          int *d;
          cudaMalloc(&d, 4 * sizeof(int));
          d[0] = 1;
          return 0;
        }
        """);
    CliRun r = CliRun.of("run", f.toString(), "--no-timing");
    assertThat(r.code()).isEqualTo(Main.KERNEL_FAULT);
    assertThat(r.out()).contains("deref.cu:4:3: host code dereferences a device pointer (use cudaMemcpy, or cudaMallocManaged for"
        + " memory both sides use)");
  }

  @Test
  void constantAndDeviceVariablesAreCopiedToAndFromByTheirSymbols() throws Exception {
    Path f = Files.writeString(dir.resolve("sym.cu"), """
        #include <cstdio>
        __constant__ int params[4];
        __device__ int total;
        __global__ void k(int *out) { out[threadIdx.x] = params[threadIdx.x] + total; total = 5; }
        int main() {
          int h[4] = {1, 2, 3, 4};
          int t = 10;
          cudaMemcpyToSymbol(params, h, sizeof h);
          cudaMemcpyToSymbol(total, &t, sizeof(int));
          int one = 7;
          cudaMemcpyToSymbol(params, &one, sizeof(int), 3 * sizeof(int), cudaMemcpyHostToDevice);
          int *d;
          cudaMalloc(&d, sizeof h);
          k<<<1, 4>>>(d);
          cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
          int back = 0;
          cudaMemcpyFromSymbol(&back, total, sizeof(int));
          printf("%d %d %d\\n", h[0], h[3], back);
          return 0;
        }
        """);
    // 1 + 10 and 7 + 10 (the offset copy wrote params[3]); the kernel set total to 5.
    CliRun r = CliRun.of("run", f.toString(), "--no-timing");
    assertThat(r.code()).as(r.out() + r.err()).isZero();
    assertThat(r.out()).startsWith("11 17 5\n");
  }

  @Test
  void aForcedIncludeIsReadBeforeEachTranslationUnitAsNvccReadsIt() throws Exception {
    Files.writeString(dir.resolve("pre.h"), "#pragma once\n#define N 8\nstatic inline int twice(int x) { return 2 * x; }\n");
    Path main = Files.writeString(dir.resolve("m.cu"), "#include <cstdio>\nint other();\nint main() { printf(\"%d %d\\n\", twice(N), other()); return 0; }\n");
    Path other = Files.writeString(dir.resolve("o.cu"), "int other() { return twice(N + 1); }\n");
    String pre = dir.resolve("pre.h").toString();
    CliRun r = CliRun.of("run", main.toString(), other.toString(), "--no-timing", "-include", pre);
    assertThat(r.code()).as(r.out() + r.err()).isZero();
    assertThat(r.out()).startsWith("16 18\n");
    // Checked alone, main's file lacks o.cu's other(); with the forced include it lacks nothing else.
    assertThat(CliRun.of("check", main.toString(), "-include", pre).err()).contains("'other' is used but never defined")
        .doesNotContain("undeclared function");
    CliRun without = CliRun.of("check", main.toString());
    assertThat(without.err()).contains("m.cu:3:32: error: use of undeclared function 'twice'");
  }
}
