// A whole program written with classes, as C++ CUDA code is: a GpuTimer that creates its events
// in its constructor and destroys them in its destructor, a device-side BlockScan helper built on
// a block's shared memory, function objects (Add, Max) passed to a device function template, and
// a host class that checks results and reports when it goes out of scope.
#include <cstdio>
#include <cstdlib>

#define BLOCK 256

struct GpuTimer {
  cudaEvent_t start, stop;
  GpuTimer() {
    cudaEventCreate(&start);
    cudaEventCreate(&stop);
  }
  ~GpuTimer() {
    cudaEventDestroy(start);
    cudaEventDestroy(stop);
  }
  void Start() { cudaEventRecord(start, 0); }
  void Stop() { cudaEventRecord(stop, 0); }
  float Elapsed() {
    float ms = -1;
    cudaEventSynchronize(stop);
    cudaEventElapsedTime(&ms, start, stop);
    return ms;
  }
};

struct Add {
  __host__ __device__ int operator()(int a, int b) const { return a + b; }
  __host__ __device__ static int identity() { return 0; }
};

struct Max {
  __host__ __device__ int operator()(int a, int b) const { return a > b ? a : b; }
  __host__ __device__ static int identity() { return -2147483647 - 1; }
};

// A block's inclusive sum over the shared memory it is given (Hillis-Steele, in place with a
// barrier between the reads and the writes of each step).
class BlockScan {
  int *temp;

public:
  __device__ BlockScan(int *storage) : temp(storage) {}

  __device__ int inclusiveSum(int v) {
    int t = threadIdx.x;
    temp[t] = v;
    __syncthreads();
    for (int d = 1; d < BLOCK; d *= 2) {
      int other = t >= d ? temp[t - d] : 0;
      __syncthreads();
      temp[t] += other;
      __syncthreads();
    }
    return temp[t];
  }
};

__global__ void sumKernel(const int *in, int *out, int n) {
  __shared__ int temp[BLOCK];
  BlockScan scan(temp);
  int i = threadIdx.x;
  int v = scan.inclusiveSum(i < n ? in[i] : 0);
  if (i < n) out[i] = v;
}

// The same scan for any function object with a static identity().
template <typename Op>
__device__ int blockInclusive(int *temp, int v, Op op) {
  int t = threadIdx.x;
  temp[t] = v;
  __syncthreads();
  for (int d = 1; d < BLOCK; d *= 2) {
    int other = t >= d ? temp[t - d] : Op::identity();
    __syncthreads();
    temp[t] = op(temp[t], other);
    __syncthreads();
  }
  return temp[t];
}

template <typename Op>
__global__ void scanKernel(const int *in, int *out, int n) {
  __shared__ int temp[BLOCK];
  int i = threadIdx.x;
  Op op;
  int v = blockInclusive(temp, i < n ? in[i] : Op::identity(), op);
  if (i < n) out[i] = v;
}

class Checker {
  int checks;
  int failures;
  const char *name;

public:
  Checker(const char *what) : checks(0), failures(0), name(what) {}
  ~Checker() { printf("%s: %d of %d checks passed\n", name, checks - failures, checks); }
  bool ok() const { return failures == 0; }
  void record(bool passed, const char *label) {
    checks++;
    if (!passed) failures++;
    printf("  %-8s %s\n", label, passed ? "ok" : "FAILED");
  }
};

template <typename Op>
static bool matches(const int *in, const int *got, int n, Op op) {
  int acc = Op::identity();
  for (int i = 0; i < n; i++) {
    acc = op(acc, in[i]);
    if (got[i] != acc) return false;
  }
  return true;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : BLOCK;
  if (n < 1 || n > BLOCK) {
    fprintf(stderr, "usage: %s [N], 1 <= N <= %d\n", argv[0], BLOCK);
    return 2;
  }
  int h_in[BLOCK], h_out[BLOCK];
  srand(11);
  for (int i = 0; i < n; i++) h_in[i] = rand() % 100 - 50;
  int *d_in, *d_out;
  cudaMalloc(&d_in, n * sizeof(int));
  cudaMalloc(&d_out, n * sizeof(int));
  cudaMemcpy(d_in, h_in, n * sizeof(int), cudaMemcpyHostToDevice);
  bool passed;
  {
    Checker check("block scans");
    GpuTimer timer;
    timer.Start();
    scanKernel<Add><<<1, BLOCK>>>(d_in, d_out, n);
    timer.Stop();
    cudaMemcpy(h_out, d_out, n * sizeof(int), cudaMemcpyDeviceToHost);
    check.record(matches(h_in, h_out, n, Add()), "sum");
    printf("  sum of %d values: %d (timed: %s)\n", n, h_out[n - 1], timer.Elapsed() >= 0 ? "yes" : "no");
    sumKernel<<<1, BLOCK>>>(d_in, d_out, n);
    cudaMemcpy(h_out, d_out, n * sizeof(int), cudaMemcpyDeviceToHost);
    check.record(matches(h_in, h_out, n, Add()), "class");
    scanKernel<Max><<<1, BLOCK>>>(d_in, d_out, n);
    cudaMemcpy(h_out, d_out, n * sizeof(int), cudaMemcpyDeviceToHost);
    check.record(matches(h_in, h_out, n, Max()), "max");
    printf("  max of %d values: %d\n", n, h_out[n - 1]);
    passed = check.ok();
  }
  cudaFree(d_in);
  cudaFree(d_out);
  printf("%s\n", passed ? "PASSED" : "FAILED");
  return passed ? 0 : 1;
}
