// clear_root_by_all.cu: a work-efficient (Blelloch) scan in which every thread clears the root.
// A DELIBERATELY FAULTY kernel of the checkers' corpus (not a catalog entry).
//
// What:     Harris's Listing 2 (../harris/blelloch.cu) with the up-sweep's barrier at the end
//           of each step (so the up-sweep is complete before the root is cleared) and a
//           static shared array; the student dropped "if (thid == 0)" from Block C's
//           "temp[n - 1] = 0;" since "every thread writes the same zero anyway".
// Scan:     exclusive
// Sizes:    n a power of two, 2 <= n <= 2 * MAX_THREADS_PER_BLOCK (default 2048); ONE block of
//           n/2 threads.
// Defect:   line 45, "temp[n - 1] = 0;": every thread of the block stores the same word
//           between the same two barriers (lines 43 and 49): a write-after-write race
//           (45:5 then 45:5) between the lanes of each warp and between warps. The value
//           is the same, so the results are right on every GPU, but by the CUDA memory
//           model the program has a data race (a checker may not reason about values).
// Checkers: race/write-after-write temp 45:5 45:5, and nothing else (the scan proof holds).
// Entry:    void clear_root_by_all(const float *in, float *out, int n)

#include <cstdio>
#include <cuda_runtime.h>

#ifndef MAX_THREADS_PER_BLOCK
#define MAX_THREADS_PER_BLOCK 1024
#endif

__global__ void prescan(float *g_odata, const float *g_idata, int n)
{
    __shared__ float temp[2 * MAX_THREADS_PER_BLOCK];
    int thid = threadIdx.x;
    int offset = 1;
    temp[2*thid] = g_idata[2*thid];
    temp[2*thid+1] = g_idata[2*thid+1];
    __syncthreads();
    for (int d = n>>1; d > 0; d >>= 1) // build sum in place up the tree
    {
        if (thid < d)
        {
            int ai = offset*(2*thid+1)-1;
            int bi = offset*(2*thid+2)-1;
            temp[bi] += temp[ai];
        }
        offset *= 2;
        __syncthreads();
    }
    temp[n - 1] = 0; // clear the last element
    for (int d = 1; d < n; d *= 2) // traverse down tree & build scan
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
void clear_root_by_all(const float *in, float *out, int n)
{
    if (n < 2 || n > 2 * MAX_THREADS_PER_BLOCK || (n & (n - 1)) != 0) {
        printf("clear_root_by_all: n = %d is not supported (need a power of two, 2 <= n <= %d)\n",
               n, 2 * MAX_THREADS_PER_BLOCK);
        return;
    }
    prescan<<<1, n / 2>>>(out, in, n);
}
