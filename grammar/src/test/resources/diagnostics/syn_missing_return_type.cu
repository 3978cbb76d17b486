__global__ scan(float *g_odata, const float *g_idata, int n)
{
    g_odata[threadIdx.x] = g_idata[threadIdx.x];
}
// expect-nvcc: error
