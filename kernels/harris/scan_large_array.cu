// scan_large_array.cu: Harris's scan of arrays of arbitrary size (scan-then-propagate).
// nvcc-variant: -DZERO_BANK_CONFLICTS
// nvcc-variant: -DNUM_BANKS=16 -DLOG_NUM_BANKS=4 -DELEMENTS_PER_BLOCK=512
//
// Source:   Mark Harris, "Parallel Prefix Sum (Scan) with CUDA", NVIDIA 2007
//           (GPU Gems 3, chapter 39), section "Arrays of Arbitrary Size" and its
//           Figure 5: scan each block of B elements with the work-efficient, bank-conflict-free
//           scan (Listings 2 and 3, corrected as in conflict_free.cu: the one Table 2 measured),
//           store each block's total to SUMS, scan SUMS into INCR, add INCR[j] to every element
//           of block j with a uniform add kernel on N/B blocks of B/2 threads.
// Scan:     exclusive (prescan)
// Sizes:    any n >= 1. B = ELEMENTS_PER_BLOCK (default 1024; the text's G80 choice is 512),
//           a power of two, B/2 threads per block, ceil(n / B) blocks. SUMS is scanned by the
//           same routine, recursively in host code (one cudaMalloc of SUMS and INCR per level).
// Non-power-of-two n: the text splits the array into a multiple of B and a remainder scanned
//           by a kernel that pads shared memory to the next power of two (the SDK sample
//           scan_largearray). Here every block is padded the same way instead: loads past n
//           read 0, stores past n are skipped. The result is the same.
// Changes:  the kernels below are Listing 2 with Listing 3's blocks (corrected), plus
//           - a block base (blockIdx.x * ELEMENTS_PER_BLOCK) on every global index, with the
//             loads and stores guarded by "< n" (zero padding of the last block);
//           - the text's "minor modification": before the last element is zeroed, thread 0
//             stores it (the block's total) to g_sums[blockIdx.x] when storeSum is set;
//           - the tree loops run over ELEMENTS_PER_BLOCK, not n (n is now the array length).
//           uniformAdd is not printed in the text; it follows the SDK sample's shape.
// Errata:   the Listing 3 errata are fixed as in conflict_free.cu. (Text only: the paper says
//           to store the sum "before zeroing the last element of block j (label B in
//           Listing 2)"; the zeroing is label C.)
// Entry:    void scan_large_array(const float *in, float *out, int n)

#include <cstdio>
#include <cuda_runtime.h>

#ifndef NUM_BANKS
#define NUM_BANKS 32
#endif
#ifndef LOG_NUM_BANKS
#define LOG_NUM_BANKS 5
#endif
#ifdef ZERO_BANK_CONFLICTS
#define CONFLICT_FREE_OFFSET(n) \
    (((n) >> LOG_NUM_BANKS) + ((n) >> (2 * LOG_NUM_BANKS)))
#else
#define CONFLICT_FREE_OFFSET(n) ((n) >> LOG_NUM_BANKS)
#endif

// B in the text: elements scanned by one block of B/2 threads. A power of two.
#ifndef ELEMENTS_PER_BLOCK
#define ELEMENTS_PER_BLOCK 1024
#endif

