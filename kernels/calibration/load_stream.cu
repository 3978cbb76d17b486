// load_stream.cu: timing calibration, a summing loop over loads that do not wait for each other:
// every thread of one block adds in[0] ... in[n - 1] (the same addresses in every lane, one
// request a warp), a loop nvcc unrolls 4 times and ptxas 4 times more, so 16 loads issue before
// the adds that use them.
//
// Source:   the timing model's calibration set (docs/timing.md); not a scan.
// Sizes:    n >= 16; 1 block of BLOCK threads (32 unless -D BLOCK=...). out[t] gets the sum.
// Measures: cycles per load (the slope over n): a new sector every 8 loads, the rest served by L1,
//           16 in flight (held out: the model's parameters come from the chains, not from this).
// Entry:    void load_stream(const float *in, float *out, int n)

#include <cuda_runtime.h>

#ifndef BLOCK
#define BLOCK 32
#endif

__global__ void load_stream_kernel(const float *in, float *out, int n) {
    float s = 0.0f;
    for (int k = 0; k < n; ++k) {
        s += in[k];
    }
    out[threadIdx.x] = s;
}

void load_stream(const float *in, float *out, int n) {
    if (n >= 16) {
        load_stream_kernel<<<1, BLOCK>>>(in, out, n);
    }
}
