// A whole program in the C++11 a student writes today: std::vector for the host's data (built,
// copied, returned by value, handed to the device with data()), range-based for loops, list
// initialisation, a small class holding a vector whose operator[] returns a reference, and
// <chrono> timing (printed as a yes/no, since the card's clock and scansim's differ).
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <vector>

#define BLOCK 256

__global__ void blockScan(const int *in, int *out, int *sums, int n) {
  __shared__ int s[BLOCK];
  int t = threadIdx.x;
  int i = blockIdx.x * BLOCK + t;
  s[t] = i < n ? in[i] : 0;
  __syncthreads();
  for (int d = 1; d < BLOCK; d *= 2) {
    int add = t >= d ? s[t - d] : 0;
    __syncthreads();
    s[t] += add;
    __syncthreads();
  }
  if (i < n) out[i] = s[t];
  if (t == BLOCK - 1) sums[blockIdx.x] = s[t];
}

__global__ void addSums(int *out, const int *scannedSums, int n) {
  int i = blockIdx.x * BLOCK + threadIdx.x;
  if (blockIdx.x > 0 && i < n) out[i] += scannedSums[blockIdx.x - 1];
}

// A histogram of residues whose operator[] gives the counter itself.
class Histogram {
 public:
  Histogram(int bins) : counts(bins, 0) {}
  int &operator[](int bin) { return counts[bin]; }
  int bins() const { return (int) counts.size(); }
  std::vector<int> counts;
};

std::vector<int> cpuScan(const std::vector<int> &in) {
  std::vector<int> out(in.size());
  int run = 0;
  for (size_t i = 0; i < in.size(); ++i) {
    run += in[i];
    out[i] = run;
  }
  return out;
}

std::vector<int> gpuScan(const std::vector<int> &in) {
  int n = (int) in.size();
  int blocks{(n + BLOCK - 1) / BLOCK};
  int *dIn, *dOut, *dSums;
  cudaMalloc(&dIn, n * sizeof(int));
  cudaMalloc(&dOut, n * sizeof(int));
  cudaMalloc(&dSums, blocks * sizeof(int));
  cudaMemcpy(dIn, in.data(), n * sizeof(int), cudaMemcpyHostToDevice);
  blockScan<<<blocks, BLOCK>>>(dIn, dOut, dSums, n);
  std::vector<int> sums(blocks);
  cudaMemcpy(sums.data(), dSums, blocks * sizeof(int), cudaMemcpyDeviceToHost);
  std::vector<int> scanned = cpuScan(sums);
  cudaMemcpy(dSums, scanned.data(), blocks * sizeof(int), cudaMemcpyHostToDevice);
  addSums<<<blocks, BLOCK>>>(dOut, dSums, n);
  std::vector<int> out(n);
  cudaMemcpy(out.data(), dOut, n * sizeof(int), cudaMemcpyDeviceToHost);
  cudaFree(dIn);
  cudaFree(dOut);
  cudaFree(dSums);
  return out;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1000;
  if (n < 1 || n > (1 << 20)) {
    std::cerr << "usage: modern_cpp [N], 1 <= N <= 1048576" << std::endl;
    return 2;
  }
  std::vector<int> data;
  data.reserve(n);
  for (int i = 0; i < n; i++) data.push_back((i * 7 + 3) % 11);
  Histogram h{11};
  for (int x : data) h[x] += 1;
  int histogramTotal = 0;
  for (int c : h.counts) histogramTotal += c;

  const auto start{std::chrono::steady_clock::now()};
  std::vector<int> gpu = gpuScan(data);
  const auto stop{std::chrono::steady_clock::now()};
  std::chrono::duration<double, std::milli> elapsed = stop - start;
  std::vector<int> cpu = cpuScan(data);
  std::vector<int> copy = cpu;
  copy[0] = -1;

  int wrong = 0;
  for (int i = 0; i < n; i++) wrong += gpu[i] != cpu[i];
  std::cout << "n = " << n << ", total " << gpu.back() << ", bins " << h.bins() << ", bin 3 holds " << h[3] << std::endl;
  std::cout << "histogram total " << histogramTotal << ", copy kept " << cpu[0] << std::endl;
  std::cout << "timed: " << (elapsed.count() >= 0 ? "yes" : "no") << std::endl;
  std::cout << (wrong == 0 ? "PASSED" : "FAILED") << std::endl;
  return wrong == 0 ? 0 : 1;
}
