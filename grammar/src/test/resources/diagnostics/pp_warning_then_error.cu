#ifdef ZERO_BANK_CONFLICTS
#define CONFLICT_FREE_OFFSET(n) ((n) >> 5)
#endif ZERO_BANK_CONFLICTS

__global__ void copy(float *out, const float *in)
{
    out[threadIdx.x + CONFLICT_FREE_OFFSET(threadIdx.x)] = in[threadIdx.x];
}
// expect-nvcc: error
