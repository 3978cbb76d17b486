#include "scan_broken.h"

__global__ void banks(int *out)
{
    out[threadIdx.x] = bank_of(threadIdx.x);
}
// expect-nvcc: error
