// Function templates as scan code writes them: a kernel templated on its block size and element
// type, launched with explicit arguments (scan_block<256, float><<<...>>>), and device helpers
// whose arguments are deduced from the call (combine(a, b)). Each instance is a function of its
// own in the IR: scan_block<256, float>, scan_block<512, float>, combine<float>.
//
// One block scans up to 1024 elements: Blelloch's work-efficient scan in shared memory.

#include <cstdint>

template <typename T>
__device__ T combine(T a, T b)
{
    return a + b;
}

template <typename T>
__host__ __device__ T round_up(T value, T multiple)
{
    return (value + multiple - 1) / multiple * multiple;
}

template <int BLOCK, typename T>
__global__ void scan_block(const T *in, T *out, int n)
{
    __shared__ T temp[2 * BLOCK];
    int tid = threadIdx.x;
    temp[2 * tid] = 2 * tid < n ? in[2 * tid] : (T) 0;
    temp[2 * tid + 1] = 2 * tid + 1 < n ? in[2 * tid + 1] : (T) 0;
    int offset = 1;
    for (int d = BLOCK; d > 0; d >>= 1) {
        __syncthreads();
        if (tid < d) {
            int ai = offset * (2 * tid + 1) - 1;
            int bi = offset * (2 * tid + 2) - 1;
            temp[bi] = combine(temp[ai], temp[bi]);
        }
        offset *= 2;
    }
    if (tid == 0) {
        temp[2 * BLOCK - 1] = (T) 0;
    }
    for (int d = 1; d < 2 * BLOCK; d *= 2) {
        offset >>= 1;
        __syncthreads();
        if (tid < d) {
            int ai = offset * (2 * tid + 1) - 1;
            int bi = offset * (2 * tid + 2) - 1;
            T t = temp[ai];
            temp[ai] = temp[bi];
            temp[bi] = combine(temp[bi], t);
        }
    }
    __syncthreads();
    if (2 * tid < n) {
        out[2 * tid] = temp[2 * tid];
    }
    if (2 * tid + 1 < n) {
        out[2 * tid + 1] = temp[2 * tid + 1];
    }
}

void scan(const float *in, float *out, int n)
{
    if (round_up(n, 2) <= 2 * 256) {
        scan_block<256, float><<<1, 256>>>(in, out, n);
    } else {
        scan_block<1024 / 2, float><<<1, 512>>>(in, out, n);
    }
}
