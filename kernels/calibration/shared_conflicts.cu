// shared_conflicts.cu: timing calibration, the shared-memory pipe under bank conflicts: 32 warps
// each load n words of shared memory at a stride of STRIDE words (a STRIDE-way conflict for
// STRIDE = 1, 2, 4, ..., 32), independent loads summed.
//
// Source:   the timing model's calibration set (docs/timing.md); not a scan.
// Sizes:    n >= 1024; 1 block of 1024 threads. out[0..1023] gets each thread's sum.
// Measures: cycles per load (the slope over n) against the conflict degree: wavefronts per cycle.
// Entry:    void shared_conflicts(const float *in, float *out, int n)
// nvcc-variant: -DSTRIDE=32

#include <cuda_runtime.h>

#ifndef STRIDE
#define STRIDE 1
#endif

__global__ void shared_conflicts_kernel(const float *in, float *out, int n) {
    __shared__ float s[32 * 32];
    int t = threadIdx.x;
    s[t] = in[t];
    __syncthreads();
    int lane = t & 31;
    float sum = 0.0f;
    for (int k = 0; k < n / 1024; ++k) {
        sum += s[(lane * STRIDE + k) & 1023];
    }
    out[t] = sum;
}

void shared_conflicts(const float *in, float *out, int n) {
    if (n >= 1024) {
        shared_conflicts_kernel<<<1, 1024>>>(in, out, n);
    }
}
