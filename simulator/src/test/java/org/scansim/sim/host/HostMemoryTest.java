package org.scansim.sim.host;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.scansim.frontend.Frontend;
import org.scansim.frontend.diag.SourceFile;
import org.scansim.frontend.pp.IncludeLoader;
import org.scansim.sim.arch.Architectures;
import org.scansim.sim.check.Check;
import org.scansim.sim.run.ScanRun;

/** Values keep what the checkers know of them through host memory, and host code sees CUDA's error state. */
class HostMemoryTest {
  private static Frontend.Result compile(String source) {
    Frontend.Result r = Frontend.compile(new SourceFile("m.cu", source), Map.of(), IncludeLoader.NONE);
    assertThat(r.ok()).as(r.diagnostics().all().toString()).isTrue();
    return r;
  }

  @Test
  void theScanProofFollowsValuesThroughHostToHostCopies() throws Exception {
    Frontend.Result r = compile("""
        __global__ void scan(const float *in, float *out, int n) {
          if (threadIdx.x == 0) { float s = 0; for (int i = 0; i < n; i++) { s += in[i]; out[i] = s; } }
        }
        void entry(const float *in, float *out, int n) {
          float *d;
          cudaMalloc(&d, n * sizeof(float));
          scan<<<1, 32>>>(in, d, n);
          float h1[64];
          float h2[64];
          cudaMemcpy(h1, d, n * sizeof(float), cudaMemcpyDeviceToHost);
          cudaMemcpy(h2, h1, n * sizeof(float), cudaMemcpyHostToHost);
          cudaMemcpy(out, h2, n * sizeof(float), cudaMemcpyHostToDevice);
          cudaFree(d);
        }
        """);
    ScanRun.Outcome o = ScanRun.run(r, ScanRun.Request.of(64, Architectures.preset("hopper")).expect(ScanRun.Expect.INCLUSIVE)
        .withOptions(new ScanRun.Options(Set.of(Check.PROOF), 0, 0, false, 1L << 31)));
    assertThat(o.correct()).isTrue();
    assertThat(o.proof().failures()).isEmpty();
    assertThat(o.proof().proved()).isTrue();
  }

  @Test
  void cudaGetLastErrorClearsTheErrorItReturns() throws Exception {
    Frontend.Result r = compile("""
        void entry(const float *in, float *out, int n) {
          float *d;
          int a = cudaMalloc(&d, (size_t) 1 << 40);
          int b = cudaPeekAtLastError();
          int c = cudaGetLastError();
          int e = cudaGetLastError();
          printf("%d %d %d %d\\n", a, b, c, e);
        }
        """);
    ScanRun.Outcome o = ScanRun.run(r, ScanRun.Request.of(4, Architectures.preset("hopper")));
    // cudaErrorMemoryAllocation is 2: returned, peeked, read and cleared; then cudaSuccess.
    assertThat(o.output()).isEqualTo("2 2 2 0\n");
  }
}
