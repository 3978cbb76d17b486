package org.scansim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The C library's host memory as programs stage their data (issue 44): {@code malloc}, {@code
 * calloc} and {@code free} on the host heap, copied to and from the device with cudaMemcpy; NULL
 * past the memory budget, as C returns it; a double free and a free of something else are faults
 * at their line.
 */
class HostMemoryTest {
  @TempDir Path dir;

  private static final String PROGRAM = """
      #include <cstdio>
      #include <cstdlib>
      __global__ void copy(const float *in, float *out, int n) { int i = threadIdx.x; if (i < n) out[i] = in[i]; }
      void scan(const float *in, float *out, int n) {
        float *h = (float *) malloc(n * sizeof(float));
        int *z = (int *) calloc(n, sizeof(int));
        float *d;
        cudaMalloc(&d, n * sizeof(float));
        copy<<<1, 32>>>(in, d, n);
        cudaMemcpy(h, d, n * sizeof(float), cudaMemcpyDeviceToHost);
        int zeros = 0;
        for (int i = 0; i < n; i++) { zeros += z[i] == 0; }
        for (int i = 1; i < n; i++) { h[i] += h[i - 1]; }
        printf("zeros %d, too large %p %p\\n", zeros, malloc((size_t) 1 << 62), malloc((size_t) -1));
        cudaMemcpy(out, h, n * sizeof(float), cudaMemcpyHostToDevice);
        free(h);
        free(z);
        free(NULL);
        cudaFree(d);
        TAIL
      }
      """;

  private CliRun run(String tail) throws Exception {
    Path f = Files.writeString(dir.resolve("prog.cu"), PROGRAM.replace("TAIL", tail));
    return CliRun.of("run", f.toString(), "--n", "20", "--no-timing", "--expect", "inclusive");
  }

  @Test
  void hostBlocksCarryAProgramsDataBothWays() throws Exception {
    CliRun r = run("");
    assertThat(r.code()).as(r.out() + r.err()).isZero();
    // The device's copy of the input, scanned on the host in the malloc'd block, back on the device.
    assertThat(r.out()).contains("result: correct inclusive scan").contains("program output\nzeros 20, too large (nil) (nil)\n");
  }

  @Test
  void aDoubleFreeIsAFaultAtItsLine() throws Exception {
    CliRun r = run("free(h);");
    assertThat(r.code()).isEqualTo(Main.KERNEL_FAULT);
    assertThat(r.out()).contains("prog.cu:20:3: free of 'malloc at " + dir.resolve("prog.cu") + ":5:24', freed before (a double free)");
  }

  @Test
  void freeingWhatMallocDidNotReturnIsAFault() throws Exception {
    CliRun r = run("float local[4]; free(local);");
    assertThat(r.code()).isEqualTo(Main.KERNEL_FAULT);
    assertThat(r.out()).contains("free of a pointer that malloc or calloc did not return");
  }
}
