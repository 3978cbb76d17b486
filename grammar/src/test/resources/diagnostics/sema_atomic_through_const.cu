__global__ void histogram(const int *keys, const int *bins, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) atomicAdd(&bins[keys[i]], 1);
}
// expect-nvcc: error
