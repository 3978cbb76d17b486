// three_phase.cu: the three-phase scan (one block): sequential scans of per-thread
// subsections, a Kogge-Stone scan of the subsection ends, then a uniform add.
//
// Source:   CSc 8530 Parallel Algorithms slides, "Prefix sums",
//           slides "An even more work efficient kernel" / "An even more efficient kernel", and
//           PMPP chapter 11 (Hwu, Kirk and El Hajj, 4th edition, 2022), Figure 11.8 "A three-phase
//           parallel scan for higher work efficiency". NEITHER SEED PRINTS CODE for it (the
//           figures were lost in extraction, and the slides only describe it), so the kernel
//           below is written from the description, in the style of Figure 11.3:
//           - load: the block loads the whole section into shared memory with coalesced,
//             "carpooling" loads (consecutive threads load consecutive elements);
//           - phase 1: thread t scans its subsection XY[t*S .. t*S + S - 1] sequentially,
//             S = SECTION_SIZE / blockDim.x (one subsection per thread);
//           - phase 2: a Kogge-Stone scan (double barrier, as Figure 11.3) over the last
//             element of each subsection, in place;
//           - phase 3: thread t > 0 adds the last element of subsection t - 1 to the other
//             elements of subsection t.
// Scan:     inclusive
// Sizes:    1 <= n <= SECTION_SIZE (default 4096), ONE block of BLOCK_SIZE threads (default
//           512), so subsections of SECTION_SIZE / BLOCK_SIZE = 8 elements. Both overridable
//           with -D; SECTION_SIZE must be a multiple of BLOCK_SIZE. The tail past n is loaded
//           as 0 and not stored.
// Work:     with t threads and n = t*S: phase 1 n - t additions, phase 2 t log2 t - (t - 1),
//           phase 3 (t - 1)(S - 1); the slides count n - 1, t log(t) and n - t.
// Errata:   none (no printed code to keep). Phase 1's accesses have a stride of S words, so
//           they bank-conflict (S-way for S <= 32 and a power of two); PMPP's remedy is not
//           applied here.
// Entry:    void three_phase(const float *in, float *out, int n)

#include <cstdio>
#include <cuda_runtime.h>

#ifndef SECTION_SIZE
#define SECTION_SIZE 4096
#endif
#ifndef BLOCK_SIZE
#define BLOCK_SIZE 512
#endif

__global__ void three_phase_scan_kernel(float *X, float *Y, unsigned int N) {
    __shared__ float XY[SECTION_SIZE];
    unsigned int subsection = SECTION_SIZE / blockDim.x;
    unsigned int start = threadIdx.x * subsection;
    unsigned int base = blockIdx.x * SECTION_SIZE;

    // Load: coalesced ("carpooling") loads of the whole section, zero past N.
    for (unsigned int j = threadIdx.x; j < SECTION_SIZE; j += blockDim.x) {
        if (base + j < N) {
            XY[j] = X[base + j];
        } else {
            XY[j] = 0.0f;
        }
    }
    __syncthreads();

    // Phase 1: sequential scan of this thread's subsection.
    for (unsigned int j = start + 1; j < start + subsection; ++j) {
        XY[j] += XY[j - 1];
    }

    // Phase 2: Kogge-Stone over the subsection ends XY[(t + 1)*subsection - 1].
    unsigned int last = start + subsection - 1;
    for (unsigned int stride = 1; stride < blockDim.x; stride *= 2) {
        __syncthreads();
        float temp;
        if (threadIdx.x >= stride)
            temp = XY[last] + XY[last - stride*subsection];
        __syncthreads();
        if (threadIdx.x >= stride)
            XY[last] = temp;
    }
    __syncthreads();

    // Phase 3: add the previous subsection's end to every other element of this subsection.
    if (threadIdx.x > 0) {
        float previous = XY[start - 1];
        for (unsigned int j = start; j < last; ++j) {
            XY[j] += previous;
        }
    }
    __syncthreads();

    // Store: coalesced, as the load.
    for (unsigned int j = threadIdx.x; j < SECTION_SIZE; j += blockDim.x) {
        if (base + j < N) {
            Y[base + j] = XY[j];
        }
    }
}

// Host entry: in and out are device pointers of n floats, allocated by the caller.
void three_phase(const float *in, float *out, int n)
{
    if (SECTION_SIZE % BLOCK_SIZE != 0) {
        printf("three_phase: SECTION_SIZE = %d is not a multiple of BLOCK_SIZE = %d\n",
               SECTION_SIZE, BLOCK_SIZE);
        return;
    }
    if (n < 1 || n > SECTION_SIZE) {
        printf("three_phase: n = %d is not supported (need 1 <= n <= SECTION_SIZE = %d)\n",
               n, SECTION_SIZE);
        return;
    }
    three_phase_scan_kernel<<<1, BLOCK_SIZE, 0>>>((float *)in, out, (unsigned int)n);
}
