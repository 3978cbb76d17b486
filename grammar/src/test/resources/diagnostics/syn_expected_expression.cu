__global__ void upsweep(float *temp, int n)
{
    int thid = threadIdx.x;
    int offset = 1;
    for (int d = n >> 1; d > 0; d >>= 1) {
        __syncthreads();
        if (thid < d) {
            int ai = offset * (2 * thid + 1) - 1;
            int bi = offset * (2 * thid + 2) - 1;
            temp[bi] += temp[ai] * ;
        }
        offset *= 2;
    }
}
// expect-nvcc: error
