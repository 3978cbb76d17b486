#define NUM_BANKS 32
#if NUM_BANKS = 32
#define LOG_NUM_BANKS 5
#else
#define LOG_NUM_BANKS 4
#endif

__global__ void copy(float *out, const float *in)
{
    out[threadIdx.x] = in[threadIdx.x >> LOG_NUM_BANKS];
}
// expect-nvcc: error
