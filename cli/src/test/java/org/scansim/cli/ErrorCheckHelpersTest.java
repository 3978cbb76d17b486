package org.scansim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 44's first row, the error-check helpers real programs wrap their calls in (a macro with
 * {@code fprintf(stderr, ...)}, {@code __FILE__}, {@code __LINE__} and {@code exit}; a {@code
 * gpuAssert(cudaError_t, const char *file, int line)}): written as such programs write them, they
 * compile and run; an error they catch ends the run where they call {@code exit}, with what they
 * printed.
 */
class ErrorCheckHelpersTest {
  @TempDir Path dir;

  private static final String PROGRAM = """
      #include <cstdio>
      #include <cstdlib>
      #include <cuda_runtime.h>

      #define CUDA_CHECK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { \\
          fprintf(stderr, "CUDA error %s (%s) at %s:%d\\n", cudaGetErrorString(e), cudaGetErrorName(e), __FILE__, __LINE__); \\
          exit(EXIT_FAILURE); } } while (0)

      inline void gpuAssert(cudaError_t code, const char *file, int line, bool abort = true) {
        if (code != cudaSuccess) {
          fprintf(stderr, "GPUassert: %s %s %d\\n", cudaGetErrorString(code), file, line);
          if (abort) exit(code);
        }
      }
      #define gpuErrchk(ans) { gpuAssert((ans), __FILE__, __LINE__); }

      __global__ void add(const float *in, float *out, int n) {
        int i = blockIdx.x * blockDim.x + threadIdx.x;
        if (i < n) out[i] = in[i];
      }

      void scan(const float *in, float *out, int n) {
        float *d;
        CUDA_CHECK(cudaMalloc(&d, n * sizeof(float)));
        add<<<(n + 255) / 256, 256>>>(in, d, n);
        gpuErrchk(cudaGetLastError());
        gpuErrchk(cudaDeviceSynchronize());
        for (int i = 1; i < n; i++) { }
        CUDA_CHECK(cudaMemcpy(out, d, n * sizeof(float), cudaMemcpyDeviceToDevice));
        fprintf(stdout, "copied %d elements\\n", n);
        CUDA_CHECK(cudaFree(d));
        TAIL
      }
      """;

  private CliRun run(String tail, String... more) throws Exception {
    Path f = Files.writeString(dir.resolve("prog.cu"), PROGRAM.replace("TAIL", tail));
    String[] args = {"run", f.toString(), "--n", "1", "--no-timing"};
    String[] all = java.util.Arrays.copyOf(args, args.length + more.length);
    System.arraycopy(more, 0, all, args.length, more.length);
    return CliRun.of(all);
  }

  @Test
  void aProgramWithErrorChecksRunsAndPrintsToItsOutput() throws Exception {
    CliRun r = run("", "--expect", "inclusive");
    assertThat(r.code()).as(r.out() + r.err()).isZero();
    assertThat(r.out()).contains("result: correct inclusive scan").contains("program output\ncopied 1 elements\n");
  }

  @Test
  void anErrorTheHelperCatchesEndsTheRunAtItsExit() throws Exception {
    CliRun r = run("CUDA_CHECK(cudaFree(d));"); // freed twice: cudaErrorInvalidValue, as the card answers
    assertThat(r.code()).isEqualTo(Main.KERNEL_FAULT);
    assertThat(r.out()).contains("fault: " + dir.resolve("prog.cu") + ":32:3: ").contains(": the program called exit(1)")
        .contains("copied 1 elements\nCUDA error invalid argument (cudaErrorInvalidValue) at " + dir.resolve("prog.cu") + ":32\n");
  }

  @Test
  void exitZeroEndsTheProgramAsAReturnDoes() throws Exception {
    CliRun r = run("exit(0); cudaFree(d);", "--expect", "inclusive");
    assertThat(r.code()).as(r.out()).isZero();
    assertThat(r.out()).contains("result: correct inclusive scan").doesNotContain("fault");
  }

  /** Host code's strings are its own bytes: %s prints them as glibc does (its output for the same calls, compiled with gcc). */
  @Test
  void hostStringsPrintAsCPrintsThem() throws Exception {
    Path f = Files.writeString(dir.resolve("strings.cu"), """
        #include <cstdio>
        const char *parity(int i) { return i % 2 ? "odd" : "even"; }
        __global__ void k(float *o) { o[threadIdx.x] = 0; }
        void scan(const float *in, float *out, int n) {
          const char *name = "scan";
          printf("[%s] [%8s] [%-6s|] [%.3s] [%s] [%s]\\n", "lit", "pad", "left", "truncate", name, (const char *) 0);
          printf("%s %s %s %s\\n", parity(n), parity(n + 1), cudaGetErrorName(2), cudaGetErrorString(cudaSuccess));
          k<<<1, 1>>>(out);
        }
        """);
    CliRun r = CliRun.of("run", f.toString(), "--n", "1", "--no-timing");
    assertThat(r.code()).as(r.out() + r.err()).isZero();
    assertThat(r.out()).contains("program output\n[lit] [     pad] [left  |] [tru] [scan] [(null)]\nodd even cudaErrorMemoryAllocation no error\n");
  }

  /** A program's set-up and end: one device, device 0; another is cudaErrorInvalidDevice, with the runtime's words for it. */
  @Test
  void theDeviceCallsOfSetUpAnswerForOneDevice() throws Exception {
    Path f = Files.writeString(dir.resolve("devices.cu"), """
        #include <cstdio>
        __global__ void k(const float *in, float *out, int n) { int i = threadIdx.x; if (i < n) out[i] = in[i]; }
        void scan(const float *in, float *out, int n) {
          int count = -1, dev = -1;
          cudaError_t e = cudaGetDeviceCount(&count);
          cudaError_t s = cudaSetDevice(0);
          cudaError_t bad = cudaSetDevice(3);
          cudaGetDevice(&dev);
          printf("%d %s %d %s / %s / %s\\n", count, cudaGetErrorName(e), dev, cudaGetErrorString(s), cudaGetErrorString(bad),
              cudaGetErrorName(cudaGetLastError()));
          k<<<1, 32>>>(in, out, n);
          cudaDeviceReset();
        }
        """);
    CliRun r = CliRun.of("run", f.toString(), "--n", "8", "--no-timing", "--expect", "inclusive");
    assertThat(r.out()).contains("program output\n1 cudaSuccess 0 no error / invalid device ordinal / cudaErrorInvalidDevice\n");
  }
}
