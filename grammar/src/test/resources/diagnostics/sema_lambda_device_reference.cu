// nvcc-flags: --extended-lambda
// A __device__ lambda written in host code runs on the device, which cannot reach the host's
// variables: it captures by copy (nvcc refuses a capture by reference in an extended lambda).
// expect-nvcc: error
template <typename F>
__global__ void fill(int *out, F f)
{
    out[threadIdx.x] = f(threadIdx.x);
}

void run(int *d, int offset)
{
    fill<<<1, 32>>>(d, [&] __device__ (int i) { return i + offset; });
}
