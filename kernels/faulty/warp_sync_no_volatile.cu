// warp_sync_no_volatile.cu: a warp-synchronous scan in the old SDK style, without volatile and
// without __syncwarp.
// A DELIBERATELY FAULTY kernel of the checkers' corpus (not a catalog entry).
//
// What:     each warp scans its 32 elements in shared memory with five unrolled steps
//           "if (lane >= d) s[t] += s[t - d];" and no synchronisation between them, relying on
//           the 32 lanes running in lock step (the pre-Volta "warp-synchronous programming" of
//           the CUDA SDK and early CUB); the warps are then combined correctly, with
//           __syncthreads(): the totals of the warps are scanned by thread 0 and added.
// Scan:     inclusive
// Sizes:    1 <= n <= BLOCK_SIZE (default 1024); ONE block of n rounded up to whole warps.
// Defect:   lines 44-48 read s[t - d] and write s[t] with nothing between the steps: lane t's
//           load of s[t - d] (col 29) and lane t - d's store of s[t - d] (col 21) in the same
//           step race (write-after-read, d = 1..8), and so do a store of one step and the load
//           of a later step by another lane (read-after-write). From Volta on (independent
//           thread scheduling) nothing keeps the lanes together: a __syncwarp() is needed
//           between the steps (CUDA C Guide, "Independent Thread Scheduling"). Before Volta
//           the lanes do run in lock step, but s is not volatile, so the compiler may keep
//           s[t] in a register across the steps and the other lanes never see the partial
//           sums: it is a race there too. warp_sync_volatile.cu is the same code with volatile.
// Checkers: race/write-after-read s L:29 L:21 for the steps L = 44..47 and
//           race/read-after-write s for each pair of an earlier step's store and a later
//           step's load (see the .expect file), on hopper and on g80 alike. The sums are
//           right in the simulator, which runs lanes in lock step.
// Entry:    void warp_sync_no_volatile(const float *in, float *out, int n)

#include <cstdio>
#include <cuda_runtime.h>

#ifndef BLOCK_SIZE
#define BLOCK_SIZE 1024
#endif

__global__ void warp_scan_kernel(const float *X, float *Y, int n)
{
    __shared__ float s[BLOCK_SIZE];
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
void warp_sync_no_volatile(const float *in, float *out, int n)
{
    if (n < 1 || n > BLOCK_SIZE) {
        printf("warp_sync_no_volatile: n = %d is not supported (need 1 <= n <= BLOCK_SIZE = %d)\n",
               n, BLOCK_SIZE);
        return;
    }
    warp_scan_kernel<<<1, (n + 31) / 32 * 32>>>(in, out, n);
}
