__global__ void block_sum(const float *in, float *out)
{
    __shared__ float total = 0.0f;
    atomicAdd(&total, in[threadIdx.x]);
    __syncthreads();
    if (threadIdx.x == 0) *out = total;
}
// expect-nvcc: error
