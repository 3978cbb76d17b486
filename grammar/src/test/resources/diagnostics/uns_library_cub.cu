#include <cub/cub.cuh>

__global__ void block_scan(const int *in, int *out)
{
    typedef cub::BlockScan<int, 128> BlockScan;
    __shared__ typename BlockScan::TempStorage storage;
    int v = in[threadIdx.x];
    BlockScan(storage).InclusiveSum(v, v);
    out[threadIdx.x] = v;
}
