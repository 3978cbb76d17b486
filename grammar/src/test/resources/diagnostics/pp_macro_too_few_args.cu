#define LOG_NUM_BANKS 5
#define CONFLICT_FREE_OFFSET(n, log_banks) ((n) >> (log_banks))

__global__ void prescan(float *g_odata, const float *g_idata, int n)
{
    extern __shared__ float temp[];
    int ai = threadIdx.x;
    int bankOffsetA = CONFLICT_FREE_OFFSET(ai);
    temp[ai + bankOffsetA] = g_idata[ai];
    __syncthreads();
    g_odata[ai] = temp[ai + bankOffsetA];
}
// expect-nvcc: error
