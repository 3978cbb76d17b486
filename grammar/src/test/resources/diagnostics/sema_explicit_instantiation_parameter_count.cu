template <typename T>
__global__ void copy(const T *in, T *out, int n)
{
    int i = threadIdx.x;
    if (i < n) out[i] = in[i];
}

template __global__ void copy<float>(const float *, float *);
// expect-nvcc: error
