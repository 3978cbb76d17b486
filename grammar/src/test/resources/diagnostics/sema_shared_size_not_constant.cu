__global__ void scan(float *g_odata, const float *g_idata, int n)
{
    __shared__ float temp[2 * n];
    int thid = threadIdx.x;
    temp[thid] = g_idata[thid];
    __syncthreads();
    g_odata[thid] = temp[n - 1 - thid];
}
// expect-nvcc: error
