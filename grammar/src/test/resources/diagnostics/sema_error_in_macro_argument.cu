#define LOG_NUM_BANKS 5
#define CONFLICT_FREE_OFFSET(n) ((n) >> LOG_NUM_BANKS)

__global__ void copy(float *out, const float *in)
{
    int thid = threadIdx.x;
    out[thid] = in[thid + CONFLICT_FREE_OFFSET(thdi)];
}
// expect-nvcc: error
