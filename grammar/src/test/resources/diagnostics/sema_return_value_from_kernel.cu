__global__ void block_total(const float *in, float *out, int n)
{
    extern __shared__ float temp[];
    temp[threadIdx.x] = in[threadIdx.x];
    __syncthreads();
    if (threadIdx.x == 0) {
        float sum = 0.0f;
        for (int i = 0; i < n; i++) sum += temp[i];
        *out = sum;
        return sum;
    }
}
// expect-nvcc: error
