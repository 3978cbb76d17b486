// A whole scan program, written the way course and sample programs are: it reads its size from
// the command line, checks every CUDA call with a macro that prints to stderr and exits, stages
// its data in malloc'd host buffers, scans on the device (a block scan, the blocks' sums scanned
// the same way, then added back), and checks the result itself.
//
//   ./scansim run examples/programs/scan_main.cu -- 100000
//   nvcc -o scan_main examples/programs/scan_main.cu && ./scan_main 100000
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CUDA_CHECK(call)                                                                      \
  do {                                                                                        \
    cudaError_t err_ = (call);                                                                \
    if (err_ != cudaSuccess) {                                                                \
      fprintf(stderr, "%s:%d: CUDA error: %s\n", __FILE__, __LINE__, cudaGetErrorString(err_)); \
      exit(EXIT_FAILURE);                                                                     \
    }                                                                                         \
  } while (0)

#define BLOCK 256

// Inclusive scan of each block's BLOCK elements in shared memory, double-buffered (Hillis and
// Steele); with sums, the block's total is written there too.
__global__ void blockScan(const int *in, int *out, int *sums, int n) {
  __shared__ int buf[2][BLOCK];
  int tid = threadIdx.x;
  int i = blockIdx.x * BLOCK + tid;
  int from = 0;
  buf[0][tid] = i < n ? in[i] : 0;
  __syncthreads();
  for (int d = 1; d < BLOCK; d *= 2) {
    int to = 1 - from;
    buf[to][tid] = tid >= d ? buf[from][tid] + buf[from][tid - d] : buf[from][tid];
    __syncthreads();
    from = to;
  }
  if (i < n) {
    out[i] = buf[from][tid];
  }
  if (sums != NULL && tid == BLOCK - 1) {
    sums[blockIdx.x] = buf[from][tid];
  }
}

// Adds to each element the total of the blocks before its own.
__global__ void addSums(int *out, const int *sums, int n) {
  int i = blockIdx.x * BLOCK + threadIdx.x;
  if (blockIdx.x > 0 && i < n) {
    out[i] += sums[blockIdx.x - 1];
  }
}

// Scans n elements of d_in into d_out (both on the device), recursing on the blocks' sums.
static void scan(const int *d_in, int *d_out, int n) {
  int blocks = (n + BLOCK - 1) / BLOCK;
  if (blocks == 1) {
    blockScan<<<1, BLOCK>>>(d_in, d_out, NULL, n);
    CUDA_CHECK(cudaGetLastError());
    return;
  }
  int *d_sums;
  CUDA_CHECK(cudaMalloc(&d_sums, blocks * sizeof(int)));
  blockScan<<<blocks, BLOCK>>>(d_in, d_out, d_sums, n);
  CUDA_CHECK(cudaGetLastError());
  scan(d_sums, d_sums, blocks);
  addSums<<<blocks, BLOCK>>>(d_out, d_sums, n);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaFree(d_sums));
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 100000;
  if (n < 1 || n > (1 << 28)) {
    fprintf(stderr, "usage: %s [n, 1 to 268435456]\n", argv[0]);
    return EXIT_FAILURE;
  }
  int *h_in = (int *)malloc(n * sizeof(int));
  int *h_out = (int *)malloc(n * sizeof(int));
  if (h_in == NULL || h_out == NULL) {
    fprintf(stderr, "out of host memory\n");
    return EXIT_FAILURE;
  }
  srand(2024);
  for (int i = 0; i < n; i++) {
    h_in[i] = rand() % 10;
  }
  int *d_in;
  int *d_out;
  CUDA_CHECK(cudaMalloc(&d_in, n * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&d_out, n * sizeof(int)));
  CUDA_CHECK(cudaMemcpy(d_in, h_in, n * sizeof(int), cudaMemcpyHostToDevice));
  scan(d_in, d_out, n);
  CUDA_CHECK(cudaDeviceSynchronize());
  CUDA_CHECK(cudaMemcpy(h_out, d_out, n * sizeof(int), cudaMemcpyDeviceToHost));

  int sum = 0;
  int bad = -1;
  for (int i = 0; i < n && bad < 0; i++) {
    sum += h_in[i];
    if (h_out[i] != sum) {
      bad = i;
    }
  }
  printf("scanned %d elements, total %d\n", n, h_out[n - 1]);
  if (bad >= 0) {
    printf("FAILED: element %d is %d, expected %d\n", bad, h_out[bad], sum);
  } else {
    printf("PASSED\n");
  }
  free(h_in);
  free(h_out);
  CUDA_CHECK(cudaFree(d_in));
  CUDA_CHECK(cudaFree(d_out));
  return bad < 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
