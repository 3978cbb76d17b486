// barrier_loop.cu: timing calibration, the cost of __syncthreads(): one block of BLOCK_SIZE
// threads passes n barriers.
//
// Source:   the timing model's calibration set (docs/timing.md); not a scan.
// Sizes:    n >= BLOCK_SIZE; 1 block of BLOCK_SIZE threads (default 128; -D BLOCK_SIZE=32 or 1024 for
//           1 or 32 warps). out[0..BLOCK_SIZE-1] gets the loop count.
// Measures: cycles per barrier (the slope over n) at 1, 4 and 32 warps.
// Entry:    void barrier_loop(const float *in, float *out, int n)
// nvcc-variant: -DBLOCK_SIZE=1024

#include <cuda_runtime.h>

#ifndef BLOCK_SIZE
#define BLOCK_SIZE 128
#endif

__global__ void barrier_loop_kernel(float *out, int n) {
    int k = 0;
    for (; k < n; ++k) {
        __syncthreads();
    }
    out[threadIdx.x] = (float) k;
}

void barrier_loop(const float *in, float *out, int n) {
    if (n >= BLOCK_SIZE) {
        barrier_loop_kernel<<<1, BLOCK_SIZE>>>(out, n);
    }
}
