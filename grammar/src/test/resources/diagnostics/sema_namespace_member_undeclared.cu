// scan::block_sum is not declared in namespace scan: only scan::block_scan is.
namespace scan {
__device__ float block_scan(float x) { return x; }
}

__global__ void run(const float *in, float *out, int n)
{
    if (threadIdx.x < n) out[threadIdx.x] = scan::block_sum(in[threadIdx.x]);
}
// expect-nvcc: error
