// chained_scan_static_bid.cu: PMPP's single-pass chained scan WITHOUT the dynamic block index
// (bid = blockIdx.x): the hazard that in-text figure 8 exists to remove.
//
// Source:   PMPP, chapter 11 "Prefix sum (scan)" (Hwu, Kirk and El Hajj, 4th edition, 2022): Figure 11.3
//           per section, then in-text figure 7 (flags, scan_value, the atomicAdd(&flags[bid], 0)
//           spin, __threadfence()), with bid = blockIdx.x instead of in-text figure 8.
// Scan:     inclusive
// Sizes:    any n >= 1. ceil(n / SECTION_SIZE) blocks of SECTION_SIZE threads (default 1024,
//           overridable with -DSECTION_SIZE=...); the last section is padded with 0.
// Hazard:   KEPT, deliberately. CUDA does not promise that blocks start in blockIdx order. If
//           block k is resident and spinning on flags[k] while block k - 1 has not started,
//           and the spinning blocks fill every slot, block k - 1 never starts: deadlock. Current
//           hardware usually dispatches in order, so it rarely hangs on a GPU; a simulator
//           with a residency limit and another dispatch order must show the deadlock.
//           chained_scan.cu is the safe version.
// Changes:  as chained_scan.cu (volatile scan_value, local_sum, the final add); and
//             -    __shared__ unsigned int bid_s; ... unsigned int bid = bid_s;   (figure 8)
//             +    unsigned int bid = blockIdx.x;
// Entry:    void chained_scan_static_bid(const float *in, float *out, int n)

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
                                    int *flags, volatile float *scan_value)
{
    unsigned int bid = blockIdx.x;

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
void chained_scan_static_bid(const float *in, float *out, int n)
{
    if (n < 1) {
        printf("chained_scan_static_bid: n = %d is not supported (need n >= 1)\n", n);
        return;
    }
    unsigned int numBlocks = (n + SECTION_SIZE - 1) / SECTION_SIZE;
    int *flags;
    float *scan_value;
    cudaMalloc((void **)&flags, (numBlocks + 1) * sizeof(int));
    cudaMalloc((void **)&scan_value, (numBlocks + 1) * sizeof(float));
    cudaMemset(flags, 0, (numBlocks + 1) * sizeof(int));
    cudaMemset(scan_value, 0, (numBlocks + 1) * sizeof(float));
    chained_scan_init<<<1, 1, 0>>>(flags);
    chained_scan_kernel<<<numBlocks, SECTION_SIZE, 0>>>((float *)in, out, (unsigned int)n,
                                                        flags, scan_value);
    cudaFree(flags);
    cudaFree(scan_value);
}
