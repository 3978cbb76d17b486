__global__ void scale(float *data, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        continue;
    data[i] *= 2.0f;
}
// expect-nvcc: error
