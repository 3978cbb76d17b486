// assert_messages.cu: a homework-style scan whose host code checks its arguments as C and C++
// allow: a message string in an assert's condition, and pointers tested with '!'. A block of
// Blelloch's work-efficient exclusive scan, n a power of two up to 2 * THREADS.
//
// Written for scansim's tests (not copied from any project). Host entry: in and out are device
// pointers of n floats.
#include <cassert>
#include <cstdio>

#define THREADS 512

__global__ void blelloch(const float *in, float *out, int n)
{
    __shared__ float s[2 * THREADS];
    int t = threadIdx.x;
    s[2 * t] = in[2 * t];
    s[2 * t + 1] = in[2 * t + 1];
    int offset = 1;
    for (int d = n >> 1; d > 0; d >>= 1) {
        __syncthreads();
        if (t < d) {
            int a = offset * (2 * t + 1) - 1;
            int b = offset * (2 * t + 2) - 1;
            s[b] += s[a];
        }
        offset *= 2;
    }
    if (t == 0 && "the root takes the identity") {
        s[n - 1] = 0.0f;
    }
    for (int d = 1; d < n; d *= 2) {
        offset >>= 1;
        __syncthreads();
        if (t < d) {
            int a = offset * (2 * t + 1) - 1;
            int b = offset * (2 * t + 2) - 1;
            float x = s[a];
            s[a] = s[b];
            s[b] += x;
        }
    }
    __syncthreads();
    out[2 * t] = s[2 * t];
    out[2 * t + 1] = s[2 * t + 1];
}

void scan(const float *in, float *out, int n)
{
    assert(in && out && "scan needs device buffers");
    if (!in || !out) {
        return;
    }
    assert(n >= 2 && n <= 2 * THREADS && (n & (n - 1)) == 0 && "n must be a power of two from 2 to 1024");
    blelloch<<<1, n / 2>>>(in, out, n);
}
