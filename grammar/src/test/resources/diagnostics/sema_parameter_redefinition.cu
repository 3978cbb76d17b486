__global__ void add(float *a, const float *b, float *a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) a[i] += b[i];
}
// expect-nvcc: error
