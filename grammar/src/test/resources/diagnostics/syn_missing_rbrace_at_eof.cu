__global__ void add_block_sums(float *data, const float *sums, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (blockIdx.x > 0 && i < n) {
        data[i] += sums[blockIdx.x - 1];
    }
// expect-nvcc: error
