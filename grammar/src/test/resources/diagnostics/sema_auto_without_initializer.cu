// auto takes its type from the initializer: without one there is nothing to deduce it from.
__global__ void copy(const float *in, float *out, int n)
{
    auto i;
    i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = in[i];
}
// expect-nvcc: error
