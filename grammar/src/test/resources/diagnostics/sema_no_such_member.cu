__global__ void copy3d(float *out, const float *in)
{
    int i = threadIdx.x + blockDim.x * threadIdx.w;
    out[i] = in[i];
}
// expect-nvcc: error
