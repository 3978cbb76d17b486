__global__ void block_reduce(const float *in, float *out)
{
    float v = in[blockIdx.x * blockDim.x + threadIdx.x];
    v = warp_reduce(v);
    if (threadIdx.x == 0) out[blockIdx.x] = v;
}
// expect-nvcc: error
