__global__ void reverse(float *g_odata, const float *g_idata, int n)
{
    extern __shared__ float temp[256];
    int thid = threadIdx.x;
    temp[thid] = g_idata[thid];
    __syncthreads();
    g_odata[thid] = temp[n - 1 - thid];
}
