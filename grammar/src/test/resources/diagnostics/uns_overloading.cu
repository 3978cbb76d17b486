__device__ float combine(float a, float b)
{
    return a + b;
}

__device__ int combine(int a, int b)
{
    return a + b;
}
