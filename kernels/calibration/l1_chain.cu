// l1_chain.cu: timing calibration, L1 hit latency: one thread follows a chain of n dependent
// loads through the first 256 floats of the input (each index depends on the value the previous
// load returned), with plain loads, which the L1 cache keeps after their first touch.
//
// Source:   the timing model's calibration set (docs/timing.md); not a scan.
// Sizes:    n >= 256; 1 block of 1 thread. out[0] gets the last index.
// Measures: cycles per link (the slope over n): the latency of a load served by L1, beside
//           global_chain.cu's loads served by L2.
// Entry:    void l1_chain(const float *in, float *out, int n)

#include <cuda_runtime.h>

__global__ void l1_chain_kernel(const float *in, float *out, int n) {
    int j = 0;
    for (int k = 0; k < n; ++k) {
        j = (j * 5 + 1 + (int) in[j]) & 255;
    }
    out[0] = (float) j;
}

void l1_chain(const float *in, float *out, int n) {
    if (n >= 256) {
        l1_chain_kernel<<<1, 1>>>(in, out, n);
    }
}
