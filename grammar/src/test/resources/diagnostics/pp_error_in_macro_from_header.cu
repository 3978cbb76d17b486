#include "scan_common.h"

// LOAD_SHARED expects the input to be called g_idata.
__global__ void load(float *g_odata, const float *in, int n)
{
    extern __shared__ float temp[];
    int thid = threadIdx.x;
    LOAD_SHARED(thid);
    __syncthreads();
    g_odata[thid] = temp[thid + CONFLICT_FREE_OFFSET(thid)];
}
// expect-nvcc: error
