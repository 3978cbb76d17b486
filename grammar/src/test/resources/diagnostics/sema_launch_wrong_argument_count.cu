__global__ void scan(float *g_odata, float *g_idata, int n)
{
    g_odata[threadIdx.x] = g_idata[threadIdx.x];
}

void run(float *d_out, float *d_in, int n)
{
    scan<<<1, n, 2 * n * sizeof(float)>>>(d_out, d_in);
}
// expect-nvcc: error
