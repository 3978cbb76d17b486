// naive_scan_as_printed.cu: Harris's naive (Hillis-Steele) double-buffered scan, AS PRINTED.
//
// Source:   Mark Harris, "Parallel Prefix Sum (Scan) with CUDA", NVIDIA 2007
//           (GPU Gems 3, chapter 39), section "A Naive Parallel Scan", Listing 1.
// Scan:     exclusive (the load shifts the input right by one and inserts 0)
// Sizes:    1 <= n <= MAX_THREADS_PER_BLOCK (default 1024; 512 on G80), any n in that range.
//           One block of n threads, extern __shared__ of 2*n floats (the two buffers).
// Errata:   KEPT, deliberately: the printed update is "+=" into the output buffer, which adds
//           the stale content of the output buffer (uninitialised shared memory in the first
//           step, the value from two steps ago later) instead of temp[pin*n+thid]. The results
//           are wrong; a simulator must report the read of uninitialised shared memory.
//           The corrected kernel is naive_scan.cu.
// Extraction fixes (PDF text garbling only): "temp[pout*n+thid1]" -> "temp[pout*n+thid]".
// Entry:    void naive_scan_as_printed(const float *in, float *out, int n)

#include <cstdio>
#include <cuda_runtime.h>

#ifndef MAX_THREADS_PER_BLOCK
#define MAX_THREADS_PER_BLOCK 1024
#endif

__global__ void scan(float *g_odata, float *g_idata, int n)
{
    extern __shared__ float temp[]; // allocated on invocation
    int thid = threadIdx.x;
    int pout = 0, pin = 1;
    // load input into shared memory.
    // This is exclusive scan, so shift right by one and set first elt to 0
    temp[pout*n + thid] = (thid > 0) ? g_idata[thid-1] : 0;
    __syncthreads();
    for (int offset = 1; offset < n; offset *= 2)
    {
        pout = 1 - pout; // swap double buffer indices
        pin = 1 - pout;
        if (thid >= offset)
            temp[pout*n+thid] += temp[pin*n+thid - offset];
        else
            temp[pout*n+thid] = temp[pin*n+thid];
        __syncthreads();
    }
    g_odata[thid] = temp[pout*n+thid]; // write output
}

// Host entry: in and out are device pointers of n floats, allocated by the caller.
void naive_scan_as_printed(const float *in, float *out, int n)
{
    if (n < 1 || n > MAX_THREADS_PER_BLOCK) {
        printf("naive_scan_as_printed: n = %d is not supported (need 1 <= n <= %d)\n",
               n, MAX_THREADS_PER_BLOCK);
        return;
    }
    // One thread per element; two buffers of n floats each (temp[2][n] in Algorithm 2).
    scan<<<1, n, 2 * n * sizeof(float)>>>(out, (float *)in, n);
}
