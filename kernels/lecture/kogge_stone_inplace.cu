// kogge_stone_inplace.cu: the lecture's in-place Kogge-Stone scan with ONE barrier per step.
// A DELIBERATELY FAULTY seed: it races between warps.
//
// Source:   CSc 8530 Parallel Algorithms slides, "Prefix sums",
//           slide "Kogge-Stone - code".
// Scan:     inclusive
// Sizes:    1 <= n <= SECTION_SIZE (default 1024, overridable with -DSECTION_SIZE=...). The entry
//           launches ONE block of exactly n threads: the kernel's loop runs to blockDim.x and its
//           final store "Y[i] = XY[threadIdx.x]" has no "i < InputSize" guard, so a block wider
//           than n would write past the end of Y (and read the unloaded tail of XY).
// Errata:   KEPT, deliberately:
//           1. The read/write race: in one step thread t reads XY[t - stride] while thread
//              t - stride may already have overwritten it with its own sum for this step; only
//              one __syncthreads() separates the steps, not the reads from the writes. Threads
//              of one warp in lock step happen to read before they write; threads in different
//              warps (n > 32) do not, so the result depends on warp scheduling. On an H200
//              the results were right in 50 runs of every n tried (1 .. 1024), while
//              compute-sanitizer --tool racecheck reports the shared-memory hazard (and under
//              its schedule the n = 1024 result came out wrong): the race is shown by detecting
//              it, not by counting on a wrong sum. PMPP's Figure 11.3
//              (../pmpp/kogge_stone.cu) fixes it with a second barrier.
//           2. The unguarded store and the missing else of the load (avoided by the launch
//              above, not by the code).
//           FIXED (necessary to compile): the slide names the kernel "Kogge-Stone_scan_kernel",
//           which is not an identifier:
//             -__global__ void Kogge-Stone_scan_kernel(float *X, float *Y,
//             +__global__ void Kogge_Stone_scan_kernel(float *X, float *Y,
// Entry:    void kogge_stone_inplace(const float *in, float *out, int n)

#include <cstdio>
#include <cuda_runtime.h>

#ifndef SECTION_SIZE
#define SECTION_SIZE 1024
#endif

__global__ void Kogge_Stone_scan_kernel(float *X, float *Y,
int InputSize) {

    __shared__ float XY[SECTION_SIZE];

    int i = blockIdx.x*blockDim.x + threadIdx.x;
    if (i < InputSize) {
        XY[threadIdx.x] = X[i];
    }

    // the code below performs iterative scan on XY
    for (unsigned int stride = 1; stride < blockDim.x; stride *= 2) {
        __syncthreads();
        if (threadIdx.x >= stride) XY[threadIdx.x] += XY[threadIdx.x-stride];
    }

    Y[i] = XY[threadIdx.x];
}

// Host entry: in and out are device pointers of n floats, allocated by the caller.
void kogge_stone_inplace(const float *in, float *out, int n)
{
    if (n < 1 || n > SECTION_SIZE) {
        printf("kogge_stone_inplace: n = %d is not supported (need 1 <= n <= SECTION_SIZE = %d)\n",
               n, SECTION_SIZE);
        return;
    }
    // Exactly n threads: see "Sizes" in the header.
    Kogge_Stone_scan_kernel<<<1, n, 0>>>((float *)in, out, n);
}
