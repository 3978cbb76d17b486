// shared_chain.cu: timing calibration, shared-memory load latency: one warp follows a chain of
// n dependent shared loads (each address is the value the previous load returned).
//
// Source:   the timing model's calibration set (docs/timing.md); not a scan.
// Sizes:    any n >= 1; 1 block of 32 threads. out[0..31] gets each lane's last index.
// Measures: cycles per link of the chain (the slope over n): the shared load's latency plus the
//           loop's own instructions that depend on it.
// Entry:    void shared_chain(const float *in, float *out, int n)

#include <cuda_runtime.h>

#define LINKS 1024

__global__ void shared_chain_kernel(float *out, int n) {
    __shared__ int next[LINKS];
    for (int i = threadIdx.x; i < LINKS; i += 32) {
        next[i] = (i + 33) & (LINKS - 1);
    }
    __syncthreads();
    int j = threadIdx.x;
    for (int k = 0; k < n; ++k) {
        j = next[j];
    }
    out[threadIdx.x] = (float) j;
}

void shared_chain(const float *in, float *out, int n) {
    if (n >= 32) {
        shared_chain_kernel<<<1, 32>>>(out, n);
    }
}
