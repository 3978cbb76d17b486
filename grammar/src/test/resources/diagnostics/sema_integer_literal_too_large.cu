__global__ void fill(unsigned long long *data)
{
    data[threadIdx.x] = 99999999999999999999;
}
