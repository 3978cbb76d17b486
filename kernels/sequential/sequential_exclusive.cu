// sequential_exclusive.cu: sequential exclusive scan (prescan), run by a single GPU thread.
//
// Source:   Mark Harris, "Parallel Prefix Sum (Scan) with CUDA", NVIDIA 2007
//           (GPU Gems 3, chapter 39), section "Sequential Scan" (the function scan()).
// Scan:     exclusive
// Sizes:    any n >= 1. Launched as <<<1, 1>>>: one thread performs the n - 1 additions.
// Changes:  the printed code is a host function; it gets the __global__ qualifier so that it
//           runs on the device as a one-thread kernel, and nothing else changes:
//             -void scan( float* output, float* input, int length)
//             +__global__ void scan( float* output, float* input, int length)
// Errata:   none. (The text says it "performs exactly n adds"; the loop performs n - 1.)
//           n = 0 is not supported (output[0] is written unconditionally).
// Entry:    void sequential_exclusive(const float *in, float *out, int n)

#include <cstdio>
#include <cuda_runtime.h>

__global__ void scan( float* output, float* input, int length)
{
    output[0] = 0; // since this is a prescan, not a scan
    for(int j = 1; j < length; ++j)
    {
        output[j] = input[j-1] + output[j-1];
    }
}

// Host entry: in and out are device pointers of n floats, allocated by the caller.
void sequential_exclusive(const float *in, float *out, int n)
{
    if (n < 1) {
        printf("sequential_exclusive: n = %d is not supported (need n >= 1)\n", n);
        return;
    }
    scan<<<1, 1, 0>>>(out, (float *)in, n);
}