__global__ void prescan(float *g_odata, float *g_idata, float *g_sums, int n, int storeSum)
{
    extern __shared__ float temp[];// allocated on invocation
    int thid = threadIdx.x;
    int offset = 1;
    int blockBase = blockIdx.x * ELEMENTS_PER_BLOCK;
    // Block A (zero padding past n)
    int ai = thid;
    int bi = thid + (ELEMENTS_PER_BLOCK/2);
    int bankOffsetA = CONFLICT_FREE_OFFSET(ai);
    int bankOffsetB = CONFLICT_FREE_OFFSET(bi);
    temp[ai + bankOffsetA] = (blockBase + ai < n) ? g_idata[blockBase + ai] : 0;
    temp[bi + bankOffsetB] = (blockBase + bi < n) ? g_idata[blockBase + bi] : 0;
    for (int d = ELEMENTS_PER_BLOCK>>1; d > 0; d >>= 1) // build sum in place up the tree
    {
        __syncthreads();
        if (thid < d)
        {
            // Block B
            int ai = offset*(2*thid+1)-1;
            int bi = offset*(2*thid+2)-1;
            ai += CONFLICT_FREE_OFFSET(ai);
            bi += CONFLICT_FREE_OFFSET(bi);
            temp[bi] += temp[ai];
        }
        offset *= 2;
    }
    // Block C, with the store of the block's total to SUMS
    if (thid==0) {
        if (storeSum) {
            g_sums[blockIdx.x] = temp[ELEMENTS_PER_BLOCK - 1 + CONFLICT_FREE_OFFSET(ELEMENTS_PER_BLOCK - 1)];
        }
        temp[ELEMENTS_PER_BLOCK - 1 + CONFLICT_FREE_OFFSET(ELEMENTS_PER_BLOCK - 1)] = 0; // clear the last element
    }
    for (int d = 1; d < ELEMENTS_PER_BLOCK; d *= 2) // traverse down tree & build scan
    {
        offset >>= 1;
        __syncthreads();
        if (thid < d)
        {
            // Block D
            int ai = offset*(2*thid+1)-1;
            int bi = offset*(2*thid+2)-1;
            ai += CONFLICT_FREE_OFFSET(ai);
            bi += CONFLICT_FREE_OFFSET(bi);
            float t = temp[ai];
            temp[ai] = temp[bi];
            temp[bi] += t;
        }
    }
    __syncthreads();
    // Block E (stores past n skipped)
    if (blockBase + ai < n) g_odata[blockBase + ai] = temp[ai + bankOffsetA];
    if (blockBase + bi < n) g_odata[blockBase + bi] = temp[bi + bankOffsetB];
}

// Adds INCR[j] (uniforms[blockIdx.x]) to the ELEMENTS_PER_BLOCK elements of block j;
// B/2 threads, two elements each, like prescan.
__global__ void uniformAdd(float *g_data, float *uniforms, int n)
{
    __shared__ float uni;
    if (threadIdx.x == 0) { uni = uniforms[blockIdx.x]; }
    __syncthreads();
    int address = blockIdx.x * ELEMENTS_PER_BLOCK + threadIdx.x;
    if (address < n) g_data[address] += uni;
    if (address + ELEMENTS_PER_BLOCK/2 < n) g_data[address + ELEMENTS_PER_BLOCK/2] += uni;
}

// Exclusive scan of n >= 1 floats from d_in to d_out (device pointers; they may be the same).
void prescanArrayRecursive(float *d_out, float *d_in, int n)
{
    int numBlocks = (n + ELEMENTS_PER_BLOCK - 1) / ELEMENTS_PER_BLOCK;
    int numThreads = ELEMENTS_PER_BLOCK / 2;
    int sharedFloats = ELEMENTS_PER_BLOCK + CONFLICT_FREE_OFFSET(ELEMENTS_PER_BLOCK - 1);
    if (numBlocks == 1) {
        prescan<<<1, numThreads, sharedFloats * sizeof(float)>>>(d_out, d_in, 0, n, 0);
        return;
    }
    float *d_sums;   // SUMS: the total of each block
    float *d_incr;   // INCR: the exclusive scan of SUMS
    cudaMalloc((void **)&d_sums, numBlocks * sizeof(float));
    cudaMalloc((void **)&d_incr, numBlocks * sizeof(float));
    prescan<<<numBlocks, numThreads, sharedFloats * sizeof(float)>>>(d_out, d_in, d_sums, n, 1);
    prescanArrayRecursive(d_incr, d_sums, numBlocks);
    uniformAdd<<<numBlocks, numThreads, 0>>>(d_out, d_incr, n);
    cudaFree(d_sums);
    cudaFree(d_incr);
}

// Host entry: in and out are device pointers of n floats, allocated by the caller.
void scan_large_array(const float *in, float *out, int n)
{
    if (n < 1) {
        printf("scan_large_array: n = %d is not supported (need n >= 1)\n", n);
        return;
    }
    prescanArrayRecursive(out, (float *)in, n);
}
