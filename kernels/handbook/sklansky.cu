// sklansky.cu: Sklansky's minimum-depth scan circuit, one block, in shared memory.
//
// Source:   The CUDA Handbook, section 13.3 "Scan and Circuit Design"
//           (Nicholas Wilt, 2013), Figure 13.10 "Sklansky (minimum-depth) circuit"
//           and the text before it: "Two (N/2)-input circuits are run in parallel, and the
//           output of the spine of the left circuit is added to each element of the right
//           circuit." The figure is lost in the text extraction and the Handbook prints no code
//           for it, so this kernel is written from that description.
// Scan:     inclusive
// Sizes:    1 <= n <= SECTION_SIZE (default 1024, a power of two, overridable with
//           -DSECTION_SIZE=...), any n in that range. ONE block of SECTION_SIZE/2 threads (the
//           kernel needs blockDim.x == SECTION_SIZE/2): each thread loads and stores two
//           elements and does at most one addition per level.
//           Non-power-of-two n: no padding. The recursion is unrolled bottom-up into
//           ceil(log2(n)) levels; level d (half = 2^d) splits the index space into groups of
//           2*half and adds the last element of each group's lower half (its "spine") to every
//           element of the group's upper half. Thread t handles the t-th upper-half index j of
//           the level. Additions with j >= n are skipped; their source index is below j, so no
//           index >= n is ever read or written and shared memory past n stays untouched.
//           Each level is one step: read both operands into a register, __syncthreads(), write,
//           __syncthreads() (the shape of PMPP's Kogge-Stone). At a level the read set (lower-
//           half spines) and the write set (upper halves) are disjoint, so the middle barrier
//           is not needed for correctness; it keeps every level a self-contained read/write step.
// Work:     one addition per level for every j < n in the upper half of its group, i.e. with
//           bit d of j set: work(n) = sum over d of #{ j < n : bit d of j is 1 } = the number of
//           one bits in 0, 1, ..., n-1 = sum_d ( floor(n/2^(d+1))*2^d
//           + max(0, n mod 2^(d+1) - 2^d) ). At n = 2^k: (n/2)*log2(n) (5120 at n = 1024);
//           elsewhere at most (n/2)*log2(n). Fan-out of the spine at level d: 2^d.
// Depth:    ceil(log2(n)) (the minimum for a scan): element 2^(L-1), L = ceil(log2(n)), adds
//           at level L-1 the spine 2^(L-1)-1, which has gained one addition at each earlier level.
// Errata:   none (no code printed; written from the description).
// Entry:    void sklansky(const float *in, float *out, int n)

#include <cstdio>
#include <cuda_runtime.h>

#ifndef SECTION_SIZE
#define SECTION_SIZE 1024
#endif

__global__ void sklansky_scan_kernel(const float *X, float *Y, unsigned int N)
{
    __shared__ float XY[SECTION_SIZE];
    unsigned int t = threadIdx.x;

    // Coalesced load of the n inputs (two per thread); nothing past N is touched.
    if (t < N) {
        XY[t] = X[t];
    }
    if (t + SECTION_SIZE/2 < N) {
        XY[t + SECTION_SIZE/2] = X[t + SECTION_SIZE/2];
    }
    __syncthreads();

    // Level d: half = 2^d; groups of 2*half elements; thread t serves the upper-half element
    // j = group start + half + (t mod half) of group t / half, which adds the group's spine
    // (the last element of its lower half).
    for (unsigned int half = 1; half < N; half *= 2) {
        unsigned int start = (t / half) * 2 * half;
        unsigned int spine = start + half - 1;
        unsigned int j = start + half + t % half;
        float sum = 0.0f;
        if (j < N) {
            sum = XY[spine] + XY[j];
        }
        __syncthreads();
        if (j < N) {
            XY[j] = sum;
        }
        __syncthreads();
    }

    if (t < N) {
        Y[t] = XY[t];
    }
    if (t + SECTION_SIZE/2 < N) {
        Y[t + SECTION_SIZE/2] = XY[t + SECTION_SIZE/2];
    }
}

// Host entry: in and out are device pointers of n floats, allocated by the caller.
void sklansky(const float *in, float *out, int n)
{
    if (n < 1 || n > SECTION_SIZE) {
        printf("sklansky: n = %d is not supported (need 1 <= n <= SECTION_SIZE = %d)\n",
               n, SECTION_SIZE);
        return;
    }
    sklansky_scan_kernel<<<1, SECTION_SIZE/2, 0>>>(in, out, (unsigned int)n);
}
