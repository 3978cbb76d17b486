namespace scan {
__global__ void copy(float *out, const float *in)
{
    out[threadIdx.x] = in[threadIdx.x];
}
}
