__device__ void store(float *dst, float v, int i)
{
    dst[i] = v;
}

__global__ void fill(int *data, int n)
{
    int i = threadIdx.x;
    if (i < n) store(data, 1.0f, i);
}
// expect-nvcc: error
