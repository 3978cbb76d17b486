// Loop shapes for the loop rule (simulator sim.engine.StoreForwarding): a load of the address the
// previous iteration stored. Compiled to PTX by make-ptx.sh; README.md says what each shows.

// A constant start, shared memory: unrolled loop first (one load on entry), remainder after it
// (reloads every iteration).
__global__ void a_const(float *X, unsigned n) {
  __shared__ float XY[4096];
  XY[threadIdx.x] = X[threadIdx.x];
  __syncthreads();
  for (unsigned j = 1; j < n; ++j) XY[j] += XY[j - 1];
  __syncthreads();
  X[threadIdx.x] = XY[threadIdx.x];
}

// A start that is not a constant, after a store to the first address: no load at all.
__global__ void b_var(float *out, float *in, int length) {
  int s = threadIdx.x;
  out[s] = 0;
  for (int j = s + 1; j < length; ++j) out[j] = in[j - 1] + out[j - 1];
}

// The same without the store: the remainder loop first, one load on entry to each loop.
__global__ void b_var_nostore(float *out, float *in, int length) {
  int s = threadIdx.x;
  for (int j = s + 1; j < length; ++j) out[j] = in[j - 1] + out[j - 1];
}

// A constant start without a store before the loop: one load on entry, the remainder reloads.
__global__ void b_const_nostore(float *out, float *in, int length) {
  for (int j = 1; j < length; ++j) out[j] = in[j - 1] + out[j - 1];
}

// Integers: the same as b_const_nostore.
__global__ void a_int(int *out, int *in, int length) {
  for (int j = 1; j < length; ++j) out[j] = in[j] + out[j - 1];
}

// The test's kernel (StoreForwardingTest): subsections of shared memory, a start that is not a constant.
__global__ void subsections(float *out, const float *in, unsigned S) {
  __shared__ float s[32 * 16];
  unsigned t = threadIdx.x;
  for (unsigned j = t; j < 32 * S; j += 32) s[j] = in[j];
  __syncthreads();
  unsigned start = t * S;
  for (unsigned j = start + 1; j < start + S; ++j) s[j] += s[j - 1];
  __syncthreads();
  for (unsigned j = t; j < 32 * S; j += 32) out[j] = s[j];
}

// Another store to the array in the loop: no forwarding, both loads every iteration.
__global__ void another_store(float *out, const float *in, unsigned S) {
  __shared__ float s[32 * 16];
  unsigned t = threadIdx.x;
  for (unsigned j = t; j < 32 * S; j += 32) s[j] = in[j];
  __syncthreads();
  unsigned start = t * S;
  for (unsigned j = start + 1; j < start + S; ++j) {
    s[j] += s[j - 1];
    s[start] = 1.0f;
  }
  __syncthreads();
  for (unsigned j = t; j < 32 * S; j += 32) out[j] = s[j];
}
