// kogge_stone_exclusive.cu: PMPP's Kogge-Stone scan turned exclusive by a shifted load.
//
// Source:   PMPP, chapter 11 "Prefix sum (scan)" (Hwu, Kirk and El Hajj, 4th edition, 2022): Figure 11.3
//           with its load (lines 04-08) replaced by in-text figure 1, which shifts the input
//           right by one element and puts the identity 0 first (Figure 11.4's algorithm).
// Scan:     exclusive
// Sizes:    1 <= n <= SECTION_SIZE (default 1024, overridable with -DSECTION_SIZE=...), any n
//           in that range. ONE block of SECTION_SIZE threads (the kernel needs
//           blockDim.x == SECTION_SIZE). With more blocks each section is scanned separately.
// Changes:  the book prints no complete exclusive kernel, so the kernel is named
//           Kogge_Stone_exclusive_scan_kernel; the load is in-text figure 1 verbatim:
//             -    if(i < N) {
//             -        XY[threadIdx.x] = X[i];
//             +    if (i < N && threadIdx.x != 0) {
//             +        XY[threadIdx.x] = X[i-1];
// Errata:   none.
// Extraction fixes (PDF text garbling only): as in kogge_stone.cu.
// Entry:    void kogge_stone_exclusive(const float *in, float *out, int n)

#include <cstdio>
#include <cuda_runtime.h>

#ifndef SECTION_SIZE
#define SECTION_SIZE 1024
#endif

__global__ void Kogge_Stone_exclusive_scan_kernel(float *X, float *Y, unsigned int N){
    __shared__ float XY[SECTION_SIZE];
    unsigned int i = blockIdx.x*blockDim.x + threadIdx.x;
    if (i < N && threadIdx.x != 0) {
        XY[threadIdx.x] = X[i-1];
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
    if(i < N) {
        Y[i] = XY[threadIdx.x];
    }
}

// Host entry: in and out are device pointers of n floats, allocated by the caller.
void kogge_stone_exclusive(const float *in, float *out, int n)
{
    if (n < 1 || n > SECTION_SIZE) {
        printf("kogge_stone_exclusive: n = %d is not supported (need 1 <= n <= SECTION_SIZE = %d)\n",
               n, SECTION_SIZE);
        return;
    }
    Kogge_Stone_exclusive_scan_kernel<<<1, SECTION_SIZE, 0>>>((float *)in, out, (unsigned int)n);
}
