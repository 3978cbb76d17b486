__global__ void scan(float *data, int n)
{
    void offset;
    if (threadIdx.x < n) data[threadIdx.x] = 0.0f;
}
// expect-nvcc: error
