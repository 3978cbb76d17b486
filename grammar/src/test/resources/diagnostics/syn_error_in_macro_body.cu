#define TREE_STEP(ai, bi) temp[bi] += temp[ai]]

__global__ void upsweep(float *data, int n)
{
    extern __shared__ float temp[];
    int thid = threadIdx.x;
    temp[thid] = data[thid];
    for (int offset = 1; offset < n; offset *= 2) {
        __syncthreads();
        int ai = offset * (2 * thid + 1) - 1;
        int bi = offset * (2 * thid + 2) - 1;
        if (bi < n) TREE_STEP(ai, bi);
    }
    __syncthreads();
    data[thid] = temp[thid];
}
// expect-nvcc: error
