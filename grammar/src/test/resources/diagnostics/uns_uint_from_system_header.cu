// 'uint' is a typedef of <sys/types.h>, which nvcc's headers pull in.
__global__ void count(uint *hist, const int *keys, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) atomicAdd(&hist[keys[i]], 1u);
}
