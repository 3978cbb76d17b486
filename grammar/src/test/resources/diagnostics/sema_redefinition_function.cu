__device__ float combine(float a, float b)
{
    return a + b;
}

__device__ float combine(float a, float b)
{
    return a > b ? a : b;
}
// expect-nvcc: error
