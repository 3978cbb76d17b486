// The #endif of this feature switch was lost in an edit.
#if 1
__global__ void scan(float *out, const float *in, int n)
{
    int i = threadIdx.x;
    if (i < n) out[i] = in[i];
}
// expect-nvcc: error
