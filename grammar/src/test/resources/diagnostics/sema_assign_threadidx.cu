__global__ void scan(float *data, int n)
{
    if (threadIdx.x >= n)
        threadIdx.x = 0;
    data[threadIdx.x] += 1.0f;
}
// expect-nvcc: error
