__global__ void next_slot(int *counter, int *slots, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) slots[i] = atomicInc(counter, n);
}
// expect-nvcc: error
