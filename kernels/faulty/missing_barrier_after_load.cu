// missing_barrier_after_load.cu: PMPP's two-barrier Kogge-Stone scan with its barriers moved
// to the end of each half-step, which loses the barrier between the load and the first step.
// A DELIBERATELY FAULTY kernel of the checkers' corpus (not a catalog entry).
//
// What:     Figure 11.3 of PMPP (../pmpp/kogge_stone.cu) puts a __syncthreads() at the top of
//           each step, so the first one also separates the load from the first read. This
//           version "tidies" the loop to read; barrier; write; barrier, and nothing is left
//           between the load (lines 34-38) and the first step's read (line 42).
// Scan:     inclusive
// Sizes:    1 <= n <= SECTION_SIZE (default 1024); ONE block of SECTION_SIZE threads, the
//           elements past n loaded as 0 and not stored.
// Defect:   lines 34-38 store XY[threadIdx.x] (35:9 or 37:9) and line 42 then reads
//           XY[threadIdx.x - 1] (42:38), a word stored by another thread, in the same barrier
//           interval: a read-after-write race within each warp (lane t - 1 stored, lane t
//           loads) and between warps (warp w's lane 31 stored before warp w + 1's lane 0
//           loads). Only the else branch (37:9) stores zeros, so for n smaller than the block
//           both stores take part.
// Checkers: race/read-after-write XY 35:9 42:38 (and 37:9 42:38 where the block holds
//           elements past n). The sums are right under the default warp order (each warp
//           stores before it loads, warps run in index order); another order breaks them.
// Entry:    void missing_barrier_after_load(const float *in, float *out, int n)

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
    for (unsigned int stride = 1; stride < blockDim.x; stride *= 2) {
        float temp;
        if (threadIdx.x >= stride)
            temp = XY[threadIdx.x] + XY[threadIdx.x - stride];
        __syncthreads();
        if (threadIdx.x >= stride)
            XY[threadIdx.x] = temp;
        __syncthreads();
    }
    if (i < N) {
        Y[i] = XY[threadIdx.x];
    }
}

// Host entry: in and out are device pointers of n floats, allocated by the caller.
void missing_barrier_after_load(const float *in, float *out, int n)
{
    if (n < 1 || n > SECTION_SIZE) {
        printf("missing_barrier_after_load: n = %d is not supported (need 1 <= n <= SECTION_SIZE = %d)\n",
               n, SECTION_SIZE);
        return;
    }
    Kogge_Stone_scan_kernel<<<1, SECTION_SIZE>>>((float *)in, out, (unsigned int)n);
}
