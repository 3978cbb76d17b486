// two_way_conflicts.cu: a CORRECT Kogge-Stone scan whose every shared-memory access is a
// 2-way bank conflict.
// A control kernel of the checkers' corpus (not a catalog entry): nothing is wrong with it.
//
// What:     PMPP's two-barrier Kogge-Stone scan (Figure 11.3, ../pmpp/kogge_stone.cu) on a
//           shared array that holds element k at word 2*k (a student "leaving room" for a
//           second value), and with BLOCK_SIZE zeros in front of the data so that every thread
//           adds on every step (element k - stride of a thread with k < stride is one of the
//           zeros): no thread idles, so every shared access is made by full warps.
// Scan:     inclusive
// Sizes:    1 <= n <= BLOCK_SIZE (default 1024); ONE block of BLOCK_SIZE threads, 8*BLOCK_SIZE
//           bytes of shared memory.
// Defect:   none that a correctness checker may report. Lane t of a warp accesses word
//           2*(c + t) for a warp-uniform c, so lanes t and t + 16 hit the same bank (32 banks
//           of 32-bit words, Volta..Hopper; on G80's 16 banks and half-warps, lanes t and t + 8)
//           at different words: every shared load and store (lines 36, 37, 40, 42, 45) is
//           served in 2 wavefronts where 1 would do, a 2-way conflict.
// Checkers: none. The bank-conflict counters show it: conflicts = wavefronts / 2 on every
//           site, maximum degree 2.
// Entry:    void two_way_conflicts(const float *in, float *out, int n)

#include <cstdio>
#include <cuda_runtime.h>

#ifndef BLOCK_SIZE
#define BLOCK_SIZE 1024
#endif

// Element k of the section is XY[2*(BLOCK_SIZE + k)]; XY[2*k], k < BLOCK_SIZE, hold zeros.
#define AT(k) (2*(BLOCK_SIZE + (k)))

__global__ void strided_scan_kernel(const float *X, float *Y, int n)
{
    __shared__ float XY[4*BLOCK_SIZE];
    int t = threadIdx.x;
    XY[2*t] = 0.0f;
    XY[AT(t)] = (t < n) ? X[t] : 0.0f;
    for (int stride = 1; stride < BLOCK_SIZE; stride *= 2) {
        __syncthreads();
        float sum = XY[AT(t)] + XY[AT(t - stride)];
        __syncthreads();
        XY[AT(t)] = sum;
    }
    if (t < n)
        Y[t] = XY[AT(t)];
}

// Host entry: in and out are device pointers of n floats, allocated by the caller.
void two_way_conflicts(const float *in, float *out, int n)
{
    if (n < 1 || n > BLOCK_SIZE) {
        printf("two_way_conflicts: n = %d is not supported (need 1 <= n <= BLOCK_SIZE = %d)\n",
               n, BLOCK_SIZE);
        return;
    }
    strided_scan_kernel<<<1, BLOCK_SIZE>>>(in, out, n);
}
