#define CONFLICT_FREE_OFFSET(n) ((n) >> 5)

__global__ void copy(float *out, const float *in)
{
    int ai = threadIdx.x;
    out[ai] = in[ai + CONFLICT_FREE_OFFSET(ai];
}
// expect-nvcc: error
