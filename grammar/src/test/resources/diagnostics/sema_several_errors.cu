__global__ void scan(float *g_odata, float *g_idata, int n)
{
    int thid = threadIdx.x;
    g_odata[thid] = g_idata[thid1];
    float *last = g_odata[n - 1];
    __syncthreads(thid);
}
// expect-nvcc: error
