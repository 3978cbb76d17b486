// No overload of combine takes a pointer: the candidates are listed.
__device__ float combine(float a, float b) { return a + b; }
__device__ int combine(int a, int b) { return a + b; }

__global__ void sum(const float *in, float *out, int n)
{
    if (threadIdx.x < n) out[threadIdx.x] = combine(in, 1.0f);
}
// expect-nvcc: error
