// empty_grid.cu: timing calibration, what a launch's blocks add to its fixed cost: a grid of
// blocks whose threads do nothing but write one float each (so the launch is not empty).
//
// Source:   the timing model's calibration set (docs/timing.md); not a scan.
// Sizes:    n >= BLOCK, a multiple of BLOCK (default 32; -D BLOCK=1024 for the largest blocks);
//           n / BLOCK blocks of BLOCK threads. out[i] = i.
// Measures: the launch's cycles against its block count (1 to thousands), at two block sizes:
//           block dispatch, waves and tails beyond empty.cu's one warp.
// Entry:    void empty_grid(const float *in, float *out, int n)

#include <cuda_runtime.h>

#ifndef BLOCK
#define BLOCK 32
#endif

__global__ void empty_grid_kernel(float *out, int n) {
    int i = blockIdx.x * BLOCK + threadIdx.x;
    if (i < n) {
        out[i] = (float) i;
    }
}

void empty_grid(const float *in, float *out, int n) {
    if (n >= BLOCK && n % BLOCK == 0) {
        empty_grid_kernel<<<n / BLOCK, BLOCK>>>(out, n);
    }
}
