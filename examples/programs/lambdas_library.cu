// nvcc-flags: --extended-lambda
// A whole program in today's C++ (nvcc --extended-lambda): a kernel template whose scan operator
// is a __device__ lambda from the host, lambdas in device code reaching the block's shared
// memory, std::function for a timing harness, <random> for the input (mt19937 and a uniform
// distribution: the same numbers on every machine with libstdc++), std::string for labels,
// std::numeric_limits, and <algorithm>/<numeric> for the host's reference (std::inclusive_scan).
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <iostream>
#include <limits>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#define BLOCK 256

template <typename Op>
__global__ void blockScan(const int *in, int *out, int *sums, int n, Op op) {
  __shared__ int s[BLOCK];
  int t = threadIdx.x;
  int i = blockIdx.x * BLOCK + t;
  auto at = [&](int k) { return k >= 0 ? s[k] : 0; }; // reads the block's shared array
  s[t] = i < n ? in[i] : 0;
  __syncthreads();
  for (int d = 1; d < BLOCK; d *= 2) {
    int add = at(t - d);
    __syncthreads();
    if (t >= d) s[t] = op(s[t], add);
    __syncthreads();
  }
  if (i < n) out[i] = s[t];
  if (t == BLOCK - 1) sums[blockIdx.x] = s[t];
}

__global__ void addSums(int *out, const int *sums, int n) {
  int i = blockIdx.x * BLOCK + threadIdx.x;
  int carry = 0;
  for (int b = 0; b < (int) blockIdx.x; b++) carry += sums[b];
  if (i < n) out[i] += carry;
}

// Runs body() once and says so under its label, as a benchmark harness would.
static int timed(const std::string &label, const std::function<void()> &body) {
  body();
  std::cout << "ran " << label << std::endl;
  return 1;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 5000;
  unsigned int seed = argc > 2 ? (unsigned int) atoi(argv[2]) : 2026u;
  if (n <= 0 || n > 1 << 20) {
    std::cerr << "usage: lambdas_library [n in 1.." << (1 << 20) << "] [seed]" << std::endl;
    return 2;
  }
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> digit(0, 9);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  std::vector<int> in(n);
  for (int &x : in) x = digit(rng);
  double first = unit(rng);
  printf("input: %d values from seed %u, first %d %d %d, a draw %.17g\n", n, seed, in[0], in[1], in[2], first);

  int blocks = (n + BLOCK - 1) / BLOCK;
  int *d_in, *d_out, *d_sums;
  cudaMalloc(&d_in, n * sizeof(int));
  cudaMalloc(&d_out, n * sizeof(int));
  cudaMalloc(&d_sums, blocks * sizeof(int));
  cudaMemcpy(d_in, in.data(), n * sizeof(int), cudaMemcpyHostToDevice);
  int launches = 0;
  launches += timed("scan", [&] {
    blockScan<<<blocks, BLOCK>>>(d_in, d_out, d_sums, n, [] __device__ (int a, int b) { return a + b; });
    addSums<<<blocks, BLOCK>>>(d_out, d_sums, n);
  });
  std::vector<int> out(n);
  cudaMemcpy(out.data(), d_out, n * sizeof(int), cudaMemcpyDeviceToHost);

  std::vector<int> expected(n);
  std::inclusive_scan(in.begin(), in.end(), expected.begin());
  int wrong = 0;
  for (int i = 0; i < n; i++) wrong += out[i] != expected[i];
  std::vector<int> sorted(in);
  std::sort(sorted.begin(), sorted.end(), [](int a, int b) { return a > b; });
  std::string verdict = wrong == 0 ? "PASSED" : "FAILED";
  printf("total %d, largest %d, %d launches, int max %d\n", out[n - 1], sorted[0], 2 * launches,
         std::numeric_limits<int>::max());
  std::cout << verdict + " (" + std::to_string(wrong) + " wrong)" << std::endl;
  cudaFree(d_in);
  cudaFree(d_out);
  cudaFree(d_sums);
  return wrong == 0 ? 0 : 1;
}
