// shared_conflict_chain.cu: timing calibration, the latency of a shared load with bank
// conflicts: one warp follows a chain of n dependent shared loads, each lane at word
// lane * STRIDE (the chain's value, always 0, is added to the index), so that each load is a
// STRIDE-way conflict for STRIDE = 1, 2, 4, 8, 16, 32.
//
// Source:   the timing model's calibration set (docs/timing.md); not a scan.
// Sizes:    n >= 32; 1 block of 32 threads. out gets each lane's last index (0).
// Measures: cycles per link (the slope over n) at each STRIDE (-D STRIDE=K, default 1): how much
//           each wavefront a conflict adds adds to a lone warp's load latency.
// Entry:    void shared_conflict_chain(const float *in, float *out, int n)

#include <cuda_runtime.h>

#ifndef STRIDE
#define STRIDE 1
#endif

__global__ void shared_conflict_chain_kernel(const float *in, float *out, int n) {
    __shared__ float s[32 * 32];
    for (int i = threadIdx.x; i < 32 * 32; i += 32) {
        s[i] = 0.0f;
    }
    __syncthreads();
    int j = 0;
    for (int k = 0; k < n; ++k) {
        j = (int) s[(threadIdx.x * STRIDE + j) & 1023];
    }
    out[threadIdx.x] = (float) j;
}

void shared_conflict_chain(const float *in, float *out, int n) {
    if (n >= 32) {
        shared_conflict_chain_kernel<<<1, 32>>>(in, out, n);
    }
}
