// blelloch.cu: Harris's work-efficient (Blelloch) scan, up-sweep and down-sweep in place.
//
// Source:   Mark Harris, "Parallel Prefix Sum (Scan) with CUDA", NVIDIA 2007
//           (GPU Gems 3, chapter 39), section "A Work-Efficient Parallel Scan",
//           Listing 2 (Algorithms 3 and 4). The comments "Block A" .. "Block E" mark the
//           highlighted blocks that Listing 3 / conflict_free.cu modify.
// Scan:     exclusive (prescan)
// Sizes:    n a power of two, 2 <= n <= 2 * MAX_THREADS_PER_BLOCK (default 2048; 1024 on G80).
//           One block of n/2 threads (two elements per thread), extern __shared__ of n floats.
// Errata:   none in the code. The interleaved accesses cause up to 16-way (G80) / 32-way
//           bank conflicts, which is the subject of the next section (conflict_free.cu).
// Extraction fixes (PDF text garbling only): none needed.
// Entry:    void blelloch(const float *in, float *out, int n)

#include <cstdio>
#include <cuda_runtime.h>

#ifndef MAX_THREADS_PER_BLOCK
#define MAX_THREADS_PER_BLOCK 1024
#endif

__global__ void prescan(float *g_odata, float *g_idata, int n)
{
    extern __shared__ float temp[];// allocated on invocation
    int thid = threadIdx.x;
    int offset = 1;
    // Block A
    temp[2*thid] = g_idata[2*thid]; // load input into shared memory
    temp[2*thid+1] = g_idata[2*thid+1];
    for (int d = n>>1; d > 0; d >>= 1) // build sum in place up the tree
    {
        __syncthreads();
        if (thid < d)
        {
            // Block B
            int ai = offset*(2*thid+1)-1;
            int bi = offset*(2*thid+2)-1;
            temp[bi] += temp[ai];
        }
        offset *= 2;
    }
    // Block C
    if (thid == 0) { temp[n - 1] = 0; } // clear the last element
    for (int d = 1; d < n; d *= 2) // traverse down tree & build scan
    {
        offset >>= 1;
        __syncthreads();
        if (thid < d)
        {
            // Block D
            int ai = offset*(2*thid+1)-1;
            int bi = offset*(2*thid+2)-1;
            float t = temp[ai];
            temp[ai] = temp[bi];
            temp[bi] += t;
        }
    }
    __syncthreads();
    // Block E
    g_odata[2*thid] = temp[2*thid]; // write results to device memory
    g_odata[2*thid+1] = temp[2*thid+1];
}

// Host entry: in and out are device pointers of n floats, allocated by the caller.
void blelloch(const float *in, float *out, int n)
{
    if (n < 2 || n > 2 * MAX_THREADS_PER_BLOCK || (n & (n - 1)) != 0) {
        printf("blelloch: n = %d is not supported (need a power of two, 2 <= n <= %d)\n",
               n, 2 * MAX_THREADS_PER_BLOCK);
        return;
    }
    prescan<<<1, n / 2, n * sizeof(float)>>>(out, (float *)in, n);
}
