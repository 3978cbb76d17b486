__global__ void clear(float *data)
{
    const int n;
    if (threadIdx.x < n) data[threadIdx.x] = 0.0f;
}
// expect-nvcc: error
