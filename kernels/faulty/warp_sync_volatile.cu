// warp_sync_volatile.cu: the warp-synchronous scan of the old SDK style, WITH volatile and
// without __syncwarp: right before Volta, a race from Volta on.
// A DELIBERATELY FAULTY kernel of the checkers' corpus (not a catalog entry).
//
// What:     warp_sync_no_volatile.cu with the shared array declared volatile (line 36), as
//           the CUDA SDK's and early CUB's warp scans did: each warp scans its 32 elements with
//           five unrolled steps "if (lane >= d) s[t] += s[t - d];" and nothing between them;
//           the warps are then combined correctly with __syncthreads(). The line and column
//           of every access are the same as in warp_sync_no_volatile.cu, so the two files'
//           findings differ only in their kind.
// Scan:     inclusive
// Sizes:    1 <= n <= BLOCK_SIZE (default 1024); ONE block of n rounded up to whole warps.
// Defect:   lines 44-48, on Volta and later only. Before Volta the lanes of a warp run in lock
//           step and volatile makes every load and store reach shared memory, so the steps
//           are ordered: the pattern is legal there, warp-synchronous programming. From Volta
//           on (independent thread scheduling) lock step is not guaranteed: lane t's load of
//           s[t - d] (col 29) and lane t - d's store of it (col 21) race, and so do a store of
//           one step and the load of a later step by another lane; a __syncwarp() is needed
//           between the steps (CUDA C Guide, "Independent Thread Scheduling").
// Checkers: on g80: warp-synchronous/write-after-read s L:29 L:21 (L = 44..47) and
//           warp-synchronous/read-after-write s for each earlier step's store and later step's
//           load (hazards the lock step orders: reported as a reliance, not as a race); on
//           hopper the same keys as race/..., exactly those of warp_sync_no_volatile.cu.
//           The sums are right in the simulator, which runs lanes in lock step.
// Entry:    void warp_sync_volatile(const float *in, float *out, int n)

#include <cstdio>
#include <cuda_runtime.h>

#ifndef BLOCK_SIZE
#define BLOCK_SIZE 1024
#endif

__global__ void warp_scan_kernel(const float *X, float *Y, int n)
{
    __shared__ volatile float s[BLOCK_SIZE];
    __shared__ float warpSums[BLOCK_SIZE / 32];
    int t = threadIdx.x;
    int lane = t & 31;
    int warp = t >> 5;
    s[t] = (t < n) ? X[t] : 0.0f;
    __syncthreads();
    // scan of each warp's 32 elements: the lanes of a warp run in lock step (NOT since Volta)
    if (lane >=  1) s[t] += s[t -  1];
    if (lane >=  2) s[t] += s[t -  2];
    if (lane >=  4) s[t] += s[t -  4];
    if (lane >=  8) s[t] += s[t -  8];
    if (lane >= 16) s[t] += s[t - 16];
    __syncthreads();
    if (lane == 31)
        warpSums[warp] = s[t];
    __syncthreads();
    if (t == 0) {
        float running = 0.0f;
        for (int w = 0; w < (int)(blockDim.x / 32); w++) {
            float total = warpSums[w];
            warpSums[w] = running;
            running += total;
        }
    }
    __syncthreads();
    if (t < n)
        Y[t] = s[t] + warpSums[warp];
}

// Host entry: in and out are device pointers of n floats, allocated by the caller.
void warp_sync_volatile(const float *in, float *out, int n)
{
    if (n < 1 || n > BLOCK_SIZE) {
        printf("warp_sync_volatile: n = %d is not supported (need 1 <= n <= BLOCK_SIZE = %d)\n",
               n, BLOCK_SIZE);
        return;
    }
    warp_scan_kernel<<<1, (n + 31) / 32 * 32>>>(in, out, n);
}
