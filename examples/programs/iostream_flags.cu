// A course-style scan driver: flags parsed from the command line (-n N, -v), errors reported on
// std::cerr by a checking function, results on std::cout, the device's output compared with a
// scan on the host ("Results Match").
//
//   ./scansim run examples/programs/iostream_flags.cu -- -n 5000 -v
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <cuda_runtime.h>

using namespace std;

static void check(cudaError_t e, const char *what) {
  if (e != cudaSuccess) {
    cerr << "error: " << what << ": " << cudaGetErrorString(e) << endl;
    exit(1);
  }
}

// Exclusive scan of 2 * blockDim.x elements per block, work-efficient (Blelloch's up-sweep and
// down-sweep); each block scans its own part.
__global__ void blelloch(const float *in, float *out, int n) {
  extern __shared__ float t[];
  int tid = threadIdx.x;
  int m = 2 * blockDim.x;
  int base = blockIdx.x * m;
  t[2 * tid] = base + 2 * tid < n ? in[base + 2 * tid] : 0.0f;
  t[2 * tid + 1] = base + 2 * tid + 1 < n ? in[base + 2 * tid + 1] : 0.0f;
  int offset = 1;
  for (int d = m >> 1; d > 0; d >>= 1) {
    __syncthreads();
    if (tid < d) {
      t[offset * (2 * tid + 2) - 1] += t[offset * (2 * tid + 1) - 1];
    }
    offset *= 2;
  }
  if (tid == 0) {
    t[m - 1] = 0.0f;
  }
  for (int d = 1; d < m; d *= 2) {
    offset >>= 1;
    __syncthreads();
    if (tid < d) {
      int a = offset * (2 * tid + 1) - 1;
      int b = offset * (2 * tid + 2) - 1;
      float v = t[a];
      t[a] = t[b];
      t[b] += v;
    }
  }
  __syncthreads();
  if (base + 2 * tid < n) out[base + 2 * tid] = t[2 * tid];
  if (base + 2 * tid + 1 < n) out[base + 2 * tid + 1] = t[2 * tid + 1];
}

int main(int argc, char *argv[]) {
  int n = 1024;
  bool verbose = false;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "-n") == 0 && i + 1 < argc) {
      n = (int)strtol(argv[++i], NULL, 10);
    } else if (strcmp(argv[i], "-v") == 0) {
      verbose = true;
    } else {
      cerr << "usage: " << argv[0] << " [-n N] [-v]" << endl;
      return 2;
    }
  }
  const int threads = 128;
  const int perBlock = 2 * threads;
  int blocks = (n + perBlock - 1) / perBlock;
  float *h = (float *)malloc(n * sizeof(float));
  float *r = (float *)malloc(n * sizeof(float));
  for (int i = 0; i < n; i++) {
    h[i] = (float)(i % 7) * 0.5f;
  }
  float *d_in, *d_out;
  check(cudaMalloc(&d_in, n * sizeof(float)), "cudaMalloc");
  check(cudaMalloc(&d_out, n * sizeof(float)), "cudaMalloc");
  check(cudaMemcpy(d_in, h, n * sizeof(float), cudaMemcpyHostToDevice), "copy in");
  blelloch<<<blocks, threads, perBlock * sizeof(float)>>>(d_in, d_out, n);
  check(cudaGetLastError(), "launch");
  check(cudaMemcpy(r, d_out, n * sizeof(float), cudaMemcpyDeviceToHost), "copy out");

  int wrong = 0;
  float sum = 0.0f;
  for (int i = 0; i < n; i++) {
    if (i % perBlock == 0) {
      sum = 0.0f;
    }
    if (r[i] != sum) {
      if (wrong < 3) {
        cout << "mismatch at " << i << ": " << r[i] << " != " << sum << endl;
      }
      wrong++;
    }
    sum += h[i];
  }
  if (verbose) {
    cout << "n = " << n << ", " << blocks << " blocks of " << threads << " threads" << endl;
    cout << "last block's last prefix: " << r[n - 1] << endl;
  }
  cout << (wrong == 0 ? "Results Match" : "Results Differ") << endl;
  free(h);
  free(r);
  cudaFree(d_in);
  cudaFree(d_out);
  return wrong == 0 ? 0 : 1;
}
