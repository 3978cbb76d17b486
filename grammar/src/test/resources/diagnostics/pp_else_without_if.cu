// A stray #else left behind after the #ifdef above it was deleted.
__global__ void scan(float *out, const float *in, int n)
{
    int i = threadIdx.x;
#else
    if (i < n) out[i] = in[i];
}
// expect-nvcc: error
