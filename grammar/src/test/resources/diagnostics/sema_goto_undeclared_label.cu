#include <cstdio>

int copy_back(float *host, const float *dev, int n)
{
    if (cudaMemcpy(host, dev, n * sizeof(float), cudaMemcpyDeviceToHost) != cudaSuccess)
        goto Eror;
    return 0;
Error:
    fprintf(stderr, "cudaMemcpy failed\n");
    return 1;
}
// expect-nvcc: error
