__global__ void copy_reversed(float *out, const float *in, int n)
{
    int thid = threadIdx.x;
    int thid = n - 1 - threadIdx.x;
    out[thid] = in[thid];
}
// expect-nvcc: error
