float host_scale(float x)
{
    return 0.5f * x;
}

__global__ void scale(float *data, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) data[i] = host_scale(data[i]);
}
// expect-nvcc: error
