int setup(float **a, float **b, int n)
{
    if (cudaMalloc(a, n * sizeof(float)) != cudaSuccess)
        goto Error;
    if (cudaMalloc(b, n * sizeof(float)) != cudaSuccess)
        goto Error;
    return 0;
Error:
    cudaFree(*a);
Error:
    return 1;
}
// expect-nvcc: error
