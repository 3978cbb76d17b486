void alloc_and_free(int n)
{
    float *d_in;
    cudaMalloc(d_in, n * sizeof(float));
    cudaFree(d_in);
}
// expect-nvcc: error
