// Two declarations of one parameter list must agree on the return type: it does not overload.
__device__ int half(int x) { return x / 2; }
__device__ float half(int x);

__global__ void fill(float *out, int n)
{
    if (threadIdx.x < n) out[threadIdx.x] = half(4);
}
// expect-nvcc: error
