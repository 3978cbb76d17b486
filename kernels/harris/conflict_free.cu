// conflict_free.cu: Harris's work-efficient scan with bank-conflict padding, CORRECTED.
// nvcc-variant: -DZERO_BANK_CONFLICTS
// nvcc-variant: -DNUM_BANKS=16 -DLOG_NUM_BANKS=4
// nvcc-variant: -DBANK_OFFSET_B_TYPO
//
// Source:   Mark Harris, "Parallel Prefix Sum (Scan) with CUDA", NVIDIA 2007
//           (GPU Gems 3, chapter 39), section "Avoiding Bank Conflicts": Listing 3
//           (the macros) and the modified blocks A to E, applied to Listing 2 (blelloch.cu).
// Scan:     exclusive (prescan)
// Sizes:    n a power of two, 2 <= n <= 2 * MAX_THREADS_PER_BLOCK (default 2048).
//           One block of n/2 threads, extern __shared__ of n + CONFLICT_FREE_OFFSET(n - 1) floats.
// Variants: NUM_BANKS / LOG_NUM_BANKS are overridable with -D: default 32 / 5 (Fermi and every
//           later part, Hopper included); 16 / 4 is G80 (compute 1.x), the value printed.
//           -DZERO_BANK_CONFLICTS selects the two-level padding, correctly parenthesised; -DNO_PADDING none.
// Errata:   FIXED (conflict_free_as_printed.cu keeps them):
//           1. bank count: NUM_BANKS 16 / LOG_NUM_BANKS 4 (G80) -> overridable, default 32 / 5.
//           2. ZERO_BANK_CONFLICTS macro precedence and NUM_BANKS-for-LOG_NUM_BANKS:
//                -    ((n) >> NUM_BANKS + (n) >> (2 * LOG_NUM_BANKS))
//                +    (((n) >> LOG_NUM_BANKS) + ((n) >> (2 * LOG_NUM_BANKS)))
//           3. Block A typo:
//                -    int bankOffsetB = CONFLICT_FREE_OFFSET(ai);
//                +    int bankOffsetB = CONFLICT_FREE_OFFSET(bi);
//              -DBANK_OFFSET_B_TYPO puts this typo back on its own (the catalog's
//              harris/conflict_free_typo): wrong results from n = 64 on.
// Extraction fixes (PDF text garbling only): Block C "temp[n 1 + ...]" -> "temp[n - 1 + ...]".
// Entry:    void conflict_free(const float *in, float *out, int n)

#include <cstdio>
#include <cuda_runtime.h>

#ifndef MAX_THREADS_PER_BLOCK
#define MAX_THREADS_PER_BLOCK 1024
#endif

// Listing 3, corrected. 32 banks of 4 bytes on Fermi .. Hopper; 16 on G80.
#ifndef NUM_BANKS
#define NUM_BANKS 32
#endif
#ifndef LOG_NUM_BANKS
#define LOG_NUM_BANKS 5
#endif
#if defined(NO_PADDING)          // Listing 2's layout, for comparison (-DNO_PADDING)
#define CONFLICT_FREE_OFFSET(n) 0
#elif defined(ZERO_BANK_CONFLICTS)
#define CONFLICT_FREE_OFFSET(n) (((n) >> LOG_NUM_BANKS) + ((n) >> (2 * LOG_NUM_BANKS)))
#else
#define CONFLICT_FREE_OFFSET(n) ((n) >> LOG_NUM_BANKS)
#endif
__global__ void prescan(float *g_odata, float *g_idata, int n)
{
    extern __shared__ float temp[];// allocated on invocation
    int thid = threadIdx.x;
    int offset = 1;
    // Block A
    int ai = thid;
    int bi = thid + (n/2);
    int bankOffsetA = CONFLICT_FREE_OFFSET(ai);
#ifdef BANK_OFFSET_B_TYPO
    int bankOffsetB = CONFLICT_FREE_OFFSET(ai);   // the printed typo, on its own (-DBANK_OFFSET_B_TYPO)
#else
    int bankOffsetB = CONFLICT_FREE_OFFSET(bi);
#endif
    temp[ai + bankOffsetA] = g_idata[ai];
    temp[bi + bankOffsetB] = g_idata[bi];
    for (int d = n>>1; d > 0; d >>= 1) // build sum in place up the tree
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
    // Block C
    if (thid==0) { temp[n - 1 + CONFLICT_FREE_OFFSET(n - 1)] = 0; } // clear the last element
    for (int d = 1; d < n; d *= 2) // traverse down tree & build scan
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
    // Block E
    g_odata[ai] = temp[ai + bankOffsetA];
    g_odata[bi] = temp[bi + bankOffsetB];
}

// Host entry: in and out are device pointers of n floats, allocated by the caller.
void conflict_free(const float *in, float *out, int n)
{
    if (n < 2 || n > 2 * MAX_THREADS_PER_BLOCK || (n & (n - 1)) != 0) {
        printf("conflict_free: n = %d is not supported (need a power of two, 2 <= n <= %d)\n",
               n, 2 * MAX_THREADS_PER_BLOCK);
        return;
    }
    // The largest padded index is n - 1 + CONFLICT_FREE_OFFSET(n - 1).
    int sharedFloats = n + CONFLICT_FREE_OFFSET(n - 1);
    prescan<<<1, n / 2, sharedFloats * sizeof(float)>>>(out, (float *)in, n);
}
