// Lab 4 - Brent-Kung scan (work efficient!), two elements per thread
// reduction tree up, then distribution tree down (PMPP Fig. 11.7)
#include <cuda_runtime.h>

#define SECTION_SIZE 2048

__global__ void bk_scan(const float *X, float *Y, int n)
{
    __shared__ float XY[SECTION_SIZE];
    int i = threadIdx.x;
    // each thread loads two elements
    XY[i] = (i < n) ? X[i] : 0.0f;
    XY[i + blockDim.x] = (i + blockDim.x < n) ? X[i + blockDim.x] : 0.0f;

    // up-sweep
    for (unsigned int stride = 1; stride <= blockDim.x; stride *= 2) {
        __syncthreads();
        int index = (threadIdx.x + 1) * 2 * stride - 1;
        if (index < SECTION_SIZE)
            XY[index] += XY[index - stride];
    }
    // down-sweep
    for (int stride = SECTION_SIZE / 4; stride > 0; stride /= 2) {
        __syncthreads();
        int index = (threadIdx.x + 1) * stride * 2 - 1;
        if (index + stride < SECTION_SIZE)
            XY[index + stride] += XY[index];
    }
    __syncthreads();
    if (i < n) Y[i] = XY[i];
    if (i + blockDim.x < n) Y[i + blockDim.x] = XY[i + blockDim.x];
}

void scan(const float *in, float *out, int n)
{
    bk_scan<<<1, SECTION_SIZE / 2>>>(in, out, n);
}
