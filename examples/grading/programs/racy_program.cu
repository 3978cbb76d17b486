// Lab 6 as a student writes it: reads N, scans 1..7 repeating on the GPU in one block
// (Kogge-Stone in place with one barrier a step: a race across warps), checks on the CPU.
#include <cstdio>
#include <cstdlib>

#define CHECK(call)                                                              \
  do {                                                                           \
    cudaError_t err = (call);                                                    \
    if (err != cudaSuccess) {                                                    \
      fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(err)); \
      exit(2);                                                                   \
    }                                                                            \
  } while (0)

__global__ void scan(const int *in, int *out, int n) {
  __shared__ int s[1024];
  int t = threadIdx.x;
  s[t] = t < n ? in[t] : 0;
  __syncthreads();
  for (int d = 1; d < blockDim.x; d *= 2) {
    int add = t >= d ? s[t - d] : 0;
    s[t] += add;
    __syncthreads();
  }
  if (t < n) out[t] = s[t];
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 0;
  if (n < 1 || n > 1024) {
    printf("usage: scan N (1 <= N <= 1024)\n");
    return 1;
  }
  int *h = (int *) malloc(n * sizeof(int));
  for (int i = 0; i < n; i++) h[i] = i % 7 + 1;
  int *d_in, *d_out;
  CHECK(cudaMalloc(&d_in, n * sizeof(int)));
  CHECK(cudaMalloc(&d_out, n * sizeof(int)));
  CHECK(cudaMemcpy(d_in, h, n * sizeof(int), cudaMemcpyHostToDevice));
  int threads = 32;
  while (threads < n) threads *= 2;
  scan<<<1, threads>>>(d_in, d_out, n);
  CHECK(cudaGetLastError());
  int *out = (int *) malloc(n * sizeof(int));
  CHECK(cudaMemcpy(out, d_out, n * sizeof(int), cudaMemcpyDeviceToHost));
  int run = 0, ok = 1;
  for (int i = 0; i < n; i++) {
    run += h[i];
    if (out[i] != run) ok = 0;
  }
  printf("n = %d\nlast = %d\n%s\n", n, out[n - 1], ok ? "PASSED" : "FAILED");
  cudaFree(d_in);
  cudaFree(d_out);
  free(h);
  free(out);
  return 0;
}
