// '#pragma unroll' written as a directive of its own.
__global__ void scan(float *data, int n)
{
    int thid = threadIdx.x;
#unroll
    for (int d = 1; d < n; d *= 2) {
        float v = thid >= d ? data[thid - d] : 0.0f;
        __syncthreads();
        data[thid] += v;
        __syncthreads();
    }
}
// expect-nvcc: error
