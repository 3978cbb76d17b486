__device__ float combine(float a, float b)
{
    return a + b;
}

__global__ void inclusive(float *data, int n)
{
    int i = threadIdx.x;
    if (i > 0 && i < n) data[i] = combine(data[i]);
}
// expect-nvcc: error
