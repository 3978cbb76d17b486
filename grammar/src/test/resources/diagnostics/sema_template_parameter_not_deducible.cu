// BLOCK appears in no parameter's type: a launch must write it, reverse<256><<<...>>>.
template <int BLOCK>
__global__ void reverse(float *data)
{
    __shared__ float temp[BLOCK];
    temp[threadIdx.x] = data[threadIdx.x];
    __syncthreads();
    data[threadIdx.x] = temp[BLOCK - 1 - threadIdx.x];
}

void entry(const float *in, float *out, int n)
{
    reverse<<<1, 256>>>(out);
}
// expect-nvcc: error
