__global__ void partial_sums(const float *in, float *out)
{
    float partial[];
    partial[0] = in[threadIdx.x];
    out[threadIdx.x] = partial[0];
}
// expect-nvcc: error
