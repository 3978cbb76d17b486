// blelloch_prescan.cu: the lecture's CUDA Blelloch scan (work-efficient prescan).
//
// Source:   EE 382C/361C Multicore Computing, lecture 15 notes,
//           Figure 15.4 "CUDA implementation for Blelloch Scan" (Code 3 and Code 4), reproduced
//           there from Harris [1], Listing 2: the same kernel as ../harris/blelloch.cu.
// Scan:     exclusive (prescan)
// Sizes:    n a power of two, 2 <= n <= 2 * MAX_THREADS_PER_BLOCK (default 2048).
//           One block of n/2 threads, extern __shared__ of n floats.
// Errata:   none in the code.
// Extraction fixes (PDF text garbling only): the extracted figure lost every brace (the
//           function body, both loops, both "if (thid < d)" blocks) and the underscores
//           ("_global__", "extern shared", "g odata"); "d = n > 1" is "d = n>>1" and
//           "d > = 1" is "d >>= 1". All restored from the layout, which matches Listing 2.
// Entry:    void blelloch_prescan(const float *in, float *out, int n)

#include <cstdio>
#include <cuda_runtime.h>

#ifndef MAX_THREADS_PER_BLOCK
#define MAX_THREADS_PER_BLOCK 1024
#endif

__global__ void prescan(float *g_odata, float *g_idata, int n)
{
  extern __shared__ float temp[];// allocated on invocation
  int thid = threadIdx.x;
  int offset = 1;
  temp[2*thid] = g_idata[2*thid]; // load input into shared memory
  temp[2*thid+1] = g_idata[2*thid+1];
  for (int d = n>>1; d > 0; d >>= 1) // build sum in place up the tree
  {
      __syncthreads();
      if (thid < d)
      {
          int ai = offset*(2*thid+1)-1;
          int bi = offset*(2*thid+2)-1;
          temp[bi] += temp[ai];
      }
      offset *= 2;
  }
  if (thid == 0) { temp[n - 1] = 0; } // clear the last element
  for (int d = 1; d < n; d *= 2) // traverse down tree & build scan
  {
      offset >>= 1;
      __syncthreads();
      if (thid < d)
      {
          int ai = offset*(2*thid+1)-1;
          int bi = offset*(2*thid+2)-1;
          float t = temp[ai];
          temp[ai] = temp[bi];
          temp[bi] += t;
      }
  }
  __syncthreads();
  g_odata[2*thid] = temp[2*thid]; // write results to device memory
  g_odata[2*thid+1] = temp[2*thid+1];
}

// Host entry: in and out are device pointers of n floats, allocated by the caller.
void blelloch_prescan(const float *in, float *out, int n)
{
    if (n < 2 || n > 2 * MAX_THREADS_PER_BLOCK || (n & (n - 1)) != 0) {
        printf("blelloch_prescan: n = %d is not supported (need a power of two, 2 <= n <= %d)\n",
               n, 2 * MAX_THREADS_PER_BLOCK);
        return;
    }
    prescan<<<1, n / 2, n * sizeof(float)>>>(out, (float *)in, n);
}
