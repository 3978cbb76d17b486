#include "scan_config.h"

__global__ void scan(float *data, int n)
{
    if (threadIdx.x < n) data[threadIdx.x] *= 2.0f;
}
// expect-nvcc: error
