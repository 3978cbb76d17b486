// shared_one_past.cu: an exclusive Hillis-Steele scan, double-buffered, whose shifted load
// writes one element past its shared array.
// A DELIBERATELY FAULTY kernel of the checkers' corpus (not a catalog entry).
//
// What:     the exclusive scan made from the inclusive one by shifting the input right by one
//           place while loading it (element 0 gets the identity), then log2(BLOCK_SIZE) steps
//           that read one buffer and write the other (Harris's Listing 1 idea, with two named
//           arrays and pointer swapping). The student shifted the STORE index instead of the
//           load index: "bufA[t + 1] = X[t]" instead of "bufA[t] = X[t - 1]".
// Scan:     exclusive
// Sizes:    1 <= n <= BLOCK_SIZE (default 512); ONE block of BLOCK_SIZE threads.
// Defect:   line 37, "bufA[t + 1] = (t < n) ? X[t] : 0.0f;": thread BLOCK_SIZE - 1 stores
//           bufA[BLOCK_SIZE], one past the array (37:5). Every thread runs it, whatever n is.
//           On a GPU the word is the first one of bufB, declared next (line 32), which the
//           first step then overwrites: the results are right and nothing crashes, which is
//           why such a bug survives testing. The value lost is X[BLOCK_SIZE - 1], which an
//           exclusive scan never needs.
// Checkers: out-of-bounds bufA 37:5 (the store, skipped); the scan proof holds (the
//           outputs are exactly the exclusive scan), so nothing else.
// Entry:    void shared_one_past(const float *in, float *out, int n)

#include <cstdio>
#include <cuda_runtime.h>

#ifndef BLOCK_SIZE
#define BLOCK_SIZE 512
#endif

__global__ void exclusive_scan_kernel(const float *X, float *Y, int n)
{
    __shared__ float bufA[BLOCK_SIZE];
    __shared__ float bufB[BLOCK_SIZE];
    int t = threadIdx.x;
    // exclusive: shift right by one place, element 0 is the identity
    if (t == 0)
        bufA[0] = 0.0f;
    bufA[t + 1] = (t < n) ? X[t] : 0.0f;
    __syncthreads();
    float *src = bufA;
    float *dst = bufB;
    for (int stride = 1; stride < BLOCK_SIZE; stride *= 2) {
        if (t >= stride)
            dst[t] = src[t] + src[t - stride];
        else
            dst[t] = src[t];
        __syncthreads();
        float *tmp = src;
        src = dst;
        dst = tmp;
    }
    if (t < n)
        Y[t] = src[t];
}

// Host entry: in and out are device pointers of n floats, allocated by the caller.
void shared_one_past(const float *in, float *out, int n)
{
    if (n < 1 || n > BLOCK_SIZE) {
        printf("shared_one_past: n = %d is not supported (need 1 <= n <= BLOCK_SIZE = %d)\n",
               n, BLOCK_SIZE);
        return;
    }
    exclusive_scan_kernel<<<1, BLOCK_SIZE>>>(in, out, n);
}
