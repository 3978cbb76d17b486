// kogge_stone_one_barrier.cu: a student's in-place Kogge-Stone scan with ONE barrier per step.
// A DELIBERATELY FAULTY kernel of the checkers' corpus (not a catalog entry).
//
// What:     the in-place Hillis-Steele / Kogge-Stone loop as students write it from the
//           textbook picture: one __syncthreads() per step, at the end of the step. It is the
//           same defect as the lecture's version (../lecture/kogge_stone_inplace.cu) in a
//           standalone form: guarded loads and stores, a barrier after the load, a block of
//           exactly n threads.
// Scan:     inclusive (intended, and computed when the schedule happens to be kind).
// Sizes:    1 <= n <= BLOCK_SIZE (default 1024); ONE block of n threads.
// Defect:   line 41, "buf[tid] += buf[tid - offset];", is a read of another thread's word and
//           a write of the thread's own word in the same barrier interval:
//           - within a warp (lanes in lock step): lane t loads buf[t - offset] (41:25) and
//             lane t - offset then stores buf[t - offset] (41:13): write-after-read;
//           - between warps (n > 32): warp w + 1 loads buf[t - offset] (41:25) that warp w
//             already stored this step (41:13): read-after-write.
//           The barrier at line 42 separates the steps, not the reads from the writes; PMPP's
//           Figure 11.3 (../pmpp/kogge_stone.cu) adds a second one through a register.
// Checkers: race/read-after-write buf 41:13 -> 41:25 (n > 32) and
//           race/write-after-read buf 41:25 -> 41:13 (n >= 3), on every architecture (the
//           array is not volatile, so not even g80's lock step makes it warp-synchronous).
//           With n > 32 the sums are also wrong (warp 0 finishes its step before warp 1
//           reads), so the scan proof fails too; with n <= 32 they are right.
// Entry:    void kogge_stone_one_barrier(const float *in, float *out, int n)

#include <cstdio>
#include <cuda_runtime.h>

#ifndef BLOCK_SIZE
#define BLOCK_SIZE 1024
#endif

__global__ void scan_kernel(const float *in, float *out, int n)
{
    __shared__ float buf[BLOCK_SIZE];
    int tid = threadIdx.x;
    buf[tid] = (tid < n) ? in[tid] : 0.0f;
    __syncthreads();
    for (int offset = 1; offset < n; offset *= 2) {
        if (tid >= offset)
            buf[tid] += buf[tid - offset];
        __syncthreads();
    }
    if (tid < n)
        out[tid] = buf[tid];
}

// Host entry: in and out are device pointers of n floats, allocated by the caller.
void kogge_stone_one_barrier(const float *in, float *out, int n)
{
    if (n < 1 || n > BLOCK_SIZE) {
        printf("kogge_stone_one_barrier: n = %d is not supported (need 1 <= n <= %d)\n",
               n, BLOCK_SIZE);
        return;
    }
    scan_kernel<<<1, n>>>(in, out, n);
    cudaDeviceSynchronize();
}
