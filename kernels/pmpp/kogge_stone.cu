// kogge_stone.cu: PMPP's Kogge-Stone scan with two barriers per step (no read/write race).
//
// Source:   PMPP, chapter 11 "Prefix sum (scan)" (Hwu, Kirk and El Hajj, 4th edition, 2022), Figure 11.3
//           "A Kogge-Stone kernel for inclusive (segmented) scan".
// Scan:     inclusive
// Sizes:    1 <= n <= SECTION_SIZE (default 1024, overridable with -DSECTION_SIZE=...), any n
//           in that range. The entry launches ONE block of SECTION_SIZE threads (the kernel
//           needs blockDim.x == SECTION_SIZE); elements past n are loaded as 0 and not stored.
//           With more blocks the kernel scans each section separately (a segmented scan);
//           hierarchical_scan.cu and chained_scan.cu combine the sections.
// Errata:   none. The temporary "temp" between the two barriers is what makes it race-free,
//           compare the lecture's one-barrier version (../lecture/kogge_stone_inplace.cu).
// Extraction fixes (PDF text garbling only):
//           "global void Kogge Stone scan kernel(" -> "__global__ void Kogge_Stone_scan_kernel(".
// Entry:    void kogge_stone(const float *in, float *out, int n)

#include <cstdio>
#include <cuda_runtime.h>

#ifndef SECTION_SIZE
#define SECTION_SIZE 1024
#endif

__global__ void Kogge_Stone_scan_kernel(float *X, float *Y, unsigned int N){
    __shared__ float XY[SECTION_SIZE];
    unsigned int i = blockIdx.x*blockDim.x + threadIdx.x;
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
    if(i < N) {
        Y[i] = XY[threadIdx.x];
    }
}

// Host entry: in and out are device pointers of n floats, allocated by the caller.
void kogge_stone(const float *in, float *out, int n)
{
    if (n < 1 || n > SECTION_SIZE) {
        printf("kogge_stone: n = %d is not supported (need 1 <= n <= SECTION_SIZE = %d)\n",
               n, SECTION_SIZE);
        return;
    }
    Kogge_Stone_scan_kernel<<<1, SECTION_SIZE, 0>>>((float *)in, out, (unsigned int)n);
}
