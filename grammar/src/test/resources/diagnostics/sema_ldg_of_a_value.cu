// __ldg reads through an address: it takes &in[i] (or in + i), not the element itself.
__global__ void copy(const float *in, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = __ldg(in[i]);
}
// expect-nvcc: error
