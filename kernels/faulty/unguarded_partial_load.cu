// unguarded_partial_load.cu: a three-kernel hierarchical scan whose section load has no
// bounds guard.
// A DELIBERATELY FAULTY kernel of the checkers' corpus (not a catalog entry).
//
// What:     scan-then-propagate for any n (PMPP §11.5, ../pmpp/hierarchical_scan.cu): kernel 1
//           scans each section of SECTION_SIZE elements with PMPP's two-barrier Kogge-Stone
//           loop and writes each section's total to d_sums; kernel 2 (one thread) turns the
//           totals into an exclusive scan; kernel 3 adds each section's offset. The student
//           guarded the stores ("if (i < N)") but not the load.
// Scan:     inclusive
// Sizes:    any n >= 1; ceil(n / SECTION_SIZE) blocks of SECTION_SIZE (default 256) threads.
// Defect:   line 34, "XY[threadIdx.x] = X[i];", has no "i < N" guard: when n is not a multiple
//           of SECTION_SIZE, the threads of the last block with i >= n read past the end of
//           the input (34:23, array in). On a GPU the read usually lands in other memory and
//           returns garbage; that garbage only flows into XY[j] for j past the end of the
//           input and into the last section's total, which no later section uses, so the
//           stored results are right: the bug hides until the buffer ends at a page boundary.
// Checkers: out-of-bounds in 34:23 when n % SECTION_SIZE != 0; nothing when n is a multiple
//           of SECTION_SIZE. The scan proof holds either way.
// Entry:    void unguarded_partial_load(const float *in, float *out, int n)

#include <cstdio>
#include <cuda_runtime.h>

#ifndef SECTION_SIZE
#define SECTION_SIZE 256
#endif

// Kernel 1: inclusive scan of each section; S[b] = total of section b.
__global__ void scan_sections(const float *X, float *Y, float *S, unsigned int N)
{
    __shared__ float XY[SECTION_SIZE];
    unsigned int i = blockIdx.x*blockDim.x + threadIdx.x;
    XY[threadIdx.x] = X[i];
    for (unsigned int stride = 1; stride < blockDim.x; stride *= 2) {
        __syncthreads();
        float temp;
        if (threadIdx.x >= stride)
            temp = XY[threadIdx.x] + XY[threadIdx.x - stride];
        __syncthreads();
        if (threadIdx.x >= stride)
            XY[threadIdx.x] = temp;
    }
    if (i < N)
        Y[i] = XY[threadIdx.x];
    if (threadIdx.x == blockDim.x - 1)
        S[blockIdx.x] = XY[threadIdx.x];
}

// Kernel 2 (one thread): S becomes the exclusive scan of the section totals.
__global__ void scan_sums(float *S, unsigned int blocks)
{
    float running = 0.0f;
    for (unsigned int b = 0; b < blocks; b++) {
        float total = S[b];
        S[b] = running;
        running += total;
    }
}

// Kernel 3: add the sum of all earlier sections to each element.
__global__ void add_offsets(float *Y, const float *S, unsigned int N)
{
    unsigned int i = blockIdx.x*blockDim.x + threadIdx.x;
    if (blockIdx.x > 0 && i < N)
        Y[i] += S[blockIdx.x];
}

// Host entry: in and out are device pointers of n floats, allocated by the caller.
void unguarded_partial_load(const float *in, float *out, int n)
{
    if (n < 1) {
        printf("unguarded_partial_load: n = %d is not supported (need n >= 1)\n", n);
        return;
    }
    unsigned int blocks = (n + SECTION_SIZE - 1) / SECTION_SIZE;
    float *d_sums;
    cudaMalloc((void **)&d_sums, blocks * sizeof(float));
    scan_sections<<<blocks, SECTION_SIZE>>>(in, out, d_sums, (unsigned int)n);
    scan_sums<<<1, 1>>>(d_sums, blocks);
    add_offsets<<<blocks, SECTION_SIZE>>>(out, d_sums, (unsigned int)n);
    cudaDeviceSynchronize();
    cudaFree(d_sums);
}
