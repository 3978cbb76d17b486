// The closing brackets of a launch written apart: '>>>' may be spaced as '>> >', never '> >'.
__global__ void fill(float *x, int n)
{
    if (threadIdx.x < n) x[threadIdx.x] = 0.0f;
}

void entry(const float *in, float *out, int n)
{
    fill<< <1, n > >(out, n);
}
// expect-nvcc: error
