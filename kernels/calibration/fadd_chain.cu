// fadd_chain.cu: timing calibration, floating-point latency: one warp runs a chain of n
// dependent multiply-adds.
//
// Source:   the timing model's calibration set (docs/timing.md); not a scan.
// Sizes:    n >= 32; 1 block of 32 threads. out[0..31] gets each lane's result.
// Measures: cycles per step of the chain (the slope over n).
// Entry:    void fadd_chain(const float *in, float *out, int n)

#include <cuda_runtime.h>

__global__ void fadd_chain_kernel(const float *in, float *out, int n) {
    float x = in[threadIdx.x];
    for (int k = 0; k < n; ++k) {
        x = x * 0.5f + 1.0f;
    }
    out[threadIdx.x] = x;
}

void fadd_chain(const float *in, float *out, int n) {
    if (n >= 32) {
        fadd_chain_kernel<<<1, 32>>>(in, out, n);
    }
}
