// global_chain.cu: timing calibration, global load latency: one thread follows a chain of n
// dependent loads from the input (each index depends on the value the previous load returned),
// through a volatile pointer so that each load goes past the L1 cache.
//
// Source:   the timing model's calibration set (docs/timing.md); not a scan.
// Sizes:    n >= 32 (a power of two); 1 block of 1 thread. out[0] gets the last index.
// Measures: cycles per link (the slope over n): the latency of a load served by L2 (the first
//           touches by device memory).
// Entry:    void global_chain(const float *in, float *out, int n)

#include <cuda_runtime.h>

__global__ void global_chain_kernel(const float *in, float *out, int n) {
    volatile const float *p = in;
    int j = 0;
    for (int k = 0; k < n; ++k) {
        j = (j * 5 + 1 + (int) p[j]) & (n - 1);
    }
    out[0] = (float) j;
}

void global_chain(const float *in, float *out, int n) {
    if (n >= 32 && (n & (n - 1)) == 0) {
        global_chain_kernel<<<1, 1>>>(in, out, n);
    }
}
