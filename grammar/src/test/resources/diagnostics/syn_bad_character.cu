// The minus sign below was copied from a PDF: U+2212, not '-'.
__global__ void scan(float *g_odata, float *g_idata, int n)
{
    extern __shared__ float temp[];
    int thid = threadIdx.x;
    int pout = 0;
    temp[pout * n + thid] = (thid > 0) ? g_idata[thid − 1] : 0;
    __syncthreads();
    g_odata[thid] = temp[pout * n + thid];
}
// expect-nvcc: error
