// uninitialised_identity.cu: an exclusive Kogge-Stone scan that never stores the identity
// into element 0 of its section.
// A DELIBERATELY FAULTY kernel of the checkers' corpus (not a catalog entry).
//
// What:     PMPP's exclusive Kogge-Stone scan (../pmpp/kogge_stone_exclusive.cu) loads X[i - 1]
//           into XY[threadIdx.x] and 0 into XY[0]. This student wrote the shifted load under
//           "if (threadIdx.x > 0)" and dropped the else, trusting shared memory to start at
//           zero (it does not: it holds whatever the previous block left there).
// Scan:     exclusive
// Sizes:    1 <= n <= SECTION_SIZE (default 1024); ONE block of SECTION_SIZE threads.
// Defect:   lines 32-33, XY[0] is never stored. It is read in every step by thread "stride"
//           (line 38, XY[threadIdx.x - stride] at 38:38) and by thread 0's final copy (line
//           44, 44:16). The garbage reaches EVERY output: out[0] is the garbage itself, and
//           out[i] = garbage + x0 + ... + x(i-1). On a GPU the first kernel after a context
//           is created often finds zeros there, so the results can look right.
// Checkers: uninitialised-read XY 38:38 and uninitialised-read XY 44:16 (both reach outputs),
//           and the scan proof fails for every output.
// Entry:    void uninitialised_identity(const float *in, float *out, int n)

#include <cstdio>
#include <cuda_runtime.h>

#ifndef SECTION_SIZE
#define SECTION_SIZE 1024
#endif

__global__ void Kogge_Stone_exclusive_scan_kernel(float *X, float *Y, unsigned int N)
{
    __shared__ float XY[SECTION_SIZE];
    unsigned int i = blockIdx.x*blockDim.x + threadIdx.x;
    // element 0 is the identity: shared memory starts at zero (WRONG)
    if (threadIdx.x > 0)
        XY[threadIdx.x] = (i < N) ? X[i - 1] : 0.0f;
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

// Host entry: in and out are device pointers of n floats, allocated by the caller.
void uninitialised_identity(const float *in, float *out, int n)
{
    if (n < 1 || n > SECTION_SIZE) {
        printf("uninitialised_identity: n = %d is not supported (need 1 <= n <= SECTION_SIZE = %d)\n",
               n, SECTION_SIZE);
        return;
    }
    Kogge_Stone_exclusive_scan_kernel<<<1, SECTION_SIZE>>>((float *)in, out, (unsigned int)n);
}
