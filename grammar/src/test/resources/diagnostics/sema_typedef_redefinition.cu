// A second typedef of one name must name the same type (C11 6.7p3); here it changes it.
typedef float real;
typedef double real;

__global__ void scale(real *data, real factor, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) data[i] *= factor;
}
// expect-nvcc: error
