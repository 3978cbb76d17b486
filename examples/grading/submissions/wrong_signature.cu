// Lab 4 - inclusive scan. I used unsigned for n since it can't be negative
#include <cuda_runtime.h>

__global__ void scan_kernel(float *in, float *out, unsigned int n)
{
    __shared__ float s[1024];
    unsigned int tid = threadIdx.x;
    s[tid] = in[tid];
    for (unsigned int d = 1; d < n; d *= 2) {
        __syncthreads();
        float v = tid >= d ? s[tid - d] : 0.0f;
        __syncthreads();
        s[tid] += v;
    }
    out[tid] = s[tid];
}

void scan(float *in, float *out, unsigned int n)
{
    scan_kernel<<<1, n>>>(in, out, n);
}
