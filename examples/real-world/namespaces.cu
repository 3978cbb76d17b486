// A scan written as a small library: its kernels and helpers in namespaces, reached through a
// namespace alias, a using-declaration and std:: names. One block of up to 1024 threads runs
// Hillis and Steele's scan, double-buffered in shared memory.

#include <algorithm>
#include <cstddef>
#include <cstdint>

namespace scanlib {

const int MAX_BLOCK = 1024;
typedef float value_t;

namespace detail {
__device__ value_t combine(value_t a, value_t b)
{
    return a + b;
}
}  // namespace detail

__global__ void inclusive_scan(const value_t *in, value_t *out, int n)
{
    __shared__ value_t buf[2 * MAX_BLOCK];
    int t = threadIdx.x;
    int pout = 0;
    int pin = 1;
    buf[t] = t < n ? in[t] : (value_t) 0;
    __syncthreads();
    for (int offset = 1; offset < n; offset *= 2) {
        pout = 1 - pout;
        pin = 1 - pout;
        if (t >= offset) {
            buf[pout * MAX_BLOCK + t] = detail::combine(buf[pin * MAX_BLOCK + t - offset], buf[pin * MAX_BLOCK + t]);
        } else {
            buf[pout * MAX_BLOCK + t] = buf[pin * MAX_BLOCK + t];
        }
        __syncthreads();
    }
    if (t < n) {
        out[t] = buf[pout * MAX_BLOCK + t];
    }
}

}  // namespace scanlib

namespace sl = scanlib;
using scanlib::inclusive_scan;

namespace {
unsigned int threads_for(int n)
{
    return (unsigned int) std::min(n, sl::MAX_BLOCK);
}
}  // namespace

void scan(const float *in, float *out, int n)
{
    std::size_t bytes = sizeof(sl::value_t) * (std::size_t) n;
    std::uint32_t threads = threads_for(n);
    if (bytes > 0) {
        inclusive_scan<<<1, threads>>>(in, out, n);
    }
}
