__global__ void init(float *data, int n)
{
    float *sum = 0.0f;
    if (threadIdx.x < n) data[threadIdx.x] = *sum;
}
// expect-nvcc: error
