// conflict_free_as_printed.cu: Harris's work-efficient scan with bank-conflict padding, AS PRINTED.
// nvcc-variant: -DZERO_BANK_CONFLICTS
//
// Source:   Mark Harris, "Parallel Prefix Sum (Scan) with CUDA", NVIDIA 2007
//           (GPU Gems 3, chapter 39), section "Avoiding Bank Conflicts": Listing 3
//           (the macros) and the modified blocks A to E, applied to Listing 2 (blelloch.cu).
// Scan:     exclusive (prescan)
// Sizes:    n a power of two, 2 <= n <= 2 * MAX_THREADS_PER_BLOCK (default 2048).
//           One block of n/2 threads, extern __shared__ of 2*n floats (see "Shared memory").
// Variants: default: CONFLICT_FREE_OFFSET(n) = ((n) >> LOG_NUM_BANKS).
//           -DZERO_BANK_CONFLICTS: the printed two-level macro (precedence bug kept, below).
// Errata:   ALL KEPT, deliberately (the corrected kernel is conflict_free.cu):
//           1. NUM_BANKS 16 / LOG_NUM_BANKS 4 is the G80 (compute 1.x) bank count; every part
//              since Fermi has 32 banks, so on them this padding leaves 2-way conflicts.
//           2. The ZERO_BANK_CONFLICTS macro: "+" binds tighter than ">>", and NUM_BANKS is
//              written where LOG_NUM_BANKS is meant, so it parses as
//              (((n) >> (NUM_BANKS + (n))) >> (2 * LOG_NUM_BANKS)). The shift count 16 + n is
//              >= 32 for n >= 16, which C leaves undefined (PTX shr clamps it, giving 0), so
//              on hardware the "zero conflicts" variant adds no padding at all.
//           3. Block A: "bankOffsetB = CONFLICT_FREE_OFFSET(ai)" where bi is meant. The second
//              half of the input is stored at bi + (ai >> 4) but the tree reads bi + (bi >> 4),
//              so the result is wrong for every n >= 32 (n/2 >= 16, where the offsets differ);
//              for n <= 16 both offsets are 0 and the result is right.
//           With -DZERO_BANK_CONFLICTS on hardware, erratum 2 makes every offset 0, which hides
//           erratum 3: the results are right (checked on an H200, n = 2 .. 2048) but nothing is
//           padded, so the accesses conflict like Listing 2's.
//           (Text only, no code: the section says padding "every NUM_BANKS (16) elements".)
// Shared memory: the printed text does not say how much to allocate. 2*n floats is generous:
//           it covers the largest index of the default macro (n - 1 + ((n - 1) >> 4)), and any
//           offset up to n, whatever a front end makes of the undefined shift in erratum 2
//           (Java's ">>" masks the count to 5 bits, which gives offsets up to 7 for n <= 2048).
// Extraction fixes (PDF text garbling only): Block C "temp[n 1 + ...]" -> "temp[n - 1 + ...]".
// Entry:    void conflict_free_as_printed(const float *in, float *out, int n)

#include <cstdio>
#include <cuda_runtime.h>

#ifndef MAX_THREADS_PER_BLOCK
#define MAX_THREADS_PER_BLOCK 1024
#endif

// Listing 3, exactly as printed.
#define NUM_BANKS 16
#define LOG_NUM_BANKS 4
#ifdef ZERO_BANK_CONFLICTS
#define CONFLICT_FREE_OFFSET(n) \
    ((n) >> NUM_BANKS + (n) >> (2 * LOG_NUM_BANKS))
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
    int bankOffsetB = CONFLICT_FREE_OFFSET(ai);
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
void conflict_free_as_printed(const float *in, float *out, int n)
{
    if (n < 2 || n > 2 * MAX_THREADS_PER_BLOCK || (n & (n - 1)) != 0) {
        printf("conflict_free_as_printed: n = %d is not supported (need a power of two, 2 <= n <= %d)\n",
               n, 2 * MAX_THREADS_PER_BLOCK);
        return;
    }
    // 2*n floats: generous on purpose, see "Shared memory" in the header.
    prescan<<<1, n / 2, 2 * n * sizeof(float)>>>(out, (float *)in, n);
}
