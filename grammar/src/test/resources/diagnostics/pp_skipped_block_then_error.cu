#if 0
This block is switched off: thid1 and stray text like @ are never compiled.
#endif

__global__ void copy(float *out, const float *in)
{
    out[threadIdx.x] = in[thid];
}
// expect-nvcc: error
