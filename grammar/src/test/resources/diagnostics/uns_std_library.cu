// The C++ standard library beyond what scansim's own headers have is refused by name:
// <algorithm>'s nth_element here.
#include <algorithm>

__global__ void copy(const float *in, float *out, int n)
{
    if (threadIdx.x < n) out[threadIdx.x] = in[threadIdx.x];
}

void entry(const float *in, float *out, int n)
{
    int a[2] = {1, 2};
    std::nth_element(a, a + 1, a + 2);
    copy<<<1, n>>>(in, out, n);
}
