// A file of kernel templates and no host code, as a library ships them: the block size and the
// element type are template parameters, and explicit instantiations (C++ [temp.explicit]) build
// the kernels the library offers. `run --kernel 'block_scan<256, float>'` launches one.
//
// One block of BLOCK threads: a Hillis-Steele inclusive scan of up to BLOCK elements in shared
// memory.

template <int BLOCK, typename T>
__global__ void block_scan(const T *in, T *out, int n)
{
    __shared__ T buffer[BLOCK];
    int t = threadIdx.x;
    buffer[t] = t < n ? in[t] : T(0);
    __syncthreads();
    for (int offset = 1; offset < BLOCK; offset *= 2) {
        T add = t >= offset ? buffer[t - offset] : T(0);
        __syncthreads();
        buffer[t] += add;
        __syncthreads();
    }
    if (t < n) {
        out[t] = buffer[t];
    }
}

template __global__ void block_scan<256, float>(const float *, float *, int);
template __global__ void block_scan<1024, int>(const int *, int *, int);
