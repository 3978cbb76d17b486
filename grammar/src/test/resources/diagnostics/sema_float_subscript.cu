__global__ void sample(const float *in, float *out, int n)
{
    int i = threadIdx.x;
    if (i < n) out[i] = in[i * 0.5f];
}
// expect-nvcc: error
