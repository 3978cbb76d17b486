// imad_chain.cu: timing calibration, integer latency: one warp runs a chain of n dependent
// integer multiply-adds.
//
// Source:   the timing model's calibration set (docs/timing.md); not a scan.
// Sizes:    n >= 32; 1 block of 32 threads. out[0..31] gets each lane's result, low 16 bits.
// Measures: cycles per step of the chain (the slope over n).
// Entry:    void imad_chain(const float *in, float *out, int n)

#include <cuda_runtime.h>

__global__ void imad_chain_kernel(const float *in, float *out, int n) {
    int x = (int) in[threadIdx.x];
    for (int k = 0; k < n; ++k) {
        x = x * 3 + 1;
    }
    out[threadIdx.x] = (float) (x & 0xFFFF);
}

void imad_chain(const float *in, float *out, int n) {
    if (n >= 32) {
        imad_chain_kernel<<<1, 32>>>(in, out, n);
    }
}
