package org.scansim.sim.engine;

/** Kernels for the tests of block replay ({@link BlockReplay}), in the engine's tests and the timing model's. */
public final class ReplayKernels {
  private ReplayKernels() {}

  /** A work-efficient tree scan of 256 elements a block (as Harris's), writing each block's total. */
  public static final String TREE = """
      __global__ void k(const float *in, float *out, float *sums, int n) {
        __shared__ float t[256];
        int tid = threadIdx.x;
        int base = blockIdx.x * 256;
        t[tid] = base + tid < n ? in[base + tid] : 0;
        t[tid + 128] = base + tid + 128 < n ? in[base + tid + 128] : 0;
        int offset = 1;
        for (int d = 128; d > 0; d >>= 1) {
          __syncthreads();
          if (tid < d) { t[offset * (2 * tid + 2) - 1] += t[offset * (2 * tid + 1) - 1]; }
          offset *= 2;
        }
        if (tid == 0) { sums[blockIdx.x] = t[255]; t[255] = 0; }
        for (int d = 1; d < 256; d *= 2) {
          offset >>= 1;
          __syncthreads();
          if (tid < d) {
            float x = t[offset * (2 * tid + 1) - 1];
            t[offset * (2 * tid + 1) - 1] = t[offset * (2 * tid + 2) - 1];
            t[offset * (2 * tid + 2) - 1] += x;
          }
        }
        __syncthreads();
        if (base + tid < n) out[base + tid] = t[tid];
        if (base + tid + 128 < n) out[base + tid + 128] = t[tid + 128];
      }
      void entry(const float *in, float *out, int n) {
        float *sums;
        cudaMalloc((void **)&sums, ((n + 255) / 256) * sizeof(float));
        k<<<(n + 255) / 256, 128>>>(in, out, sums, n);
        cudaFree(sums);
      }
      """;

  /**
   * Each element plus one word its block reads (every lane the same: a uniform add's block sum,
   * which moves 4 bytes a block, so that the tape has 64 residues whose blocks differ only there).
   */
  public static final String UNIFORM = """
      __global__ void add(float *out, const float *sums, int n) {
        int i = blockIdx.x * 256 + threadIdx.x;
        if (i < n) out[i] += sums[blockIdx.x];
      }
      void entry(const float *in, float *out, int n) {
        cudaMemcpy(out, in, n * sizeof(float), cudaMemcpyDeviceToDevice);
        add<<<(n + 255) / 256, 256>>>(out, in, n);
      }
      """;

  /** The source compiled as file {@code name} (a mistake in it fails with the diagnostics and the source). */
  public static org.scansim.frontend.Frontend.Result compiled(String name, String source) {
    org.scansim.frontend.Frontend.Result r = org.scansim.frontend.Frontend.compile(
        new org.scansim.frontend.diag.SourceFile(name, source), java.util.Map.of(),
        org.scansim.frontend.pp.IncludeLoader.NONE);
    if (!r.ok()) {
      throw new AssertionError(name + " does not compile: " + r.diagnostics().all() + "\n" + source);
    }
    return r;
  }
}
