// The C++ standard library's algorithms run on the host; the subset has min, max and abs only.
#include <utility>

__global__ void copy(const float *in, float *out, int n)
{
    if (threadIdx.x < n) out[threadIdx.x] = in[threadIdx.x];
}

void entry(const float *in, float *out, int n)
{
    int a = 1, b = 2;
    std::swap(a, b);
    copy<<<1, n>>>(in, out, n);
}
