// The device half of a program in two translation units (with main.cpp): nvcc builds both and
// links them, scansim run main.cpp scan.cu links them the same way.
#include <cstdio>
#include "scan.h"

// Inclusive scan of each block's BLOCK elements (Hillis and Steele, one buffer, read then write).
__global__ void block_scan(const float *in, float *out, int n) {
  __shared__ float t[BLOCK];
  int i = blockIdx.x * BLOCK + threadIdx.x;
  t[threadIdx.x] = i < n ? in[i] : 0.0f;
  __syncthreads();
  for (int d = 1; d < BLOCK; d *= 2) {
    float v = threadIdx.x >= d ? t[threadIdx.x - d] : 0.0f;
    __syncthreads();
    t[threadIdx.x] += v;
    __syncthreads();
  }
  if (i < n) {
    out[i] = t[threadIdx.x];
  }
}

void scan_on_device(const float *h_in, float *h_out, int n, Stats &s) {
  float *d_in;
  float *d_out;
  cudaMalloc(&d_in, n * sizeof(float));
  cudaMalloc(&d_out, n * sizeof(float));
  cudaMemcpy(d_in, h_in, n * sizeof(float), cudaMemcpyHostToDevice);
  block_scan<<<blocks_for(n), BLOCK>>>(d_in, d_out, n);
  cudaMemcpy(h_out, d_out, n * sizeof(float), cudaMemcpyDeviceToHost);
  cudaFree(d_in);
  cudaFree(d_out);
  s.n = n;
  s.total = 0.0f;
  for (int b = 0; b < blocks_for(n); b++) {
    int last = (b + 1) * BLOCK < n ? (b + 1) * BLOCK - 1 : n - 1;
    s.total += h_out[last];
  }
}
