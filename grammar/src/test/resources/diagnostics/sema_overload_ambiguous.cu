// 1 is an int: converting it to float and to double are equally good, so neither overload wins.
__device__ float scale(float x) { return 2.0f * x; }
__device__ double scale(double x) { return 2.0 * x; }

__global__ void fill(float *out, int n)
{
    if (threadIdx.x < n) out[threadIdx.x] = scale(1);
}
// expect-nvcc: error
