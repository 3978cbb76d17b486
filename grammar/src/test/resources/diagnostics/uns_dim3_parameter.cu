__global__ void fill(float *data, dim3 size)
{
    int i = threadIdx.x + threadIdx.y * size.x;
    if (threadIdx.x < size.x && threadIdx.y < size.y) data[i] = 0.0f;
}
