// hierarchical_scan.cu: PMPP's hierarchical scan for arbitrary-length inputs (three kernels).
//
// Source:   PMPP, chapter 11 "Prefix sum (scan)" (Hwu, Kirk and El Hajj, 4th edition, 2022), Figures 11.9
//           and 11.10: kernel 1 is Figure 11.3 (Kogge-Stone) plus in-text figure 5, which writes
//           each section's total to S[blockIdx.x]; kernel 2 scans S; kernel 3 is in-text
//           figure 6, which adds S[blockIdx.x - 1] to every element of section blockIdx.x.
// Scan:     inclusive
// Sizes:    any n >= 1. ceil(n / SECTION_SIZE) blocks of SECTION_SIZE threads (default 1024,
//           overridable with -DSECTION_SIZE=...). "Kernel 2" is this same routine applied to S
//           in place, recursively in host code (one cudaMalloc of S per level), so S may have
//           more than SECTION_SIZE elements.
// Changes:  kernel 1 takes S as an extra parameter; in-text figure 5 goes after the loop
//           (its __syncthreads() also orders the last write of XY[SECTION_SIZE - 1]).
//           Kernel 3 gets guards that the printed fragment lacks: block 0 has no predecessor
//           (the fragment would read S[-1]) and the last block may extend past N:
//             -    Y[i] += S[blockIdx.x - 1];
//             +    if (blockIdx.x > 0 && i < N) {
//             +        Y[i] += S[blockIdx.x - 1];
//             +    }
// Errata:   the missing guards above (fixed).
// Extraction fixes (PDF text garbling only): as in kogge_stone.cu.
// Entry:    void hierarchical_scan(const float *in, float *out, int n)

#include <cstdio>
#include <cuda_runtime.h>

#ifndef SECTION_SIZE
#define SECTION_SIZE 1024
#endif

// Kernel 1: Figure 11.3 + in-text figure 5.
__global__ void Kogge_Stone_scan_kernel(float *X, float *Y, float *S, unsigned int N){
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
    __syncthreads();
    if (threadIdx.x == blockDim.x - 1) {
        S[blockIdx.x] = XY[SECTION_SIZE - 1];
    }
    if(i < N) {
        Y[i] = XY[threadIdx.x];
    }
}

// Kernel 3: in-text figure 6, guarded.
__global__ void hierarchical_add_kernel(float *Y, float *S, unsigned int N){
    unsigned int i = blockIdx.x*blockDim.x + threadIdx.x;
    if (blockIdx.x > 0 && i < N) {
        Y[i] += S[blockIdx.x - 1];
    }
}

// Inclusive scan of N >= 1 floats from X to Y (device pointers; they may be the same).
void hierarchical_scan_recursive(float *X, float *Y, unsigned int N)
{
    unsigned int numBlocks = (N + SECTION_SIZE - 1) / SECTION_SIZE;
    float *S;
    cudaMalloc((void **)&S, numBlocks * sizeof(float));
    Kogge_Stone_scan_kernel<<<numBlocks, SECTION_SIZE, 0>>>(X, Y, S, N);
    if (numBlocks > 1) {
        hierarchical_scan_recursive(S, S, numBlocks);     // kernel 2: scan S in place
        hierarchical_add_kernel<<<numBlocks, SECTION_SIZE, 0>>>(Y, S, N);
    }
    cudaFree(S);
}

// Host entry: in and out are device pointers of n floats, allocated by the caller.
void hierarchical_scan(const float *in, float *out, int n)
{
    if (n < 1) {
        printf("hierarchical_scan: n = %d is not supported (need n >= 1)\n", n);
        return;
    }
    hierarchical_scan_recursive((float *)in, out, (unsigned int)n);
}
