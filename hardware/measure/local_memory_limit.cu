// local_memory_limit.cu: what a real GPU does with a kernel whose local (per-thread) arrays are
// large: which sizes launch, and the error of the ones that do not.
//
//   nvcc -O3 -arch=sm_90 -Xptxas -v -o local_memory_limit local_memory_limit.cu && ./local_memory_limit
//
// Each kernel keeps a local array of N floats that every thread writes and reads at indices that
// depend on its thread index, so that the compiler cannot keep it in registers or drop it. The
// output says, per N and launch shape: the function's localSizeBytes, the error of the launch
// (cudaGetLastError), the error of cudaDeviceSynchronize, and whether the outputs are right.
#include <cstdio>
#include <cuda_runtime.h>

template <int N>
__global__ void local_array(float *out, int n) {
  float a[N];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int j = 0; j < n; j++) {
    a[(i * 7 + j) % N] = (float) j;
  }
  out[i] = a[(i * 7 + n - 1) % N];
}

template <int N>
static void probe(int blocks, int threads) {
  cudaFuncAttributes attr;
  cudaFuncGetAttributes(&attr, local_array<N>);
  int total = blocks * threads;
  float *out = nullptr;
  cudaMalloc(&out, total * sizeof(float));
  cudaMemset(out, 0, total * sizeof(float));
  int n = 16;
  local_array<N><<<blocks, threads>>>(out, n);
  cudaError_t launch = cudaGetLastError();
  cudaError_t sync = cudaDeviceSynchronize();
  bool right = false;
  if (launch == cudaSuccess && sync == cudaSuccess) {
    float *h = new float[total];
    cudaMemcpy(h, out, total * sizeof(float), cudaMemcpyDeviceToHost);
    right = true;
    for (int i = 0; i < total; i++) {
      right = right && h[i] == (float) (n - 1);
    }
    delete[] h;
  }
  size_t stack = 0;
  cudaDeviceGetLimit(&stack, cudaLimitStackSize);
  printf("local floats %9d  localSizeBytes %10zu  launch %4d blocks x %4d threads  launch error %-28s  sync error %-28s  outputs %s  stack limit after %zu\n",
         N, attr.localSizeBytes, blocks, threads, cudaGetErrorName(launch), cudaGetErrorName(sync),
         launch == cudaSuccess && sync == cudaSuccess ? (right ? "right" : "WRONG") : "-", stack);
  cudaFree(out);
  cudaGetLastError();
}

int main() {
  cudaDeviceProp p;
  cudaGetDeviceProperties(&p, 0);
  size_t stack = 0;
  cudaDeviceGetLimit(&stack, cudaLimitStackSize);
  printf("device %s, compute capability %d.%d, %d SMs, %zu MiB, max threads per SM %d, stack limit at start %zu\n", p.name,
         p.major, p.minor, p.multiProcessorCount, p.totalGlobalMem >> 20, p.maxThreadsPerMultiProcessor, stack);
  probe<4096>(1, 32);
  probe<4096>(1024, 1024);
  // Up to the largest size that launches, then past it.
  probe<32768>(1, 32);
  probe<65536>(1, 32);
  probe<98304>(1, 32);
  probe<114688>(1, 32);
  probe<122880>(1, 32);
  probe<126976>(1, 32);
  probe<129024>(1, 32);
  probe<130048>(1, 32);
  probe<130560>(1, 32);
  probe<130816>(1, 32);
  probe<130824>(1, 32);
  probe<130848>(1, 32);
  probe<130880>(1, 32);
  probe<130912>(1, 32);
  probe<130920>(1, 32);
  probe<130928>(1, 32);
  probe<130936>(1, 32);
  probe<130944>(1, 32);
  probe<131008>(1, 32);
  probe<131040>(1, 32);
  probe<131056>(1, 32);
  probe<131064>(1, 32);
  probe<131068>(1, 32);
  probe<131070>(1, 32);
  probe<131071>(1, 32);
  probe<131072>(1, 32);
  probe<131072>(1024, 1024);
  probe<131073>(1, 32);
  probe<262144>(1, 32);
  probe<100000000>(1, 32);
  // The stack limit a program may set, at and past 512 KiB.
  size_t limits[] = {262144, 523264, 523520, 524280, 524288, 524296};
  for (size_t bytes = 523648; bytes <= 523776; bytes += 8) {
    cudaError_t e = cudaDeviceSetLimit(cudaLimitStackSize, bytes);
    printf("cudaDeviceSetLimit(cudaLimitStackSize, %zu): %s\n", bytes, cudaGetErrorName(e));
    cudaGetLastError();
  }
  for (size_t bytes : limits) {
    cudaError_t e = cudaDeviceSetLimit(cudaLimitStackSize, bytes);
    size_t now = 0;
    cudaDeviceGetLimit(&now, cudaLimitStackSize);
    printf("cudaDeviceSetLimit(cudaLimitStackSize, %zu): %s, limit now %zu\n", bytes, cudaGetErrorName(e), now);
    cudaGetLastError();
  }
  return 0;
}
