// Once a parameter has a default argument, every parameter after it needs one (C++ [dcl.fct.default]).
__device__ float combine(float a, float scale = 1.0f, float bias)
{
    return a * scale + bias;
}

__global__ void apply(float *x, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] = combine(x[i], 2.0f, 0.5f);
}
// expect-nvcc: error
