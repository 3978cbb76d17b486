// runaway_loop.cu: a Kogge-Stone scan whose loop ends only when the block size is a power
// of two.
// A DELIBERATELY FAULTY kernel of the checkers' corpus (not a catalog entry).
//
// What:     PMPP's two-barrier Kogge-Stone scan (Figure 11.3, ../pmpp/kogge_stone.cu) in a
//           block of n threads rounded up to whole warps, with the loop written with "!=" by a
//           student who tested n = 32, 64 and 1000 (blocks of 32, 64 and 1024 threads):
//           "stride != blockDim.x" instead of "stride < blockDim.x".
// Scan:     inclusive
// Sizes:    1 <= n <= SECTION_SIZE (default 1024); ONE block of (n + 31) / 32 * 32 threads.
//           Terminates (and is right) only when that block size is a power of two.
// Defect:   line 40, "stride != blockDim.x": for a block of, say, 96 threads (n = 65 .. 96),
//           stride runs through 1, 2, 4, ..., 2^31, wraps around to 0 (unsigned arithmetic)
//           and stays 0 for ever (0 * 2 == 0). Every thread loops for ever, passing both
//           barriers of each step (lines 41, 45); with stride 0 each thread adds its own
//           element to itself (lines 44, 47), which is not a race. A GPU hangs until the
//           watchdog kills the kernel; the simulator stops at its instruction budget.
// Checkers: runaway - 4x:* for a block size that is not a power of two: the position of the
//           instruction that was running when the budget ran out, inside the loop (lines
//           40-48); with --max-instructions 1000000 and n = 96 it is 43:13. Nothing when the
//           block size is a power of two.
// Entry:    void runaway_loop(const float *in, float *out, int n)

#include <cstdio>
#include <cuda_runtime.h>

#ifndef SECTION_SIZE
#define SECTION_SIZE 1024
#endif

__global__ void Kogge_Stone_scan_kernel(float *X, float *Y, unsigned int N)
{
    __shared__ float XY[SECTION_SIZE];
    unsigned int i = blockIdx.x*blockDim.x + threadIdx.x;
    if (i < N) {
        XY[threadIdx.x] = X[i];
    } else {
        XY[threadIdx.x] = 0.0f;
    }
    for (unsigned int stride = 1; stride != blockDim.x; stride *= 2) {
        __syncthreads();
        float temp;
        if (threadIdx.x >= stride)
            temp = XY[threadIdx.x] + XY[threadIdx.x - stride];
        __syncthreads();
        if (threadIdx.x >= stride)
            XY[threadIdx.x] = temp;
    }
    if (i < N) {
        Y[i] = XY[threadIdx.x];
    }
}

// Host entry: in and out are device pointers of n floats, allocated by the caller.
void runaway_loop(const float *in, float *out, int n)
{
    if (n < 1 || n > SECTION_SIZE) {
        printf("runaway_loop: n = %d is not supported (need 1 <= n <= SECTION_SIZE = %d)\n",
               n, SECTION_SIZE);
        return;
    }
    Kogge_Stone_scan_kernel<<<1, (n + 31) / 32 * 32>>>((float *)in, out, (unsigned int)n);
}
