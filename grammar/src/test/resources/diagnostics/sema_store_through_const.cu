__global__ void scan_in_place(const float *g_idata, int n)
{
    extern __shared__ float temp[];
    int thid = threadIdx.x;
    temp[thid] = g_idata[thid];
    for (int offset = 1; offset < n; offset *= 2) {
        __syncthreads();
        float v = thid >= offset ? temp[thid - offset] : 0.0f;
        __syncthreads();
        temp[thid] += v;
    }
    __syncthreads();
    g_idata[thid] = temp[thid];
}
// expect-nvcc: error
