// chained_scan.cu: PMPP's single-pass scan: section scans chained by flags (adjacent
// synchronisation), with a dynamic block index.
//
// Source:   PMPP, chapter 11 "Prefix sum (scan)" (Hwu, Kirk and El Hajj, 4th edition, 2022): each block
//           scans its section with Figure 11.3 (Kogge-Stone, double barrier), then waits for its
//           predecessor's running total and passes its own on (in-text figure 7: flags,
//           scan_value, the atomicAdd(&flags[bid], 0) spin, __threadfence()), where bid is the
//           dynamic block index of in-text figure 8 (blockCounter via atomicAdd).
// Scan:     inclusive
// Sizes:    any n >= 1. ceil(n / SECTION_SIZE) blocks of SECTION_SIZE threads (default 1024,
//           overridable with -DSECTION_SIZE=...); the last section is padded with 0.
// Host:     allocates flags[numBlocks + 1] (int), scan_value[numBlocks + 1] (float) and
//           blockCounter (unsigned int), cudaMemsets them to 0, and sets flags[0] = 1 with a
//           one-thread kernel so that the block with bid 0 does not wait (scan_value[0] = 0).
// Why a dynamic index: blocks take their bid in the order they start, so every block a block
//           waits for has already started and will finish: no deadlock whatever order the
//           hardware schedules blocks in. chained_scan_static_bid.cu uses blockIdx.x instead.
// Changes:  the book prints only the fragments; the glue is ours:
//           - Figure 11.3 runs with bid in place of blockIdx.x (i = bid*blockDim.x + ...);
//           - local_sum = XY[SECTION_SIZE - 1] after a barrier (the section's total);
//           - each output is Y[i] = XY[threadIdx.x] + previous_sum.
//           scan_value is declared volatile (the book shows no declarations): a block reads
//           scan_value[bid] after seeing the flag, and a plain load could hit a stale L1 line
//           fetched earlier by another block on the same SM; volatile loads go to L2.
// Errata:   none known.
// Entry:    void chained_scan(const float *in, float *out, int n)

#include <cstdio>
#include <cuda_runtime.h>

#ifndef SECTION_SIZE
#define SECTION_SIZE 1024
#endif

__global__ void chained_scan_init(int *flags)
{
    flags[0] = 1;   // block 0 has no predecessor: its (zero) previous sum is ready
}

__global__ void chained_scan_kernel(float *X, float *Y, unsigned int N,
                                    int *flags, volatile float *scan_value,
                                    unsigned int *blockCounter)
{
    // In-text figure 8: dynamic block index
    __shared__ unsigned int bid_s;
    if (threadIdx.x == 0) {
        bid_s = atomicAdd(blockCounter, 1);
    }
    __syncthreads();
    unsigned int bid = bid_s;

    // Figure 11.3 on section bid
    __shared__ float XY[SECTION_SIZE];
    unsigned int i = bid*blockDim.x + threadIdx.x;
    if(i < N) {
        XY[threadIdx.x] = X[i];
    } else {
        XY[threadIdx.x] = 0.0f;
    }
    for(unsigned int stride = 1; stride < blockDim.x; stride *= 2) {
        __syncthreads();
        float temp;
        if(threadIdx.x >= stride)
            temp = XY[threadIdx.x] + XY[threadIdx.x-stride];
        __syncthreads();
        if(threadIdx.x >= stride)
            XY[threadIdx.x] = temp;
    }
    __syncthreads();
    float local_sum = XY[SECTION_SIZE - 1];

    // In-text figure 7: adjacent synchronisation
    __shared__ float previous_sum;
    if (threadIdx.x == 0){
        // Wait for previous flag
        while(atomicAdd(&flags[bid], 0) == 0) { }
        // Read previous partial sum
        previous_sum = scan_value[bid];
        // Propagate partial sum
        scan_value[bid + 1] = previous_sum + local_sum;
        // Memory fence
        __threadfence();
        // Set flag
        atomicAdd(&flags[bid + 1], 1);
    }
    __syncthreads();

    if(i < N) {
        Y[i] = XY[threadIdx.x] + previous_sum;
    }
}

// Host entry: in and out are device pointers of n floats, allocated by the caller.
void chained_scan(const float *in, float *out, int n)
{
    if (n < 1) {
        printf("chained_scan: n = %d is not supported (need n >= 1)\n", n);
        return;
    }
    unsigned int numBlocks = (n + SECTION_SIZE - 1) / SECTION_SIZE;
    int *flags;
    float *scan_value;
    unsigned int *blockCounter;
    cudaMalloc((void **)&flags, (numBlocks + 1) * sizeof(int));
    cudaMalloc((void **)&scan_value, (numBlocks + 1) * sizeof(float));
    cudaMalloc((void **)&blockCounter, sizeof(unsigned int));
    cudaMemset(flags, 0, (numBlocks + 1) * sizeof(int));
    cudaMemset(scan_value, 0, (numBlocks + 1) * sizeof(float));
    cudaMemset(blockCounter, 0, sizeof(unsigned int));
    chained_scan_init<<<1, 1, 0>>>(flags);
    chained_scan_kernel<<<numBlocks, SECTION_SIZE, 0>>>((float *)in, out, (unsigned int)n,
                                                        flags, scan_value, blockCounter);
    cudaFree(flags);
    cudaFree(scan_value);
    cudaFree(blockCounter);
}
