// barrier_in_branch.cu: a work-efficient (Blelloch) scan whose up-sweep barrier sits inside
// the branch of the active threads.
// A DELIBERATELY FAULTY kernel of the checkers' corpus (not a catalog entry).
//
// What:     Harris's Listing 2 (../harris/blelloch.cu) rewritten by a student who reasoned
//           "only the threads that add need to wait", and so moved the up-sweep's
//           __syncthreads() into "if (thid < d)". The down-sweep is as Harris wrote it.
// Scan:     exclusive
// Sizes:    n a power of two, 2 <= n <= 2048; ONE block of n/2 threads, n floats of dynamic
//           shared memory.
// Defect:   line 43, "__syncthreads();" inside "if (thid < d)" (line 38): in the first step
//           d = n/2 is the whole block, so every thread reaches it; in the second step only
//           threads 0 .. n/4 - 1 do. For n <= 64 the block is one warp and the barrier is
//           reached by part of a warp; for n >= 128 whole warps skip it and go on to the
//           down-sweep's barrier (line 51), so the block waits at two different barriers.
//           n = 2 (one thread) is the only size that runs through.
// Checkers: divergent-barrier - 43:13 (CUDA C Guide: __syncthreads() in conditional code is
//           allowed only if the condition evaluates identically across the block).
// Entry:    void barrier_in_branch(const float *in, float *out, int n)

#include <cstdio>
#include <cuda_runtime.h>

#ifndef MAX_THREADS_PER_BLOCK
#define MAX_THREADS_PER_BLOCK 1024
#endif

__global__ void prescan(float *g_odata, const float *g_idata, int n)
{
    extern __shared__ float temp[];
    int thid = threadIdx.x;
    int offset = 1;
    temp[2*thid] = g_idata[2*thid];
    temp[2*thid+1] = g_idata[2*thid+1];
    __syncthreads();
    for (int d = n>>1; d > 0; d >>= 1)
    {
        if (thid < d)
        {
            int ai = offset*(2*thid+1)-1;
            int bi = offset*(2*thid+2)-1;
            temp[bi] += temp[ai];
            __syncthreads(); // only the threads that added have to wait (WRONG)
        }
        offset *= 2;
    }
    if (thid == 0) { temp[n - 1] = 0; }
    for (int d = 1; d < n; d *= 2)
    {
        offset >>= 1;
        __syncthreads();
        if (thid < d)
        {
            int ai = offset*(2*thid+1)-1;
            int bi = offset*(2*thid+2)-1;
            float t = temp[ai];
            temp[ai] = temp[bi];
            temp[bi] += t;
        }
    }
    __syncthreads();
    g_odata[2*thid] = temp[2*thid];
    g_odata[2*thid+1] = temp[2*thid+1];
}

// Host entry: in and out are device pointers of n floats, allocated by the caller.
void barrier_in_branch(const float *in, float *out, int n)
{
    if (n < 2 || n > 2 * MAX_THREADS_PER_BLOCK || (n & (n - 1)) != 0) {
        printf("barrier_in_branch: n = %d is not supported (need a power of two, 2 <= n <= %d)\n",
               n, 2 * MAX_THREADS_PER_BLOCK);
        return;
    }
    prescan<<<1, n / 2, n * sizeof(float)>>>(out, in, n);
}
