// A class template is valid C++; the subset has function templates only.
template <typename T>
struct Pair {
    T first;
    T second;
};

__global__ void copy(const float *in, float *out, int n)
{
    if (threadIdx.x < n) out[threadIdx.x] = in[threadIdx.x];
}
