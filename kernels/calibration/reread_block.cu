// reread_block.cu: timing calibration, what a launch finds of the memory earlier launches touched:
// three launches of one block, one global load and one global store a thread each.
//
// Source:   the timing model's calibration set (docs/timing.md); not a scan.
// Sizes:    1 <= n <= 1024; 1 block of n threads (rounded up to a warp) a launch.
// Measures: launch 0 reads `in` as the host's copy left it and writes `out` (copy_block.cu's
//           launch); launch 1 does the same again, reading what launch 0 read; launch 2 reads and
//           writes `out`, which launches 0 and 1 wrote. Launch 1 and 2 against launch 0: what a
//           load of a sector an earlier launch touched costs (in L2, its page translated) against
//           one the launch is the first to touch.
// Entry:    void reread_block(const float *in, float *out, int n)

#include <cstdio>
#include <cuda_runtime.h>

__global__ void reread_copy_kernel(const float *in, float *out, int n) {
    int i = threadIdx.x;
    if (i < n) {
        out[i] = in[i];
    }
}

__global__ void reread_double_kernel(float *data, int n) {
    int i = threadIdx.x;
    if (i < n) {
        data[i] = data[i] * 2.0f;
    }
}

void reread_block(const float *in, float *out, int n) {
    if (n < 1 || n > 1024) {
        printf("reread_block: n must be 1 to 1024\n");
        return;
    }
    int threads = (n + 31) / 32 * 32;
    reread_copy_kernel<<<1, threads>>>(in, out, n);
    reread_copy_kernel<<<1, threads>>>(in, out, n);
    reread_double_kernel<<<1, threads>>>(out, n);
}
