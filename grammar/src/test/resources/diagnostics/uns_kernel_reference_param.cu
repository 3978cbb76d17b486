__global__ void scale(float *data, const int &n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) data[i] *= 2.0f;
}

__global__ void count(int &total)
{
    atomicAdd(&total, 1);
}
