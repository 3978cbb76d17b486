// Lab 4: inclusive scan
// expect-nvcc: error
// (This submission is meant not to compile: a missing semicolon and a misspelt variable.)
#include <cuda_runtime.h>

__global__ void scan_kernel(const float *in, float *out, int n)
{
    __shared__ float s[1024];
    int tid = threadIdx.x
    s[tid] = in[tid];
    for (int d = 1; d < n; d *= 2) {
        __syncthreads();
        float v = tid >= d ? s[tid - d] : 0.0f;
        __syncthreads();
        s[tid] += v;
    }
    out[tid] = s[tdi];
}

void scan(const float *in, float *out, int n)
{
    scan_kernel<<<1, n>>>(in, out, n);
}
