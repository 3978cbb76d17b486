// ZERO_BANK_CONFLICTS is defined empty, so '#if' has nothing to test.
#define ZERO_BANK_CONFLICTS
#if ZERO_BANK_CONFLICTS
#define CONFLICT_FREE_OFFSET(n) ((n) >> 5)
#else
#define CONFLICT_FREE_OFFSET(n) 0
#endif

__global__ void copy(float *out, const float *in)
{
    out[threadIdx.x + CONFLICT_FREE_OFFSET(threadIdx.x)] = in[threadIdx.x];
}
// expect-nvcc: error
