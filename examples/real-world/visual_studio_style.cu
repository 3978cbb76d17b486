// visual_studio_style.cu: an inclusive scan of one block, written as Visual Studio's CUDA project
// template and its formatter leave a file: the CUDA headers included with quotes, and the launch
// brackets spaced (kernel << <grid, block >> >). nvcc reads both; so does scansim.
//
// Written for scansim's tests (not copied from any project). Host entry: in and out are device
// pointers of n floats, 1 <= n <= BLOCK.
#include "cuda_runtime.h"
#include "device_launch_parameters.h"
#include <stdio.h>

#define BLOCK 1024

__global__ void hillisSteele(const float *in, float *out, int n)
{
    __shared__ float buf[2][BLOCK];
    int t = threadIdx.x;
    int from = 0;
    buf[0][t] = t < n ? in[t] : 0.0f;
    __syncthreads();
    for (int stride = 1; stride < blockDim.x; stride *= 2) {
        int to = 1 - from;
        buf[to][t] = t >= stride ? buf[from][t] + buf[from][t - stride] : buf[from][t];
        __syncthreads();
        from = to;
    }
    if (t < n) {
        out[t] = buf[from][t];
    }
}

void scan(const float *in, float *out, int n)
{
    if (n < 1 || n > BLOCK) {
        printf("scan: n = %d is not supported (1 <= n <= %d)\n", n, BLOCK);
        return;
    }
    int threads = 32;
    while (threads < n) {
        threads *= 2;
    }
    hillisSteele << <1, threads >> > (in, out, n);
}
