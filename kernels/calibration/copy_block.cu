// copy_block.cu: timing calibration, one global load and one global store per thread in one
// block: the fixed cost of a launch that reads its input and writes its output.
//
// Source:   the timing model's calibration set (docs/timing.md); not a scan.
// Sizes:    1 <= n <= 1024; 1 block of n threads (rounded up to a warp).
// Measures: the launch's cycles against n: the fixed cost plus one round trip to device memory.
// Entry:    void copy_block(const float *in, float *out, int n)

#include <cstdio>
#include <cuda_runtime.h>

__global__ void copy_block_kernel(const float *in, float *out, int n) {
    int i = threadIdx.x;
    if (i < n) {
        out[i] = in[i];
    }
}

void copy_block(const float *in, float *out, int n) {
    if (n < 1 || n > 1024) {
        printf("copy_block: n must be 1 to 1024\n");
        return;
    }
    copy_block_kernel<<<1, (n + 31) / 32 * 32>>>(in, out, n);
}
