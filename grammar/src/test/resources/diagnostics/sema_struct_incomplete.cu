struct Partial;

__global__ void sums(float *out)
{
    Partial p;
    out[threadIdx.x] = 0.0f;
}
// expect-nvcc: error
