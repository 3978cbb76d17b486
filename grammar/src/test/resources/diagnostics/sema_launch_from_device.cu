__global__ void child(float *data)
{
    data[threadIdx.x] *= 2.0f;
}

__global__ void parent(float *data, int n)
{
    if (threadIdx.x == 0)
        child<<<1, n>>>(data);
}
// expect-nvcc: error
