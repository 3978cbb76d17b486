#define NUM_BANKS 32
#if NUM_BANKS == 16
#define LOG_NUM_BANKS 4
#else
#define LOG_NUM_BANKS 5
#elif NUM_BANKS == 64
#define LOG_NUM_BANKS 6
#endif

__global__ void copy(float *out, const float *in)
{
    out[threadIdx.x] = in[threadIdx.x >> LOG_NUM_BANKS];
}
// expect-nvcc: error
