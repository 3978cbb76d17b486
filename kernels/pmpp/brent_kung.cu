// brent_kung.cu: PMPP's Brent-Kung scan (reduction tree, then reverse tree).
//
// Source:   PMPP, chapter 11 "Prefix sum (scan)" (Hwu, Kirk and El Hajj, 4th edition, 2022), Figure 11.7
//           "A Brent-Kung kernel for inclusive (segmented) scan" (its loops are in-text
//           figures 3 and 4; Figure 11.6 shows the reverse tree).
// Scan:     inclusive
// Sizes:    1 <= n <= SECTION_SIZE (default 2048, a power of two, overridable with
//           -DSECTION_SIZE=...), any n in that range. ONE block of SECTION_SIZE/2 threads,
//           two elements per thread (the kernel needs blockDim.x == SECTION_SIZE/2).
// Errata:   KEPT, deliberately: lines 04-05 load only the elements below N and leave the tail
//           of a partial section uninitialised (Figure 11.3 stores 0.0f there; this figure has
//           no else). The reduction then adds that garbage into XY[i] for i >= N. The outputs
//           below N stay right (an inclusive scan only moves values to higher indices) and the
//           garbage is never stored, but a simulator must report the reads of uninitialised
//           shared memory whenever n is not a multiple of SECTION_SIZE.
// Extraction fixes (PDF text garbling only): none needed.
// Entry:    void brent_kung(const float *in, float *out, int n)

#include <cstdio>
#include <cuda_runtime.h>

#ifndef SECTION_SIZE
#define SECTION_SIZE 2048
#endif

__global__ void Brent_Kung_scan_kernel(float *X, float *Y, unsigned int N) {
    __shared__ float XY[SECTION_SIZE];
    unsigned int i = 2*blockIdx.x*blockDim.x + threadIdx.x;
    if(i < N) XY[threadIdx.x] = X[i];
    if(i + blockDim.x < N) XY[threadIdx.x + blockDim.x] = X[i + blockDim.x];
    for(unsigned int stride = 1; stride <= blockDim.x; stride *= 2) {
        __syncthreads();
        unsigned int index = (threadIdx.x + 1)*2*stride - 1;
        if(index < SECTION_SIZE) {
            XY[index] += XY[index - stride];
        }
    }
    for (int stride = SECTION_SIZE/4; stride > 0; stride /= 2) {
        __syncthreads();
        unsigned int index = (threadIdx.x + 1)*stride*2 - 1;
        if(index + stride < SECTION_SIZE) {
            XY[index + stride] += XY[index];
        }
    }
    __syncthreads();
    if (i < N) Y[i] = XY[threadIdx.x];
    if (i + blockDim.x < N) Y[i + blockDim.x] = XY[threadIdx.x + blockDim.x];
}

// Host entry: in and out are device pointers of n floats, allocated by the caller.
void brent_kung(const float *in, float *out, int n)
{
    if (n < 1 || n > SECTION_SIZE) {
        printf("brent_kung: n = %d is not supported (need 1 <= n <= SECTION_SIZE = %d)\n",
               n, SECTION_SIZE);
        return;
    }
    Brent_Kung_scan_kernel<<<1, SECTION_SIZE / 2, 0>>>((float *)in, out, (unsigned int)n);
}
