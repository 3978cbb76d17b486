// brent_kung.cu: the lecture's Brent-Kung scan (PMPP's Figure 11.7 with int indices).
//
// Source:   CSc 8530 Parallel Algorithms slides, "Prefix sums",
//           slide "Brent-Kung: pseudocode". It differs from PMPP's Figure 11.7
//           (../pmpp/brent_kung.cu) only in types and names: "int InputSize", "int i",
//           "int index" where the book has unsigned int N, i and index.
// Scan:     inclusive
// Sizes:    1 <= n <= SECTION_SIZE (default 2048, a power of two, overridable with
//           -DSECTION_SIZE=...), any n in that range. ONE block of SECTION_SIZE/2 threads.
// Errata:   KEPT, deliberately, as in PMPP: the load has no else, so the tail of a partial
//           section (XY[n .. SECTION_SIZE-1]) is left uninitialised and the reduction reads it;
//           outputs below n are still right and the garbage is never stored.
// Extraction fixes (PDF text garbling only): none needed.
// Entry:    void brent_kung(const float *in, float *out, int n)

#include <cstdio>
#include <cuda_runtime.h>

#ifndef SECTION_SIZE
#define SECTION_SIZE 2048
#endif

__global__ void Brent_Kung_scan_kernel(float *X, float *Y,
int InputSize) {

    __shared__ float XY[SECTION_SIZE];
    int i = 2*blockIdx.x*blockDim.x + threadIdx.x;
    if (i < InputSize) XY[threadIdx.x] = X[i];
    if (i+blockDim.x < InputSize) XY[threadIdx.x+blockDim.x] = X[i+blockDim.x];

    for (unsigned int stride = 1; stride <= blockDim.x; stride *= 2) {
        __syncthreads();
        int index = (threadIdx.x+1) * 2* stride -1;
        if (index < SECTION_SIZE) {
            XY[index] += XY[index - stride];
        }
    }

    for (int stride = SECTION_SIZE/4; stride > 0; stride /= 2) {
        __syncthreads();
        int index = (threadIdx.x+1)*stride*2 - 1;
        if(index + stride < SECTION_SIZE) {
            XY[index + stride] += XY[index];
        }
    }

    __syncthreads();
    if (i < InputSize) Y[i] = XY[threadIdx.x];
    if (i+blockDim.x < InputSize) Y[i+blockDim.x] = XY[threadIdx.x+blockDim.x];
}

// Host entry: in and out are device pointers of n floats, allocated by the caller.
void brent_kung(const float *in, float *out, int n)
{
    if (n < 1 || n > SECTION_SIZE) {
        printf("brent_kung: n = %d is not supported (need 1 <= n <= SECTION_SIZE = %d)\n",
               n, SECTION_SIZE);
        return;
    }
    Brent_Kung_scan_kernel<<<1, SECTION_SIZE / 2, 0>>>((float *)in, out, n);
}
