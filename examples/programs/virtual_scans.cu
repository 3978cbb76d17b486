// Scans behind one interface: an abstract base class with a pure virtual run(), a CPU scan and
// two GPU scans deriving from it (one derived again to check itself), a virtual destructor, and
// a device-side operator hierarchy called through a const reference in the kernel.
//   virtual_scans [N]      scans N elements (default 1000) with every strategy and checks them
#include <cstdio>
#include <cstdlib>

#define CHECK(call)                                                                        \
  do {                                                                                     \
    cudaError_t err_ = (call);                                                             \
    if (err_ != cudaSuccess) {                                                             \
      fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(err_));         \
      exit(1);                                                                             \
    }                                                                                      \
  } while (0)

const int BLOCK = 256;

struct Combine {
  __device__ Combine() {}
  __device__ virtual int apply(int a, int b) const { return a + b; }
  __device__ virtual int identity() const { return 0; }
};

struct CombineMax : Combine {
  __device__ CombineMax() {}
  __device__ int apply(int a, int b) const override { return a > b ? a : b; }
  __device__ int identity() const override { return -2147483647 - 1; }
};

// One block's inclusive scan (Hillis and Steele), then each block's total added by the next kernel.
__device__ void blockScan(const Combine &op, const int *in, int *out, int *sums, int n) {
  __shared__ int t[BLOCK];
  int i = blockIdx.x * BLOCK + threadIdx.x;
  t[threadIdx.x] = i < n ? in[i] : op.identity();
  __syncthreads();
  for (int d = 1; d < BLOCK; d *= 2) {
    int v = threadIdx.x >= d ? t[threadIdx.x - d] : op.identity();
    __syncthreads();
    t[threadIdx.x] = op.apply(t[threadIdx.x], v);
    __syncthreads();
  }
  if (i < n) out[i] = t[threadIdx.x];
  if (threadIdx.x == BLOCK - 1) sums[blockIdx.x] = t[BLOCK - 1];
}

__global__ void scanBlocks(const int *in, int *out, int *sums, int n, int useMax) {
  Combine add;
  CombineMax max;
  const Combine *op = useMax ? (const Combine *)&max : &add;
  blockScan(*op, in, out, sums, n);
}

__global__ void addTotals(int *out, const int *sums, int n, int useMax) {
  int i = blockIdx.x * BLOCK + threadIdx.x;
  if (blockIdx.x == 0 || i >= n) return;
  int before = sums[0];
  for (int b = 1; b < blockIdx.x; b++) before = useMax ? (before > sums[b] ? before : sums[b]) : before + sums[b];
  out[i] = useMax ? (out[i] > before ? out[i] : before) : out[i] + before;
}

class Scan {
public:
  Scan(const char *name, int n) : name(name), n(n) { result = new int[n > 0 ? n : 1]; }
  virtual ~Scan() { delete[] result; }
  virtual void run(const int *in) = 0;
  virtual bool usesMax() const { return false; }
  const int *values() const { return result; }
  const char *label() const { return name; }

protected:
  const char *name;
  int n;
  int *result;
};

class CpuScan : public Scan {
public:
  CpuScan(int n, bool max) : Scan(max ? "cpu max" : "cpu sum", n), max(max) {}
  void run(const int *in) override {
    for (int i = 0; i < n; i++) {
      int prev = i > 0 ? result[i - 1] : in[0];
      result[i] = i == 0 ? in[0] : max ? (prev > in[i] ? prev : in[i]) : prev + in[i];
    }
  }
  bool usesMax() const override { return max; }

private:
  bool max;
};

class GpuScan : public Scan {
public:
  GpuScan(const char *name, int n, bool max) : Scan(name, n), max(max), launches(0) {}
  void run(const int *in) override {
    int blocks = (n + BLOCK - 1) / BLOCK;
    int *d_in, *d_out, *d_sums;
    CHECK(cudaMalloc(&d_in, n * sizeof(int)));
    CHECK(cudaMalloc(&d_out, n * sizeof(int)));
    CHECK(cudaMalloc(&d_sums, blocks * sizeof(int)));
    CHECK(cudaMemcpy(d_in, in, n * sizeof(int), cudaMemcpyHostToDevice));
    scanBlocks<<<blocks, BLOCK>>>(d_in, d_out, d_sums, n, max);
    addTotals<<<blocks, BLOCK>>>(d_out, d_sums, n, max);
    launches += 2;
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(result, d_out, n * sizeof(int), cudaMemcpyDeviceToHost));
    CHECK(cudaFree(d_in));
    CHECK(cudaFree(d_out));
    CHECK(cudaFree(d_sums));
  }
  bool usesMax() const override { return max; }
  int launchCount() const { return launches; }

protected:
  bool max;
  int launches;
};

class CheckedGpuScan : public GpuScan {
public:
  CheckedGpuScan(int n, bool max, const Scan &reference)
      : GpuScan(max ? "gpu max, checked" : "gpu sum, checked", n, max), reference(&reference), mismatches(0) {}
  ~CheckedGpuScan() { printf("%s: %d mismatches in %d launches\n", label(), mismatches, launches); }
  void run(const int *in) override {
    GpuScan::run(in);
    for (int i = 0; i < n; i++) mismatches += result[i] != reference->values()[i];
  }
  int mismatches;

private:
  const Scan *reference;
};

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1000;
  if (n <= 0 || n > BLOCK * BLOCK) {
    fprintf(stderr, "usage: virtual_scans [N], 0 < N <= %d\n", BLOCK * BLOCK);
    return 2;
  }
  int *in = new int[n];
  for (int i = 0; i < n; i++) in[i] = (i * 37 + 11) % 101 - 50;
  CpuScan cpuSum(n, false), cpuMax(n, true);
  Scan *scans[4] = {&cpuSum, &cpuMax, new CheckedGpuScan(n, false, cpuSum), new CheckedGpuScan(n, true, cpuMax)};
  bool ok = true;
  for (int k = 0; k < 4; k++) {
    scans[k]->run(in);
    const int *r = scans[k]->values();
    printf("%-17s %s: first %d, middle %d, last %d\n", scans[k]->label(), scans[k]->usesMax() ? "max" : "sum", r[0], r[n / 2],
           r[n - 1]);
  }
  for (int k = 2; k < 4; k++) {
    ok = ok && ((CheckedGpuScan *)scans[k])->mismatches == 0;
    delete scans[k];
  }
  printf("%s\n", ok ? "PASSED" : "FAILED");
  delete[] in;
  return ok ? 0 : 1;
}
