#define NUM_BANKS 32
#define LOG_NUM_BANKS 5
#define BANK_SHIFT LOG_NUM_BANK
#define CONFLICT_FREE_OFFSET(n) ((n) >> BANK_SHIFT)

__global__ void copy(float *out, const float *in)
{
    int ai = threadIdx.x;
    out[ai] = in[ai + CONFLICT_FREE_OFFSET(ai)];
}
// expect-nvcc: error
