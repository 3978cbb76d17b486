__global__ void scan(float *data, int n)
{
    int thid = threadIdx.x;
    for (int d = 1; d < n; d *= 2 {
        float v = thid >= d ? data[thid - d] : 0.0f;
        __syncthreads();
        data[thid] += v;
        __syncthreads();
    }
}
// expect-nvcc: error
