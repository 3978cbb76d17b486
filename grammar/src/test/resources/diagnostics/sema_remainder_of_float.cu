__global__ void clear_odd(float *data, int n)
{
    float thid = threadIdx.x;
    if (thid % 2 == 1 && thid < n)
        data[(int)thid] = 0.0f;
}
// expect-nvcc: error
