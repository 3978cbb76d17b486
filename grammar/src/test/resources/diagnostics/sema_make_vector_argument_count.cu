__global__ void load(const float *in, float4 *out)
{
    int i = threadIdx.x;
    out[i] = make_float4(in[4 * i], in[4 * i + 1], in[4 * i + 2]);
}
// expect-nvcc: error
