// A whole program in the style of benchmark harnesses: each scan variant is a host function
// called through a function pointer (typedef'd, passed, stored in an array, compared), a static
// local counts the calls, and the program prints its own table of checks.
#include <cstdio>
#include <cstdlib>

#define BLOCK 512

typedef void (*scan_fn)(const int *in, int *out, int n);

// Hillis-Steele inclusive scan of one block, double-buffered in shared memory.
__global__ void naiveScan(const int *in, int *out, int n) {
  __shared__ int buf[2][BLOCK];
  int t = threadIdx.x, src = 0;
  buf[0][t] = t < n ? in[t] : 0;
  __syncthreads();
  for (int d = 1; d < BLOCK; d *= 2) {
    buf[1 - src][t] = buf[src][t] + (t >= d ? buf[src][t - d] : 0);
    src = 1 - src;
    __syncthreads();
  }
  if (t < n) out[t] = buf[src][t];
}

// Blelloch's work-efficient scan of one block (exclusive), shifted to inclusive on the way out.
__global__ void blellochScan(const int *in, int *out, int n) {
  __shared__ int tree[BLOCK];
  int t = threadIdx.x;
  tree[t] = t < n ? in[t] : 0;
  int original = tree[t];
  for (int d = 1; d < BLOCK; d *= 2) {
    __syncthreads();
    int i = (t + 1) * 2 * d - 1;
    if (i < BLOCK) tree[i] += tree[i - d];
  }
  if (t == 0) tree[BLOCK - 1] = 0;
  for (int d = BLOCK / 2; d >= 1; d /= 2) {
    __syncthreads();
    int i = (t + 1) * 2 * d - 1;
    if (i < BLOCK) {
      int left = tree[i - d];
      tree[i - d] = tree[i];
      tree[i] += left;
    }
  }
  __syncthreads();
  if (t < n) out[t] = tree[t] + original;
}

static int launches() {
  static int count = 0; // one counter for the run, as C++ keeps a static local
  return ++count;
}

static void runOnDevice(void (*kernel)(const int *, int *, int), const int *in, int *out, int n) {
  int *d_in, *d_out;
  cudaMalloc(&d_in, n * sizeof(int));
  cudaMalloc(&d_out, n * sizeof(int));
  cudaMemcpy(d_in, in, n * sizeof(int), cudaMemcpyHostToDevice);
  kernel<<<1, BLOCK>>>(d_in, d_out, n);
  cudaMemcpy(out, d_out, n * sizeof(int), cudaMemcpyDeviceToHost);
  cudaFree(d_in);
  cudaFree(d_out);
  launches();
}

static void sequential(const int *in, int *out, int n) {
  int sum = 0;
  for (int i = 0; i < n; i++) out[i] = sum += in[i];
}

static void naive(const int *in, int *out, int n) { runOnDevice(naiveScan, in, out, n); }
static void blelloch(const int *in, int *out, int n) { runOnDevice(blellochScan, in, out, n); }

static int check(scan_fn reference, scan_fn candidate, const int *in, int n) {
  int *want = (int *)malloc(n * sizeof(int)), *got = (int *)malloc(n * sizeof(int));
  reference(in, want, n);
  (*candidate)(in, got, n);
  int bad = 0;
  for (int i = 0; i < n; i++) bad += want[i] != got[i];
  free(want);
  free(got);
  return bad;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : BLOCK;
  if (n < 1 || n > BLOCK) {
    fprintf(stderr, "usage: %s [N], 1 <= N <= %d\n", argv[0], BLOCK);
    return 2;
  }
  int *in = (int *)malloc(n * sizeof(int));
  srand(7);
  for (int i = 0; i < n; i++) in[i] = rand() % 10;
  const char *names[] = {"sequential", "naive", "blelloch"};
  scan_fn variants[] = {sequential, naive, blelloch};
  int failures = 0;
  printf("%-12s %8s  %s\n", "variant", "wrong", "check");
  for (int v = 0; v < 3; v++) {
    int bad = check(sequential, variants[v], in, n);
    failures += bad != 0;
    printf("%-12s %8d  %s%s\n", names[v], bad, bad ? "FAILED" : "ok", variants[v] == sequential ? " (the reference)" : "");
  }
  printf("%d kernel launches for n = %d: %s\n", launches() - 1, n, failures ? "FAILED" : "PASSED");
  free(in);
  return failures ? 1 : 0;
}
