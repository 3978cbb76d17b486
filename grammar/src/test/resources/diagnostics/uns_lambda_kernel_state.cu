// nvcc-flags: --extended-lambda
// A lambda that captures a value, passed to a kernel: valid CUDA, but a kernel's parameter of a
// class with fields is not simulated (one that captures nothing is).
template <typename F>
__global__ void fill(int *out, F f)
{
    out[threadIdx.x] = f(threadIdx.x);
}

void run(int *d, int offset)
{
    fill<<<1, 32>>>(d, [offset] __device__ (int i) { return i + offset; });
}
