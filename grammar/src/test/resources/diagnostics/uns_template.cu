template <int BLOCK_SIZE>
__global__ void reverse(float *data)
{
    __shared__ float temp[BLOCK_SIZE];
    temp[threadIdx.x] = data[threadIdx.x];
    __syncthreads();
    data[threadIdx.x] = temp[BLOCK_SIZE - 1 - threadIdx.x];
}
