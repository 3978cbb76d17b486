// The first parameter is the block size, a constant; the element type comes second.
template <int BLOCK, typename T>
__global__ void fill(T *data)
{
    data[blockIdx.x * BLOCK + threadIdx.x] = (T) 0;
}

void entry(const float *in, float *out, int n)
{
    fill<float, 256><<<1, 256>>>(out);
}
// expect-nvcc: error
