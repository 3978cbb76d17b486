// inclusive_exclusive_mixup.cu: an "exclusive" scan that computes the inclusive one.
// A DELIBERATELY FAULTY kernel of the checkers' corpus (not a catalog entry).
//
// What:     PMPP's two-barrier Kogge-Stone kernel (Figure 11.3, ../pmpp/kogge_stone.cu),
//           copied to make the exclusive scan that the assignment asks for. PMPP's exclusive
//           version (../pmpp/kogge_stone_exclusive.cu) loads X[i - 1] into XY[threadIdx.x]
//           and 0 into XY[0]; this copy kept the inclusive load. No race, no out-of-bounds
//           access, no uninitialised read: only the results are wrong.
// Scan:     exclusive, by its contract (this header, the kernel's name and the entry's); it
//           computes the inclusive scan.
// Sizes:    1 <= n <= SECTION_SIZE (default 1024); ONE block of SECTION_SIZE threads.
// Defect:   line 32, "XY[threadIdx.x] = X[i];", should be
//           "XY[threadIdx.x] = (threadIdx.x != 0) ? X[i - 1] : 0.0f;": every output holds
//           x0..xi where x0..x(i-1) is due (out[0] = x0 instead of the identity).
// Checkers: scan-proof out when checked as exclusive (every output wrong, by one input too
//           many); nothing when checked as inclusive.
// Entry:    void inclusive_exclusive_mixup(const float *in, float *out, int n)

#include <cstdio>
#include <cuda_runtime.h>

#ifndef SECTION_SIZE
#define SECTION_SIZE 1024
#endif

// Exclusive scan of one section: Y[i] = X[0] + ... + X[i - 1], Y[0] = 0.
__global__ void Kogge_Stone_exclusive_scan_kernel(float *X, float *Y, unsigned int N)
{
    __shared__ float XY[SECTION_SIZE];
    unsigned int i = blockIdx.x*blockDim.x + threadIdx.x;
    if (i < N) {
        XY[threadIdx.x] = X[i];
    } else {
        XY[threadIdx.x] = 0.0f;
    }
    for (unsigned int stride = 1; stride < blockDim.x; stride *= 2) {
        __syncthreads();
        float temp;
        if (threadIdx.x >= stride)
            temp = XY[threadIdx.x] + XY[threadIdx.x - stride];
        __syncthreads();
        if (threadIdx.x >= stride)
            XY[threadIdx.x] = temp;
    }
    if (i < N) {
        Y[i] = XY[threadIdx.x];
    }
}

// Host entry: in and out are device pointers of n floats, allocated by the caller; out
// receives the EXCLUSIVE scan of in.
void inclusive_exclusive_mixup(const float *in, float *out, int n)
{
    if (n < 1 || n > SECTION_SIZE) {
        printf("inclusive_exclusive_mixup: n = %d is not supported (need 1 <= n <= SECTION_SIZE = %d)\n",
               n, SECTION_SIZE);
        return;
    }
    Kogge_Stone_exclusive_scan_kernel<<<1, SECTION_SIZE>>>((float *)in, out, (unsigned int)n);
}
