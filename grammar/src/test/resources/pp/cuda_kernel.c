/* A CUDA host and kernel with launch brackets built by macros. */
#define BLOCK 256
#define GRID(n) (((n) + BLOCK - 1) / BLOCK)
#define LAUNCH(kernel, n, ...) kernel<<<GRID(n), BLOCK>>>(__VA_ARGS__)
#define CHECK(call) do { int err_ = (call); if (err_ != 0) { fail(#call, err_); } } while (0)
template <typename T> __global__ void add(T *a, const T *b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) a[i] += b[i];
}
void run(float *a, float *b, int n) {
  LAUNCH(add<float>, n, a, b, n);
  add<float><<<GRID(n), BLOCK, 0>>>(a, b, n);
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaMemcpy(a, b, n * sizeof(float), cudaMemcpyDeviceToHost));
  x <<= 2; y >>= 3; z = a >> 1 >> 2;
}
