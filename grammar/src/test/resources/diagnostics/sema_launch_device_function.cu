__device__ void scale(float *data, int n)
{
    if (threadIdx.x < n) data[threadIdx.x] *= 2.0f;
}

void run(float *d_data, int n)
{
    scale<<<1, n>>>(d_data, n);
}
// expect-nvcc: error
