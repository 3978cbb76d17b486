#include <cstdio>

__global__ void report(int n)
{
    if (threadIdx.x == 0)
        printf("n = %d\n, n);
}
// expect-nvcc: error
