#include <chrono>
#include <cstdio>

__global__ void scan(const float *in, float *out, int n) { }

void timed_scan(const float *in, float *out, int n)
{
    auto start = std::chrono::high_resolution_clock::now();
    scan<<<1, 256>>>(in, out, n);
    cudaDeviceSynchronize();
    auto stop = std::chrono::high_resolution_clock::now();
    printf("%lld us\n", (long long)std::chrono::duration_cast<std::chrono::microseconds>(stop - start).count());
}
