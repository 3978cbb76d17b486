__global__ void clamp(float *data, int n)
{
    int i = threadIdx.x;
    if (i >= n)
        break;
    data[i] = fminf(data[i], 1.0f);
}
// expect-nvcc: error
