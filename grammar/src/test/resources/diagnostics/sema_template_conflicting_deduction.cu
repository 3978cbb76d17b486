// add's two parameters are both T: a float and a double deduce two different types for it.
template <typename T>
__device__ T add(T a, T b)
{
    return a + b;
}

__global__ void scale(float *x, int n)
{
    if (threadIdx.x < n) x[threadIdx.x] = add(x[threadIdx.x], 0.5);
}
// expect-nvcc: error
