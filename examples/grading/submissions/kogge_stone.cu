// CS 4xx Lab 4 - inclusive scan of one block
// Kogge-Stone scan, two barriers per step so nobody reads XY while it is being overwritten
// (PMPP ch. 11, Fig. 11.3). One thread per element, so n <= 1024.
#include <cstdio>
#include <cuda_runtime.h>

#define SECTION_SIZE 1024

__global__ void kogge_stone_kernel(const float *X, float *Y, int n)
{
    __shared__ float XY[SECTION_SIZE];
    int t = threadIdx.x;

    if (t < n)
        XY[t] = X[t];
    else
        XY[t] = 0.0f;

    for (unsigned int stride = 1; stride < blockDim.x; stride *= 2) {
        __syncthreads();
        float tmp = 0.0f;
        if (t >= stride)
            tmp = XY[t] + XY[t - stride];
        __syncthreads();
        if (t >= stride)
            XY[t] = tmp;
    }

    if (t < n)
        Y[t] = XY[t];
}

void scan(const float *in, float *out, int n)
{
    // one block, one thread per element
    kogge_stone_kernel<<<1, n>>>(in, out, n);
    cudaError_t err = cudaGetLastError();
    if (err != cudaSuccess)
        printf("launch failed\n");
    cudaDeviceSynchronize();
}
