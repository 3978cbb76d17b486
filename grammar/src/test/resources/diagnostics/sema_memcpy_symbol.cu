// cudaMemcpyToSymbol's symbol is a __device__ or __constant__ variable, named as itself.
__constant__ float scale[4];
int host_values[4];
int main() {
  float h[4] = {1, 2, 3, 4};
  cudaMemcpyToSymbol(host_values, h, sizeof h);
  cudaMemcpyToSymbol(scale, 3, sizeof h);
  return 0;
}
// expect-nvcc: error
