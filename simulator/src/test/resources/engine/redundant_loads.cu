// Kernels for RedundantLoadsTest: each line of "// nvcc:" gives the shared and global loads and
// stores nvcc 13.0 leaves in its PTX for the kernel below it (nvcc -arch=sm_90 -ptx), which the
// model must count for one warp of 32 threads at n = 32. RedundantLoadsTest checks the model
// against these numbers, and, where nvcc is installed, these numbers against nvcc's PTX.

// nvcc: forwarded ld.shared=0 st.shared=0 ld.global=1 st.global=1
__global__ void forwarded(int *in, int *out, int n) {
  __shared__ int s[32];
  int t = threadIdx.x;
  s[t] = in[t];
  out[t] = s[t] + s[t];
}

// nvcc: barrier ld.shared=1 st.shared=1 ld.global=1 st.global=1
__global__ void barrier(int *in, int *out, int n) {
  __shared__ int s[32];
  int t = threadIdx.x;
  s[t] = in[t];
  __syncthreads();
  out[t] = s[t] + s[t];
}

// nvcc: volatiles ld.shared=2 st.shared=1 ld.global=1 st.global=1
__global__ void volatiles(int *in, int *out, int n) {
  volatile __shared__ int s[32];
  int t = threadIdx.x;
  s[t] = in[t];
  out[t] = s[t] + s[t];
}

// nvcc: otherArray ld.shared=1 st.shared=1 ld.global=1 st.global=1
__global__ void otherArray(int *in, int *out, int n) {
  __shared__ int s[32], u[32];
  int t = threadIdx.x;
  s[t] = in[t];
  u[t] = 2;
  out[t] = s[t] + u[(t + 1) & 31];
}

// nvcc: mayAlias ld.shared=1 st.shared=2 ld.global=2 st.global=1
__global__ void mayAlias(int *in, int *out, int n) {
  __shared__ int s[32];
  int t = threadIdx.x;
  s[t] = in[t];
  s[in[t + 32] & 31] = 1;
  out[t] = s[t];
}

// nvcc: acrossBlocks ld.shared=1 st.shared=2 ld.global=2 st.global=1
__global__ void acrossBlocks(int *in, int *out, int n) {
  __shared__ int s[64];
  int t = threadIdx.x;
  s[t] = in[t];
  s[t + 32] = in[t + 32];
  __syncthreads();
  int x = s[t + 1];
  if (t & 1) x += 3;
  out[t] = x + s[t + 1];
}

// nvcc: atomics ld.shared=1 st.shared=1 ld.global=1 st.global=1
__global__ void atomics(int *in, int *out, int n) {
  __shared__ int s[32];
  int t = threadIdx.x;
  s[t] = in[t];
  atomicAdd(&s[(t + 1) & 31], 1);
  out[t] = s[t];
}

// nvcc: globalParams ld.shared=0 st.shared=0 ld.global=2 st.global=2
__global__ void globalParams(int *in, int *out, int n) {
  int t = threadIdx.x;
  int a = in[t];
  out[t + 1] = a;
  out[t] = a + in[t];
}

// nvcc: neighbours ld.shared=0 st.shared=0 ld.global=1 st.global=2
__global__ void neighbours(int *in, int *out, int n) {
  int t = threadIdx.x;
  int a = in[t];
  in[t + 1] = a;
  out[t] = a + in[t];
}

// nvcc: neverRead ld.shared=2 st.shared=2 ld.global=1 st.global=1
__global__ void neverRead(int *in, int *out, int n) {
  __shared__ int s[32], u[32];
  int t = threadIdx.x;
  s[t] = in[t];
  u[t] = in[t] + 1;
  __syncthreads();
  out[t] = s[t] + u[t] + s[t];
}

// A pointer kept in a local object, as a class keeps its members: the object lives in
// registers, and the accesses through the pointer are to the array it was given.
struct View {
  int *data;
  __device__ int at(int i) const { return data[i]; }
};

// nvcc: throughObject ld.shared=1 st.shared=1 ld.global=1 st.global=1
__global__ void throughObject(int *in, int *out, int n) {
  __shared__ int s[32];
  int t = threadIdx.x;
  View v = {s};
  s[t] = in[t];
  __syncthreads();
  out[t] = v.at(t) + v.at(t);
}

// Loops (counted for one warp at n = 32: 5 iterations, i = 1, 2, 4, 8, 16).

// A temporary array written and read back by the same thread: never read by another, its stores go.
// nvcc: tempThroughBarrier ld.shared=1 st.shared=2 ld.global=1 st.global=1 dynamic: ld.shared=5 st.shared=6
__global__ void tempThroughBarrier(int *in, int *out, int n) {
  __shared__ int a[32], temp[32];
  int t = threadIdx.x;
  a[t] = in[t];
  for (int i = 1; i < n; i *= 2) {
    __syncthreads();
    temp[t] = a[t] + 1;
    a[t] = temp[t];
  }
  out[t] = a[t];
}

// A loop-invariant load, issued once before the loop (LICM).
// nvcc: loopInvariant ld.shared=0 st.shared=0 ld.global=1 st.global=1 dynamic: ld.global=1
__global__ void loopInvariant(int *in, int *out, int n) {
  int t = threadIdx.x;
  int sum = 0;
  for (int i = 1; i < n; i *= 2) sum += in[0] * i;
  out[t] = sum;
}

// Double buffering by swapping pointers: the value stored to dst[t] is the next iteration's
// src[t], loaded once before the loop (load PRE through the pointers' phis).
// nvcc: pingPong ld.shared=2 st.shared=2 ld.global=1 st.global=1 dynamic: ld.shared=6 st.shared=6
__global__ void pingPong(int *in, int *out, int n) {
  __shared__ int a[32], b[32];
  int t = threadIdx.x;
  int *src = a, *dst = b;
  a[t] = in[t];
  __syncthreads();
  for (int i = 1; i < n; i *= 2) {
    dst[t] = src[t] + (t >= i ? src[t - i] : 0);
    int *tmp = src;
    src = dst;
    dst = tmp;
  }
  out[t] = src[t];
}

// The same with a barrier at the top of the loop: nothing is carried into an iteration, but the
// load after the loop has its value on every way there (stored before the loop, or by the last
// iteration through the swapped pointers): no load.
// nvcc: swapAfterBarrier ld.shared=2 st.shared=2 ld.global=1 st.global=1 dynamic: ld.shared=10 st.shared=6
__global__ void swapAfterBarrier(int *in, int *out, int n) {
  __shared__ int a[32], b[32];
  int t = threadIdx.x;
  int *src = a, *dst = b;
  src[t] = in[t];
  for (int i = 1; i < n; i *= 2) {
    __syncthreads();
    dst[t] = src[t] + (t >= i ? src[t - i] : 0);
    int *tmp = src;
    src = dst;
    dst = tmp;
  }
  out[t] = src[t];
}

// Two loop-invariant loads in one loop: each is issued once before the loop.
// nvcc: twoInvariants ld.shared=0 st.shared=0 ld.global=2 st.global=1 dynamic: ld.global=2
__global__ void twoInvariants(int *in, int *out, int n) {
  int t = threadIdx.x;
  int sum = 0;
  for (int i = 1; i < n; i *= 2) sum += in[0] * in[1] * i;
  out[t] = sum;
}
