// sequential_inclusive.cu: sequential inclusive scan, run by a single GPU thread.
//
// Source:   PMPP, chapter 11 "Prefix sum (scan)" (Hwu, Kirk and El Hajj, 4th edition, 2022),
//           Figure 11.1 "A simple sequential implementation of inclusive scan based on addition."
// Scan:     inclusive
// Sizes:    any n >= 1. Launched as <<<1, 1>>>: one thread performs all n - 1 additions.
// Changes:  the printed code is a host function; it gets the __global__ qualifier so that it
//           runs on the device as a one-thread kernel, and nothing else changes:
//             -void sequential_scan(float *x, float *y, unsigned int N) {
//             +__global__ void sequential_scan(float *x, float *y, unsigned int N) {
// Errata:   none. n = 0 is not supported (line 02 writes y[0] unconditionally); the entry
//           returns without launching for n < 1.
// Entry:    void sequential_inclusive(const float *in, float *out, int n)

#include <cstdio>
#include <cuda_runtime.h>

__global__ void sequential_scan(float *x, float *y, unsigned int N) {
    y[0] = x[0];
    for(unsigned int i = 1; i < N; ++i) {
        y[i] = y[i - 1] + x[i];
    }
}

// Host entry: in and out are device pointers of n floats, allocated by the caller.
void sequential_inclusive(const float *in, float *out, int n)
{
    if (n < 1) {
        printf("sequential_inclusive: n = %d is not supported (need n >= 1)\n", n);
        return;
    }
    sequential_scan<<<1, 1, 0>>>((float *)in, out, (unsigned int)n);
}
