#ifndef BLOCK_SIZE
#error BLOCK_SIZE must be defined (compile with -DBLOCK_SIZE=256)
#endif

__global__ void scan(float *data)
{
    __shared__ float temp[BLOCK_SIZE];
    temp[threadIdx.x] = data[threadIdx.x];
}
// expect-nvcc: error
