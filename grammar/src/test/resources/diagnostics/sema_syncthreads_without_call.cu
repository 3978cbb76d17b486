__global__ void reverse(float *data, int n)
{
    extern __shared__ float temp[];
    temp[threadIdx.x] = data[threadIdx.x];
    __syncthreads;
    data[threadIdx.x] = temp[n - 1 - threadIdx.x];
}
