#define BLOCK_SIZE 200

static_assert(BLOCK_SIZE % 32 == 0, "the block must be whole warps");

__global__ void scan(const float *in, float *out, int n)
{
    __shared__ float t[BLOCK_SIZE];
    t[threadIdx.x] = in[threadIdx.x];
    out[threadIdx.x] = t[threadIdx.x];
}
// expect-nvcc: error
